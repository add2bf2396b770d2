/** Route of an MDX page path: `/guides/intro`; `index` is `/`, `foo/index` is `/foo`. */
export function pageRoute(pagePath: string): string {
  const trimmed = pagePath.replace(/(^|\/)index$/, '').replace(/\/$/, '');
  return '/' + trimmed;
}
