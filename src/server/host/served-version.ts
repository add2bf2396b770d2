import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BundleFile } from '../../model/bundle.js';
import { notFoundRedirectOf } from './not-found-redirect.js';
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
  /** Where a request for a missing page is redirected (docs.json `errors.404.redirect`, read from 404.html); absent: the 404 page. */
  readonly notFoundRedirect?: string;
}

const REDIRECTS = '_redirects';

export async function loadServedVersion(installed: InstalledVersion): Promise<ServedVersion> {
  const files = new Map(installed.manifest.files.map((f) => [f.path, f]));
  const redirects = files.has(REDIRECTS) ? parseRedirects(await readFile(path.join(installed.dir, REDIRECTS), 'utf8')) : [];
  files.delete(REDIRECTS);
  const notFoundRedirect = await notFoundRedirectOf(installed.dir, files.has('404.html'));
  return { version: installed.version, dir: installed.dir, files, redirects, ...(notFoundRedirect !== undefined ? { notFoundRedirect } : {}) };
}
