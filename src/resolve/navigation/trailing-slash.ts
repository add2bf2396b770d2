/**
 * Interface rule 3 (trailing slash), as navigation reads it: a trailing slash never makes an
 * entry miss. A page entry `guides/` names `guides` or `guides/index`; an operation entry
 * `GET /users/` names the document's `/users` (and `GET /users` names `/users/`) through
 * `findOperation` (src/openapi/match.ts), which frontmatter references share.
 */

/**
 * The project page paths (extension-less, as keyed in the page map) a navigation entry may name,
 * in the order they are tried: as written without a leading `./` or `/`, without a trailing
 * slash, then as the folder's `index` page.
 */
export function pagePathForms(entry: string): readonly [string, string, string] {
  const p = entry.trim().replace(/^\.?\/+/, '');
  return [p, p.replace(/\/$/, ''), p.replace(/\/?$/, '/index')];
}
