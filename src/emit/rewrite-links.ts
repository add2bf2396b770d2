import { decodeHTMLAttribute, escapeAttribute } from 'entities';
import { routeHref } from '../render/layout/href.js';
import { routeOfUrlPath, routeUrlPath } from '../resolve/route-segments.js';

/** A site-absolute link that points at no page and no file of the site. */
export interface BrokenLink {
  readonly attribute: 'href' | 'src';
  /** The link as the author wrote it (character references decoded). */
  readonly target: string;
}

const LINK = /\b(href|src)="(\/(?!\/)[^"]*)"/g;

/**
 * Makes every site-absolute `href`/`src` (`/quickstart#x`, `/images/a.png`) relative to a page
 * whose folder is `base` below the root. A page route becomes `base + route/`, a file
 * `base + path`, both percent-encoded segment by segment (so a `:` can never turn the relative
 * link into a scheme such as `javascript:`). Values are read as HTML (character references
 * decoded, `/a&#x26;b` is `/a&b`) and as URLs (`/a%26b` is `/a&b` too). Links that match
 * neither a route nor a file are kept (relative) and reported.
 */
export function rewriteLinks(
  html: string,
  base: string,
  routes: ReadonlySet<string>,
  files: ReadonlySet<string>,
): { html: string; broken: BrokenLink[] } {
  const broken: BrokenLink[] = [];
  const out = html.replace(LINK, (_m, attribute: 'href' | 'src', raw: string) => {
    const value = decodeHTMLAttribute(raw);
    const cut = value.search(/[?#]/);
    const rawPath = cut === -1 ? value : value.slice(0, cut);
    const suffix = cut === -1 ? '' : value.slice(cut);
    const decoded = routeOfUrlPath(rawPath);
    // `/a/index`, `/a/index.mdx` and `/a/` all name the page `/a`, as page paths do.
    const route = '/' + decoded.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '').replace(/\/$/, '');
    const link = (url: string) => `${attribute}="${escapeAttribute(url + suffix)}"`;
    if (routes.has(route)) return link(routeHref(base, route));
    if (routes.has(route.toLowerCase())) return link(routeHref(base, route.toLowerCase()));
    const file = decoded.replace(/^\/+/, '');
    if (!files.has(file)) broken.push({ attribute, target: value });
    return link(base + routeUrlPath(file));
  });
  return { html: out, broken };
}
