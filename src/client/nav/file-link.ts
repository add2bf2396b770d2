import type { UrlStyle } from '../../model/url-style.js';
import { trimChars } from '../../text/linear-text.js';
import { pageUrl } from '../shared/page-url.js';
/**
 * Pages link to folders (`guide/`), which a browser opening files from disk shows as a listing:
 * there, links point at the folder's `index.html` instead. Other links (absolute, scheme,
 * protocol-relative, fragment-only, to files) are left as they are.
 */
export function fileLink(href: string, fileProtocol: boolean): string {
  if (!fileProtocol) return href;
  if (!href || /^(?:[a-z][a-z\d+.-]*:|\/\/|#)/i.test(href)) return href;
  const cut = href.search(/[?#]/);
  let path = cut < 0 ? href : href.slice(0, cut);
  if (path === '') return href;
  if (path === '.' || path === '..') path += '/';
  if (path.charAt(path.length - 1) !== '/') return href;
  return `${path}index.html${cut < 0 ? '' : href.slice(cut)}`;
}

/** The page-relative link of a route (`/a/b`) from a page whose relative site root is `base`, in the site's URL style. */
export function routeHref(route: string, base: string, fileProtocol: boolean, style: UrlStyle): string {
  return pageUrl(base, trimChars(route, '/'), '', fileProtocol, style);
}

/** Points every folder link of the document at its index.html when the site is read from files. */
export function fixFileLinks(doc: Document, fileProtocol: boolean): void {
  if (!fileProtocol) return;
  doc.querySelectorAll('a[href]').forEach((link) => {
    const href = link.getAttribute('href') ?? '';
    const fixed = fileLink(href, true);
    if (fixed !== href) link.setAttribute('href', fixed);
  });
}
