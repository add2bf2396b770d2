/** Output file of a route: `/` → `index.html`, `/a/b` → `a/b/index.html`. */
export function htmlPathOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/** Markdown copy of a route: `/` → `index.md`, `/a/b` → `a/b.md`. */
export function markdownPathOf(route: string): string {
  return route === '/' ? 'index.md' : `${route.slice(1)}.md`;
}

/** Relative prefix from a route's folder to the site root: `/` → ``, `/a` → `../`, `/a/b` → `../../`. */
export function baseOf(route: string): string {
  return route === '/' ? '' : '../'.repeat(route.split('/').length - 1);
}

