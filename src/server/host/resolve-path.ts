import { checkEntryPath } from './entry-path.js';
import { matchRedirect } from './redirects.js';
import type { ServedVersion, SiteFile } from './served-version.js';
import type { UrlStyle } from '../../model/url-style.js';
import { trimTrailing } from '../../text/linear-text.js';

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
 * `a/index.html`, else `a.html` (in a bundle of the `html` URL style `a.html` before
 * `a/index.html`: the page `/a` is the file `a.html` there, whatever the folder `a/` holds). In
 * an `html` bundle, `/a/` without `a/index.html` is redirected (308) to `/a` when `a.html` is a
 * page: served at `/a/`, its relative links would miss by one folder.
 */
export function resolvePath(served: ServedVersion, pathname: string, search: string): Resolution {
  const redirect = matchRedirect(served.redirects, pathname, search);
  if (redirect) return { kind: 'redirect', ...redirect };
  const candidates = sitePathCandidates(pathname, served.urlStyle) ?? [];
  for (const candidate of candidates) {
    const file = served.files.get(candidate);
    if (file) return { kind: 'file', file };
  }
  const folder = served.urlStyle === 'html' && pathname.length > 1 && pathname.endsWith('/') ? candidates[0]?.replace(/\/index\.html$/, '') : undefined;
  // One leading slash: `//host/` must never become a location on another host.
  if (folder !== undefined && served.files.has(`${folder}.html`)) return { kind: 'redirect', location: trimTrailing(pathname.replace(/^\/+/, '/'), '/') + search, status: 308 };
  return { kind: 'not-found' };
}

/**
 * The site files a request path may name, in the order a static host tries them (see
 * resolvePath; `style`: the site's URL style): the path decoded segment by segment, refused
 * (undefined) when a segment decodes to a slash, a backslash, NUL or another control character,
 * `.` or `..`, or is not valid percent-encoding. Used by `sheaf host` and `sheaf dev`.
 */
export function sitePathCandidates(pathname: string, style: UrlStyle): string[] | undefined {
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
  if (rel === '') return ['index.html'];
  if (folder) return [`${rel}/index.html`];
  return style === 'html' ? [rel, `${rel}.html`, `${rel}/index.html`] : [rel, `${rel}/index.html`, `${rel}.html`];
}
