import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CODING_SUFFIX, type BundleFile, type ContentCoding } from '../../model/bundle.js';
import { contentTypeOf, isHashedAsset } from '../../model/content-types.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { notFoundRedirectOf } from './not-found-redirect.js';
import { parseRedirects, type RedirectRule } from './redirects.js';
import type { InstalledVersion } from './version-store.js';
import type { UrlStyle } from '../../model/url-style.js';

/** One way a site file can be sent: as it is, or one of its precompressed copies. */
export interface Representation {
  /** Absolute path of the bytes on disk. */
  readonly file: string;
  readonly size: number;
  /** Strong ETag (quoted): the file's SHA-256, with the coding for a compressed copy. */
  readonly etag: string;
  readonly coding?: ContentCoding;
  /** Every header of a 200 answer, as a flat name/value list (computed once, sent as is). */
  readonly ok: readonly string[];
  /** Every header of a 404 answer: on the 404 page's representations only. */
  readonly notFound?: readonly string[];
  /** Every header of a 304 answer. */
  readonly notModified: readonly string[];
}

/** A file the version serves, with its representations. */
export interface SiteFile extends BundleFile {
  readonly identity: Representation;
  readonly br?: Representation;
  readonly gzip?: Representation;
}

/** What the server needs to answer for one version; swapped as a whole when the version changes. */
export interface ServedVersion {
  readonly version: string;
  /** Absolute folder of the unpacked site. */
  readonly dir: string;
  /**
   * The files that may be served, by site path: the manifest's list minus `_redirects` and the
   * precompressed copies (which are sent for their file, never at their own path).
   */
  readonly files: ReadonlyMap<string, SiteFile>;
  readonly redirects: readonly RedirectRule[];
  /** How the bundle lays its pages out (`BundleManifest.urlStyle`; `directory` for older bundles): resolvePath follows it. */
  readonly urlStyle: UrlStyle;
  /** Where a request for a missing page is redirected (docs.json `errors.404.redirect`, read from 404.html); absent: the 404 page. */
  readonly notFoundRedirect?: string;
}

const REDIRECTS = '_redirects';

/** The page sent with status 404 for a path the version does not have. */
export const NOT_FOUND_PAGE = '404.html';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The representation of `file` stored as `stored` (the file itself or a compressed copy, with its
 * own SHA-256 and size), with its headers. Its ETag is the stored bytes' hash: a copy's tag
 * changes when its bytes do, whatever the file's.
 */
function representation(file: BundleFile, type: string, disk: string, stored: BundleFile, coding: ContentCoding | undefined, compressed: boolean): Representation {
  const size = stored.size;
  const etag = `"${stored.sha256.slice(0, 32)}"`;
  const body = ['Content-Type', type, 'Content-Length', String(size), ...(coding ? ['Content-Encoding', coding] : []), ...(compressed ? ['Vary', 'Accept-Encoding'] : [])];
  const caching = ['ETag', etag, 'Cache-Control', isHashedAsset(file.path) ? IMMUTABLE : 'no-cache'];
  return {
    file: disk,
    size,
    etag,
    ...(coding ? { coding } : {}),
    ok: [...body, ...caching, ...(coding ? [] : ['Accept-Ranges', 'bytes']), ...SECURITY_HEADERS],
    ...(file.path === NOT_FOUND_PAGE ? { notFound: [...body, 'Cache-Control', 'no-cache', ...SECURITY_HEADERS] } : {}),
    notModified: [...caching, ...(compressed ? ['Vary', 'Accept-Encoding'] : []), ...SECURITY_HEADERS],
  };
}

/**
 * The served files of an installed version: each manifest file with its headers, and the
 * precompressed copies the manifest lists (`precompressed`) attached to their file.
 */
export function siteFilesOf(installed: InstalledVersion): Map<string, SiteFile> {
  const listed = new Map(installed.manifest.files.map((f) => [f.path, f]));
  const copies = new Set<string>();
  for (const [file, codings] of Object.entries(installed.manifest.precompressed ?? {})) for (const coding of codings) copies.add(file + CODING_SUFFIX[coding]);
  const disk = (sitePath: string) => path.join(installed.dir, ...sitePath.split('/'));
  const files = new Map<string, SiteFile>();
  for (const file of installed.manifest.files) {
    if (copies.has(file.path) || file.path === REDIRECTS) continue;
    const codings = installed.manifest.precompressed?.[file.path] ?? [];
    const compressed = codings.length > 0;
    const type = contentTypeOf(file.path);
    const variant = (coding: ContentCoding) => {
      const copy = listed.get(file.path + CODING_SUFFIX[coding]);
      return codings.includes(coding) && copy ? { [coding]: representation(file, type, disk(copy.path), copy, coding, true) } : {};
    };
    files.set(file.path, { ...file, identity: representation(file, type, disk(file.path), file, undefined, compressed), ...variant('br'), ...variant('gzip') });
  }
  return files;
}

export async function loadServedVersion(installed: InstalledVersion): Promise<ServedVersion> {
  const files = siteFilesOf(installed);
  const hasRedirects = installed.manifest.files.some((f) => f.path === REDIRECTS);
  const redirects = hasRedirects ? parseRedirects(await readFile(path.join(installed.dir, REDIRECTS), 'utf8')) : [];
  const notFoundRedirect = await notFoundRedirectOf(installed.dir, files.has(NOT_FOUND_PAGE));
  return { version: installed.version, dir: installed.dir, files, redirects, urlStyle: installed.manifest.urlStyle ?? 'directory', ...(notFoundRedirect !== undefined ? { notFoundRedirect } : {}) };
}
