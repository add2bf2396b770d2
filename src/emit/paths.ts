import type { UrlStyle } from '../model/url-style.js';

/**
 * Output file of a route in a URL style (UrlStyle): `/` → `index.html` in both; `/a/b` →
 * `a/b/index.html` (`directory`) or `a/b.html` (`html`, where `/a` may be a page too: `a.html`
 * beside the folder `a/`).
 */
export function htmlPathOf(route: string, style: UrlStyle): string {
  if (route === '/') return 'index.html';
  return style === 'html' ? `${route.slice(1)}.html` : `${route.slice(1)}/index.html`;
}

/** Markdown copy of a route, in both URL styles: `/` → `index.md`, `/a/b` → `a/b.md`. */
export function markdownPathOf(route: string): string {
  return route === '/' ? 'index.md' : `${route.slice(1)}.md`;
}

/**
 * Relative prefix from the folder of a route's output file (`htmlPathOf`) to the site root:
 * `directory`: `/` → ``, `/a` → `../`, `/a/b` → `../../`; `html`: `/` and `/a` → ``, `/a/b` → `../`.
 */
export function baseOf(route: string, style: UrlStyle): string {
  if (route === '/') return '';
  const depth = route.split('/').length - 1;
  return '../'.repeat(style === 'html' ? depth - 1 : depth);
}
