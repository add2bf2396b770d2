import { trimTrailing } from '../../text/linear-text.js';
import type { UrlStyle } from '../../model/url-style.js';
import { isExternal, normalizeFilePath, publicRoutePath } from './href.js';

/**
 * The URLs a page's JSON-LD names. With the site's public URL known they are absolute, as search
 * engines want them. Without it they are IRI references relative to the page (`../../#website`,
 * `guides/intro/`), which a JSON-LD reader resolves against the page's address (JSON-LD 1.1, "IRIs"),
 * so they name the same things wherever the site is served; the one exception is the
 * organization's default `@id`, `/#organization`: Mintlify's documented default is
 * `<site origin>/#organization`, and an origin-relative reference is exactly that.
 */
export interface StructuredDataUrls {
  /** The site's root (`https://docs.example.com/`, or `../../`). */
  readonly root: string;
  /** The organization's default `@id`: `<site origin>/#organization`. */
  readonly organizationId: string;
  /**
   * The page of a route (`https://docs.example.com/guides/intro/`; `…/guides/intro` in the `html`
   * URL style), as sitemap.xml and canonical links write it (`publicRoutePath`).
   */
  page(route: string): string;
  /** A project file copied to the site (`images/logo.svg`), or an external URL as written. */
  file(path: string): string;
}

/** `https://host/base/` from a site URL, or undefined when it is no absolute http(s) URL. */
function parseSiteUrl(siteUrl: string | undefined): URL | undefined {
  if (siteUrl === undefined) return undefined;
  try {
    const url = new URL(`${trimTrailing(siteUrl.trim(), '/')}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Each segment of a project file's path percent-encoded, so the URL holds no space or `#`. */
const encodeFilePath = (path: string): string => normalizeFilePath(path).split('/').map(encodeURIComponent).join('/');

/**
 * The URLs of one page's JSON-LD: absolute under `siteUrl` (`--site-url`, or docs.json
 * `seo.metatags.canonical`) when that is an http(s) URL, else relative to the page, whose
 * relative prefix to the site root is `base` (`LayoutInput.base`), in the site's URL style.
 */
export function structuredDataUrls(base: string, siteUrl: string | undefined, style: UrlStyle): StructuredDataUrls {
  const site = parseSiteUrl(siteUrl);
  const external = (path: string): string | undefined => (isExternal(path.trim()) ? path.trim() : undefined);
  if (!site) {
    const root = base || './';
    return {
      root,
      organizationId: '/#organization',
      page: (route) => base + publicRoutePath(route, style) || './',
      file: (path) => external(path) ?? base + encodeFilePath(path),
    };
  }
  const root = `${site.origin}${site.pathname}`;
  return {
    root,
    organizationId: `${site.origin}/#organization`,
    page: (route) => root + publicRoutePath(route, style),
    file: (path) => external(path) ?? root + encodeFilePath(path),
  };
}
