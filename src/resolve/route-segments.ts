/**
 * The segments of a route (`/api-reference/users/list-users`): whether a file system can hold
 * them, and their form in a URL. Routes keep what Mintlify keeps in its slugs (backticks,
 * brackets, `:`, `&`, `%`, `?`, non-ASCII…, reference/mintlify.md §3.4), so they are never
 * written into a link as they are: `routeUrlPath` encodes them.
 */

/** Longest file or folder name most file systems accept, in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;

/** The Markdown copy of a route's last segment is `<segment>.md`: 3 bytes more in its folder. */
const MARKDOWN_SUFFIX_BYTES = 3;

/** A segment a file system cannot hold, and why (a sentence fragment: "is empty"). */
export interface UnwritableSegment {
  readonly segment: string;
  readonly reason: string;
}

/**
 * The first segment of `route` that no file system can hold as a folder (and, for the last one,
 * as `<segment>.md` beside it): empty (`a//b`), `.`, `..`, holding a NUL character, or longer
 * than 255 bytes in UTF-8 (252 for the last segment). Undefined when every segment fits; the
 * root `/` has none.
 */
export function unwritableSegment(route: string): UnwritableSegment | undefined {
  if (route === '/') return undefined;
  const segments = route.replace(/^\//, '').split('/');
  for (const [i, segment] of segments.entries()) {
    const limit = i === segments.length - 1 ? MAX_NAME_BYTES - MARKDOWN_SUFFIX_BYTES : MAX_NAME_BYTES;
    const bytes = Buffer.byteLength(segment, 'utf8');
    if (segment === '') return { segment, reason: 'is empty' };
    if (segment === '.' || segment === '..') return { segment, reason: segment === '.' ? 'names its own folder' : 'names the parent folder' };
    if (segment.includes('\0')) return { segment, reason: 'holds a NUL character' };
    if (bytes > limit) return { segment, reason: `is ${bytes} bytes long in UTF-8; a file name holds at most ${limit} here` };
  }
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A segment as it goes into a URL: percent-encoded as `encodeURIComponent` does, and `! ' ( ) *`
 * too (RFC 3986's strict form), so only `A–Z a–z 0–9 - _ . ~` stay as they are: `?`, `#`, `%`,
 * `:` (a scheme in a relative link's first segment), `&`, quotes, brackets and parentheses (a
 * Markdown link's end) never act as URL, Markdown or markup syntax. Hosts and browsers decode it
 * back to the folder name. A lone surrogate (a summary's `\ud800`) has no UTF-8 form: it is
 * written as U+FFFD, as Node writes it in a file name.
 */
export function encodeRouteSegment(segment: string): string {
  return encodeURIComponent(segment.replace(LONE_SURROGATE, '\uFFFD')).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The URL path of a route (`/a b/c?` → `/a%20b/c%3F`), every segment encoded, slashes kept. */
export function routeUrlPath(route: string): string {
  return route.split('/').map(encodeRouteSegment).join('/');
}

/** The route of a URL path (the inverse of `routeUrlPath`); a malformed escape stays as written. */
export function routeOfUrlPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}
