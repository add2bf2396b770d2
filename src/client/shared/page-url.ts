import { trimChars } from '../../text/linear-text.js';
/**
 * The link of a site page from another page: `base` is `<html data-base>` (the relative site
 * root, ending in `/`, or empty at the root), `path` the page route without slashes at either end.
 * A folder URL (`guide/`), plus `index.html` when the site is read from files (a browser shows
 * folders as listings there), plus `#anchor` percent-encoded. Search results and the assistant's
 * citations link alike.
 */
export function pageUrl(base: string, path: string, anchor: string, fileProtocol: boolean): string {
  let url = path ? `${base}${path}/` : base || './';
  if (fileProtocol) url += 'index.html';
  return anchor ? `${url}#${encodeURIComponent(anchor)}` : url;
}

/** A route (`/a/b/`) without its leading and trailing slashes. */
export function trimSlashes(route: string): string {
  return trimChars(route, '/');
}
