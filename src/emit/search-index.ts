import { createRequire } from 'node:module';
import path from 'node:path';
import MiniSearch from 'minisearch';
import type { SearchRecord } from '../model/render.js';
import type { SearchIndexData, SearchIndexDocument, SearchIndexOptions, SearchIndexPage } from '../model/search-index.js';
import { routeUrlPath } from '../resolve/route-segments.js';
import { tokenize } from '../search-text/tokenize.js';
import { trimTrailing } from '../text/linear-text.js';

const require = createRequire(import.meta.url);

/** minisearch's browser build (UMD: defines `window.MiniSearch`), loaded by search.js on first use. */
const MINISEARCH_UMD = path.join(path.dirname(require.resolve('minisearch')), '..', 'umd', 'index.js');

/**
 * Files search.js needs besides the index, as absolute paths; emit copies each to
 * `_sheaf/<basename>`. The index script names them (`library`) so search.js can load them.
 */
export const SEARCH_CLIENT_FILES: readonly string[] = [MINISEARCH_UMD];

/** Where emit puts the minisearch build, relative to the site root. */
const LIBRARY_PATH = `_sheaf/${path.basename(MINISEARCH_UMD)}`;

/**
 * Index options shared by the build and the browser (search.js passes them to `loadJSON`, with
 * the same `tokenize` added). Documents: `id` (record number), indexed `title`, `section`, `text`;
 * stored `p` (page number in `pages`), `section`, `a` (anchor) and `x` (excerpt).
 */
export const SEARCH_OPTIONS: SearchIndexOptions = {
  idField: 'id',
  fields: ['title', 'section', 'text'],
  storeFields: ['p', 'section', 'a', 'x'],
};

/** Characters of section text kept as the result excerpt. */
const EXCERPT_CHARS = 160;

/** The first `EXCERPT_CHARS` characters of `text`, cut at a word boundary when there is one nearby. */
export function excerptOf(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= EXCERPT_CHARS) return clean;
  const cut = clean.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${trimTrailing(space > EXCERPT_CHARS * 0.6 ? cut.slice(0, space) : cut, (c) => /[\s,.;:!?-]/.test(c))}…`;
}

/**
 * JSON as a JavaScript literal: U+2028/U+2029 escaped so older engines parse it too, and `<` as
 * `\u003c` so no title (`</script>`…) reads as markup even if the script is ever inlined.
 */
const jsLiteral = (value: unknown): string =>
  JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029').replace(/</g, '\\u003c');

/**
 * The static search index.
 *
 * `script` is the content of the index file pages load with `<script async>` (so search works
 * from `file://` and with no network): it sets `window.__SHEAF_SEARCH__` to a `SearchIndexData`
 * (src/model/search-index.ts): `version`, `library` (the minisearch build's site path),
 * `options`, `pages` as `[path, title, version, language]` (`''` when absent; `path` is the route
 * as a URL path, percent-encoded by `routeUrlPath`, which search.js turns into a link as it is)
 * and `index`, minisearch's JSON *as a string*: parsing a string literal costs almost nothing on
 * page load; search.js deserialises it on first use, with the same tokenizer as here
 * (src/search-text/tokenize.ts, bundled into search.js).
 *
 * `records` is the JSON of the records themselves, every field kept (the assistant retrieves
 * from them). Same records in, same bytes out.
 */
export function buildSearchIndex(records: readonly SearchRecord[]): { script: string; records: string } {
  const pages: SearchIndexPage[] = [];
  const pageNumbers = new Map<string, number>();
  const pageOf = (r: SearchRecord): number => {
    const key = `${r.route}\u0000${r.version ?? ''}\u0000${r.language ?? ''}`;
    let n = pageNumbers.get(key);
    if (n === undefined) {
      n = pages.length;
      pageNumbers.set(key, n);
      pages.push([routeUrlPath(r.route), r.title, r.version ?? '', r.language ?? '']);
    }
    return n;
  };
  const search = new MiniSearch<SearchIndexDocument>({ ...SEARCH_OPTIONS, fields: [...SEARCH_OPTIONS.fields], storeFields: [...SEARCH_OPTIONS.storeFields], tokenize });
  search.addAll(
    records.map((r, id) => ({ id, p: pageOf(r), title: r.title, section: r.section, text: r.text, a: r.anchor, x: excerptOf(r.text) })),
  );
  const data: SearchIndexData = { version: 2, library: LIBRARY_PATH, options: SEARCH_OPTIONS, pages, index: JSON.stringify(search) };
  return { script: `window.__SHEAF_SEARCH__=${jsLiteral(data)};\n`, records: `${JSON.stringify(records)}\n` };
}
