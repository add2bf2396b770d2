import type { UrlStyle } from '../../model/url-style.js';
import { routeUrlPath } from '../../resolve/route-segments.js';
import { isScriptUrl } from '../script-url.js';
import { trimChars, trimTrailing } from '../../text/linear-text.js';

/**
 * Relative URLs. A page at `route` lives in `route/index.html` (`directory` style) or
 * `route.html` (`html` style, see UrlStyle); `base` is the relative prefix from that file's folder
 * to the site root (`''`, `'../'`, `'../../'`…). Every internal URL the layout writes is
 * `base + path`, so the site works under any base path, on any static host and from `file://`.
 */

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** True for URLs that leave the site: a scheme (`https:`, `mailto:`…) or protocol-relative `//`. */
export function isExternal(href: string): boolean {
  return SCHEME.test(href) || href.startsWith('//');
}

/**
 * The link to a route in the site's URL style: `/` is `base || './'` (`directory`) or
 * `base + 'index.html'` (`html`), `/a/b` is `base + 'a/b/'` or `base + 'a/b.html'`, each segment
 * percent-encoded (`/a&b/c?` → `a%26b/c%3F/`): routes keep Mintlify's characters, which must not
 * act as URL syntax (a `?`, a `:` read as a scheme) or markup.
 */
export function routeHref(base: string, route: string, style: UrlStyle): string {
  const path = trimChars(route, '/');
  if (style === 'html') return `${base}${path ? routeUrlPath(path) : 'index'}.html`;
  return path ? `${base}${routeUrlPath(path)}/` : base || './';
}

/**
 * A route's public URL path as canonical links, sitemap.xml and JSON-LD name it, relative to the
 * site root (no leading slash; `''` for `/`), segments percent-encoded as in `routeHref`: the
 * folder `a/b/` in the `directory` style, Mintlify's extensionless `a/b` in the `html` style (a
 * host serves `a/b.html` there, `sheaf host` without any rule).
 */
export function publicRoutePath(route: string, style: UrlStyle): string {
  const path = trimChars(route, '/');
  return path ? `${routeUrlPath(path)}${style === 'html' ? '' : '/'}` : '';
}

/**
 * Mintlify's href for a route: root-absolute, no trailing slash, no base path (`/`, `/en/home`),
 * segments percent-encoded as in `routeHref`. Internal links carry it as `data-href` beside their
 * relative `href` (see `linkAttributes`), so a project's CSS written for Mintlify's links
 * (`a[href="/en/home"]`, rewritten by emit/href-selectors.ts) finds them.
 */
export function mintlifyRouteHref(route: string): string {
  return `/${routeUrlPath(trimChars(route, '/'))}`;
}

/**
 * Mintlify's href for an href written by an author (docs.json navbar, footer, logo, banner): a
 * site path as root-absolute, without a trailing slash, its `?query#fragment` kept
 * (`quickstart/` → `/quickstart`, `/files/a.pdf`); undefined for what `resolveHref` keeps as
 * written (external URLs, `#fragments`, blank) or makes inert (`javascript:`).
 */
export function mintlifyHref(href: string): string | undefined {
  const value = href.trim();
  if (value === '' || isScriptUrl(value) || isExternal(value) || value.startsWith('#')) return undefined;
  const cut = value.search(/[?#]/);
  const path = trimTrailing((cut < 0 ? value : value.slice(0, cut)).replace(/^(\.?\/)+/, ''), '/');
  return `/${path}${cut < 0 ? '' : value.slice(cut)}`;
}

/** The attributes of an internal link: its relative `href` and Mintlify's form as `data-href`. */
export interface LinkAttributes {
  readonly href?: string;
  readonly 'data-href'?: string;
}

/**
 * The attributes of a link to a route (`{ route }`) or to an href written by an author
 * (`{ href }`, through `resolveHref`), in the site's URL style: `href` relative to the page (absent for an inert
 * `javascript:` link), and `data-href` for a link inside the site (absent for external URLs and
 * `#fragments`, whose href is already what Mintlify writes).
 */
export function linkAttributes(base: string, target: { readonly route: string } | { readonly href: string }, style: UrlStyle): LinkAttributes {
  if ('route' in target) return { href: routeHref(base, target.route, style), 'data-href': mintlifyRouteHref(target.route) };
  const href = resolveHref(base, target.href, style);
  const mintlify = href === undefined ? undefined : mintlifyHref(target.href);
  return { ...(href !== undefined ? { href } : {}), ...(mintlify !== undefined ? { 'data-href': mintlify } : {}) };
}

/** A site file by its root-relative path (`logo/light.svg`, `/logo/light.svg`, `./x.png`). */
export function fileHref(base: string, path: string): string {
  return base + normalizeFilePath(path);
}

/** The project-relative form of a path written in docs.json: no leading `/` or `./`. */
export function normalizeFilePath(path: string): string {
  return path.trim().replace(/^(\.?\/)+/, '');
}

/**
 * An href written by an author (docs.json navbar, footer, division `href`): external URLs and
 * `#fragments` stay as written; a site path (`/quickstart?x#y`, `quickstart`) becomes relative,
 * in the site's URL style.
 * A last segment with an extension (`/files/a.pdf`) is a file, anything else a route. A
 * `javascript:` URL (as a browser reads it, see isScriptUrl) gives undefined: the link is
 * rendered without a target, inert (emit reports it as `build/script-url`).
 */
export function resolveHref(base: string, href: string, style: UrlStyle): string | undefined {
  const value = href.trim();
  if (isScriptUrl(value)) return undefined;
  if (value === '' || isExternal(value) || value.startsWith('#')) return value;
  const cut = value.search(/[?#]/);
  const path = cut < 0 ? value : value.slice(0, cut);
  const rest = cut < 0 ? '' : value.slice(cut);
  const last = trimTrailing(path, '/').split('/').pop() ?? '';
  const target = /\.[a-z\d]+$/i.test(last) ? fileHref(base, path) : routeHref(base, `/${path}`, style);
  return target + rest;
}
