import { routeHref } from '../render/layout/href.js';

/** A site-absolute link that points at no page and no file of the site. */
export interface BrokenLink {
  readonly attribute: 'href' | 'src';
  readonly target: string;
}

const LINK = /\b(href|src)="(\/(?!\/)[^"]*)"/g;

/**
 * Makes every site-absolute `href`/`src` (`/quickstart#x`, `/images/a.png`) relative to a page
 * whose folder is `base` below the root. A page route becomes `base + route/`, a file
 * `base + path`. Links that match neither are kept (relative) and reported.
 */
export function rewriteLinks(
  html: string,
  base: string,
  routes: ReadonlySet<string>,
  files: ReadonlySet<string>,
): { html: string; broken: BrokenLink[] } {
  const broken: BrokenLink[] = [];
  const out = html.replace(LINK, (_m, attribute: 'href' | 'src', value: string) => {
    const cut = value.search(/[?#]/);
    const rawPath = cut === -1 ? value : value.slice(0, cut);
    const suffix = cut === -1 ? '' : value.slice(cut);
    let decoded = rawPath;
    try {
      decoded = decodeURI(rawPath);
    } catch {
      // Keep the raw path: a malformed escape is the author's, and is reported below.
    }
    // `/a/index`, `/a/index.mdx` and `/a/` all name the page `/a`, as page paths do.
    const route = '/' + decoded.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '').replace(/\/$/, '');
    if (routes.has(route)) return `${attribute}="${routeHref(base, route)}${suffix}"`;
    const file = decoded.replace(/^\/+/, '');
    if (!files.has(file) && !routes.has(route.toLowerCase())) broken.push({ attribute, target: value });
    if (routes.has(route.toLowerCase())) return `${attribute}="${routeHref(base, route.toLowerCase())}${suffix}"`;
    return `${attribute}="${base}${rawPath.replace(/^\/+/, '')}${suffix}"`;
  });
  return { html: out, broken };
}
