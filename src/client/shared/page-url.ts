import type { UrlStyle } from '../../model/url-style.js';
import { trimChars } from '../../text/linear-text.js';
/**
 * The link of a site page from another page: `base` is `<html data-base>` (the relative site
 * root, ending in `/`, or empty at the root), `path` the page route without slashes at either end.
 * In the `directory` URL style a folder URL (`guide/`), plus `index.html` when the site is read
 * from files (a browser shows folders as listings there); in the `html` style the page's file
 * (`guide.html`, `index.html` for the root); plus `#anchor` percent-encoded. Search results, the
 * assistant's citations and sidebar fragments link alike.
 */
export function pageUrl(base: string, path: string, anchor: string, fileProtocol: boolean, style: UrlStyle): string {
  let url: string;
  if (style === 'html') url = `${base}${path || 'index'}.html`;
  else {
    url = path ? `${base}${path}/` : base || './';
    if (fileProtocol) url += 'index.html';
  }
  return anchor ? `${url}#${encodeURIComponent(anchor)}` : url;
}

/** The URL style of the page's site: `<html data-url-style="html">`, else `directory`. */
export function urlStyleOf(root: Element): UrlStyle {
  return root.getAttribute('data-url-style') === 'html' ? 'html' : 'directory';
}

/** A route (`/a/b/`) without its leading and trailing slashes. */
export function trimSlashes(route: string): string {
  return trimChars(route, '/');
}
