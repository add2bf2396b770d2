import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BundleFile } from '../../model/bundle.js';
import { parseRedirects, type RedirectRule } from './redirects.js';
import type { InstalledVersion } from './version-store.js';

/** What the server needs to answer for one version; swapped as a whole when the version changes. */
export interface ServedVersion {
  readonly version: string;
  /** Absolute folder of the unpacked site. */
  readonly dir: string;
  /** The files that may be served, by site path: exactly the manifest's list minus `_redirects`. */
  readonly files: ReadonlyMap<string, BundleFile>;
  readonly redirects: readonly RedirectRule[];
}

const REDIRECTS = '_redirects';

export async function loadServedVersion(installed: InstalledVersion): Promise<ServedVersion> {
  const files = new Map(installed.manifest.files.map((f) => [f.path, f]));
  const redirects = files.has(REDIRECTS) ? parseRedirects(await readFile(path.join(installed.dir, REDIRECTS), 'utf8')) : [];
  files.delete(REDIRECTS);
  return { version: installed.version, dir: installed.dir, files, redirects };
}
