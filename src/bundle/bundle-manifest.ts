import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BUNDLE_FORMAT_VERSION, CODING_SUFFIX, type BundleFile, type BundleManifest, type Deployment, type DeploymentFeatures, type Precompressed } from '../model/bundle.js';
import type { Site } from '../model/site.js';
import type { UrlStyle } from '../model/url-style.js';
import { OUTPUT_MARKER } from '../emit/write-site.js';
import { SHEAF_VERSION } from '../version.js';

/** Where the manifest sits in the bundle; a site file there would be overwritten. */
export const MANIFEST_PATH = 'manifest.json';

/** Byte order of UTF-8 paths: the same on every machine and locale. */
export const comparePaths = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** SHA-256 (hex) and size (bytes) of a file, read as a stream. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Every regular file of a built site with its SHA-256 and size, sorted by path; Sheaf's output
 * marker is not part of the site and is left out.
 */
export async function listSiteFiles(siteDir: string): Promise<BundleFile[]> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const files: BundleFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(siteDir, full).split(path.sep).join('/');
    if (rel === OUTPUT_MARKER) continue;
    files.push({ path: rel, ...(await hashFile(full)) });
  }
  return files.sort((a, b) => comparePaths(a.path, b.path));
}

/** Hex SHA-256 over the sorted `path\0sha256\n` lines of `files` (the manifest's `contentHash`). */
export function contentHashOf(files: readonly BundleFile[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => comparePaths(a.path, b.path))) hash.update(`${f.path}\0${f.sha256}\n`);
  return hash.digest('hex');
}

export interface ManifestInput {
  readonly site: Site;
  readonly files: readonly BundleFile[];
  readonly deployment: Deployment;
  readonly features: DeploymentFeatures;
  /** How the pages are laid out (`BundleManifest.urlStyle`). */
  readonly urlStyle: UrlStyle;
  /** Export version; the first 12 hex digits of the content hash when absent. */
  readonly version?: string;
  /** The precompressed copies among `files` (see `precompressSite`). */
  readonly precompressed?: Precompressed;
}

/** The bundle's `manifest.json` contents: plain data, no time or machine in it. */
export function createManifest(input: ManifestInput): BundleManifest {
  // The site's own files: the precompressed copies depend on the compressor's version too, and the
  // default export version (from this hash) should change only with the site.
  const copies = new Set(Object.entries(input.precompressed ?? {}).flatMap(([file, codings]) => codings.map((c) => file + CODING_SUFFIX[c])));
  const contentHash = contentHashOf(input.files.filter((f) => !copies.has(f.path)));
  return {
    formatVersion: BUNDLE_FORMAT_VERSION,
    sheafVersion: SHEAF_VERSION,
    version: input.version ?? contentHash.slice(0, 12),
    contentHash,
    deployment: input.deployment,
    features: input.features,
    urlStyle: input.urlStyle,
    name: input.site.name,
    pageCount: input.site.pages.length,
    pages: input.site.pages,
    files: [...input.files].sort((a, b) => comparePaths(a.path, b.path)),
    ...(input.precompressed ? { precompressed: Object.fromEntries(Object.entries(input.precompressed).sort(([a], [b]) => comparePaths(a, b))) } : {}),
  };
}
