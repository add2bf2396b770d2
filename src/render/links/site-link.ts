import { routeOfUrlPath, routeUrlPath } from '../../resolve/route-segments.js';
import { routeHref } from '../layout/href.js';
import { isExternal } from '../layout/href.js';

/** What a link of a page body may point at: the site's routes and the files written beside them. */
export interface LinkTargets {
  /** Every page route (`/`, `/quickstart`, `/api/get-user`). */
  readonly routes: ReadonlySet<string>;
  /** Root-relative paths of files in the site (`images/a.png`) and redirect sources (`old/path`). */
  readonly files: ReadonlySet<string>;
}

/** Where a body is written and whose links it holds. */
export interface LinkPlace {
  /**
   * The route of the page whose links these are: relative links resolve against its URL as
   * Mintlify serves it (`/a/b`, no trailing slash), whichever file the HTML goes to.
   */
  readonly route: string;
  /** Relative prefix from the written file's folder to the site root (`''`, `'../'`…). */
  readonly base: string;
}

/** A link resolved for the written page. */
export interface SiteLink {
  /** The URL to write (relative to the written file), with the author's `?query#fragment`. */
  readonly url: string;
  /**
   * Set when the target is no page and no file of the site: the site path it names, decoded,
   * without the leading slash (`images/missing.png`, `telephony/nope`), as the link checker
   * (src/emit/link-check.ts) computes it from the written URL.
   */
  readonly missing?: string;
}

/** Any origin: only the path of the resolved URL is used. */
const ORIGIN = 'https://sheaf.invalid';

/**
 * Resolves one link of a page body (`href`, `src`, a `srcset` URL…) as the author wrote it.
 *
 * - External URLs (a scheme, `//host`), `#fragment`, `?query` and empty values: undefined (kept
 *   as written).
 * - Site-absolute (`/quickstart#x`, `/images/a.png`): a page route becomes `base + route/`, a file
 *   `base + path`, each segment percent-encoded (so a `:` can never turn the relative link into a
 *   scheme such as `javascript:`). `/a/index`, `/a/index.mdx`, `/a.md` and `/a/` name the page
 *   `/a`, as page paths do; a route differing only in letter case matches it.
 * - Relative (`./x`, `../images/a.png`, `deploy/ci`): resolved as a browser resolves it against
 *   the page's URL as Mintlify serves it, which has no trailing slash (`./x` on `/a/b` is
 *   `/a/x`), then as site-absolute. This holds inside snippets too: a snippet's links are the
 *   page's links once it is inlined. The issue 11 amendment (AMENDMENTS.md, "Relative links")
 *   sets this rule; it stands over the research note's reading of Mintlify's remark plugin
 *   (resolve against the source file's folder), which differs only for `foo/index.mdx`, where
 *   `./x` is `/x` here and `/foo/x` there.
 *
 * A target that matches neither a route nor a file keeps its place (`base + path`) and comes
 * back with `missing`, for the caller to report.
 */
export function resolveSiteLink(written: string, place: LinkPlace, targets: LinkTargets): SiteLink | undefined {
  // Browsers strip leading and trailing ASCII whitespace from URL attributes.
  const value = written.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  if (value === '' || value.startsWith('#') || value.startsWith('?') || isExternal(value)) return undefined;
  const cut = value.search(/[?#]/);
  const rawPath = cut === -1 ? value : value.slice(0, cut);
  const suffix = cut === -1 ? '' : value.slice(cut);
  const absolute = rawPath.startsWith('/') ? rawPath : new URL(rawPath, ORIGIN + routeUrlPath(place.route)).pathname;
  const decoded = routeOfUrlPath(absolute);
  const route = '/' + decoded.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '').replace(/\/$/, '');
  if (targets.routes.has(route)) return { url: routeHref(place.base, route) + suffix };
  if (targets.routes.has(route.toLowerCase())) return { url: routeHref(place.base, route.toLowerCase()) + suffix };
  const file = decoded.replace(/^\/+/, '');
  const url = place.base + routeUrlPath(file) + suffix;
  return targets.files.has(file) ? { url } : { url, missing: file };
}
