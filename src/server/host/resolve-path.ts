import { checkEntryPath } from './entry-path.js';
import { matchRedirect } from './redirects.js';
import type { ServedVersion, SiteFile } from './served-version.js';

export type Resolution =
  | { readonly kind: 'file'; readonly file: SiteFile }
  | { readonly kind: 'redirect'; readonly location: string; readonly status: number }
  | { readonly kind: 'not-found' };

/**
 * Maps a request path to what the version serves. Redirect rules come first (as on Cloudflare
 * Pages: a rule wins over a file of the same path). Then the path is decoded segment by segment;
 * a segment that decodes to a slash, a backslash, NUL or another control character, `.` or `..`,
 * or that is not valid percent-encoding, is not found. Only paths listed in the manifest can be
 * served, so nothing outside the version folder (nor any folder listing) is reachable:
 * `/` and `/a/` serve `index.html` and `a/index.html`; `/a` serves the file `a`, else
 * `a/index.html`, else `a.html`.
 */
export function resolvePath(served: ServedVersion, pathname: string, search: string): Resolution {
  const redirect = matchRedirect(served.redirects, pathname, search);
  if (redirect) return { kind: 'redirect', ...redirect };
  for (const candidate of sitePathCandidates(pathname) ?? []) {
    const file = served.files.get(candidate);
    if (file) return { kind: 'file', file };
  }
  return { kind: 'not-found' };
}

/**
 * The site files a request path may name, in the order a static host tries them (see
 * resolvePath): the path decoded segment by segment, refused (undefined) when a segment decodes
 * to a slash, a backslash, NUL or another control character, `.` or `..`, or is not valid
 * percent-encoding. Used by `sheaf host` and `sheaf dev`.
 */
export function sitePathCandidates(pathname: string): string[] | undefined {
  const raw = pathname.replace(/^\/+/, '');
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    try {
      segments.push(decodeURIComponent(part));
    } catch {
      return undefined;
    }
  }
  const folder = segments.at(-1) === '';
  if (folder) segments.pop();
  const rel = segments.join('/');
  if (rel !== '') {
    // Decoded `%2f` would add a segment here, and `..`/`\`/NUL fail the entry-path rule.
    const check = checkEntryPath(rel);
    if (!check.ok || check.path !== rel || rel.split('/').length !== segments.length) return undefined;
  }
  return rel === '' ? ['index.html'] : folder ? [`${rel}/index.html`] : [rel, `${rel}/index.html`, `${rel}.html`];
}
