import type { UrlStyle } from '../../model/url-style.js';
import { routeOfUrlPath, routeUrlPath } from '../../resolve/route-segments.js';
import { isExternal, routeHref } from '../layout/href.js';
import { trimChars, trimTrailing } from '../../text/linear-text.js';

/** What a link of a page body may point at: the site's routes and the files written beside them. */
export interface LinkTargets {
  /** Every page route (`/`, `/quickstart`, `/api/get-user`). */
  readonly routes: ReadonlySet<string>;
  /** Root-relative paths of files in the site (`images/a.png`) and redirect sources (`old/path`). */
  readonly files: ReadonlySet<string>;
  /**
   * The redirect sources among `files` that have a redirect page (`old/path`), written where a
   * page of that route would be (`htmlPathOf`): in the `html` URL style a link to one names that
   * file (`old/path.html`), as links to pages do.
   */
  readonly redirects: ReadonlySet<string>;
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
  /** How the site links its pages (`a/b/` or `a/b.html`, see UrlStyle). */
  readonly style: UrlStyle;
}

/** A link resolved for the written page. */
export interface SiteLink {
  /** The URL to write (relative to the written file), with the author's `?query#fragment`. */
  readonly url: string;
  /** The page route the link names, when it names a page (`url` is then its file or folder, plus the author's suffix). */
  readonly route?: string;
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
 * - Site-absolute (`/quickstart#x`, `/images/a.png`): a page route becomes `base + route/` (or
 *   `base + route.html`, in the place's URL style), a file
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
  const parts = siteLinkParts(written, place.route);
  if (!parts) return undefined;
  const target = siteTargetOf(parts.decoded, targets);
  if ('route' in target) return { url: routeHref(place.base, target.route, place.style) + parts.suffix, route: target.route };
  const page = place.style === 'html' && targets.redirects.has(target.file) ? '.html' : '';
  const url = place.base + routeUrlPath(target.file) + page + parts.suffix;
  return target.exists ? { url } : { url, missing: target.file };
}

/**
 * A link to write root-absolute, in files whose links keep the author's site paths (the
 * Markdown copies, llms-full.txt, `_redirects`): the page's URL path as Mintlify serves it
 * (`/cli`, `/`, no trailing slash) or the file's (`/images/a.png`), with the author's
 * `?query#fragment`. Undefined when the link stays as written: external, fragment-only and empty
 * links, and a link that already names its target exactly (`/cli`, `/cli/`, a file as it is).
 * Rewritten are the page paths Mintlify reads as the page but a static host does not serve:
 * `/cli/index`, `/cli/index.mdx`, `/cli.md`, `/CLI` (see resolveSiteLink). With `absolute`,
 * a relative link is rewritten too (resolved against `route`'s URL), for a file read from
 * another folder than the page's own (llms-full.txt at the site root). A target that is no page
 * and no file keeps its place, with `missing` set (and is rewritten only when `absolute`).
 */
export function rootSiteLink(written: string, route: string, targets: LinkTargets, absolute = false): SiteLink | undefined {
  const parts = siteLinkParts(written, route);
  if (!parts) return undefined;
  const target = siteTargetOf(parts.decoded, targets);
  const missing = !('route' in target) && !target.exists ? { missing: target.file } : {};
  const exact = 'route' in target ? trimTrailing(parts.decoded, '/') === trimTrailing(target.route, '/') : true;
  if (exact && !(absolute && parts.relative)) return undefined;
  const path = 'route' in target ? routeUrlPath(target.route) : routeUrlPath(`/${target.file}`);
  return { url: (path || '/') + parts.suffix, ...missing };
}

/** A written link split for resolving: its site path (absolute, decoded) and its `?query#fragment`. */
interface SiteLinkParts {
  /** The site path it names, decoded (`/a/b c`), resolved against the page URL when relative. */
  readonly decoded: string;
  /** The author's `?query#fragment`, as written; `''` for none. */
  readonly suffix: string;
  /** True when written relative (`./x`, `../x`, `x`). */
  readonly relative: boolean;
}

function siteLinkParts(written: string, route: string): SiteLinkParts | undefined {
  // Browsers strip leading and trailing ASCII whitespace from URL attributes.
  const value = trimChars(written, '\t\n\f\r ');
  if (value === '' || value.startsWith('#') || value.startsWith('?') || isExternal(value)) return undefined;
  const cut = value.search(/[?#]/);
  const rawPath = cut === -1 ? value : value.slice(0, cut);
  const suffix = cut === -1 ? '' : value.slice(cut);
  const relative = !rawPath.startsWith('/');
  const absolute = relative ? new URL(rawPath, ORIGIN + routeUrlPath(route)).pathname : rawPath;
  return { decoded: routeOfUrlPath(absolute), suffix, relative };
}

/**
 * The page or file a decoded site path names: a page route when its path, less a trailing
 * `/`, `.md`/`.mdx` or `/index`, is one (as page paths are read; a route differing only in
 * letter case matches too), else the file of that path (no leading slash), `exists` when the
 * site holds it.
 */
function siteTargetOf(decoded: string, targets: LinkTargets): { route: string } | { file: string; exists: boolean } {
  const route = '/' + trimChars(decoded, '/').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '').replace(/\/$/, '');
  if (targets.routes.has(route)) return { route };
  if (targets.routes.has(route.toLowerCase())) return { route: route.toLowerCase() };
  const file = decoded.replace(/^\/+/, '');
  return { file, exists: targets.files.has(file) };
}
