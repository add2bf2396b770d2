import { createRequire } from 'node:module';
import path from 'node:path';
import SearchableMap from 'minisearch/SearchableMap';
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
  const documents = records.map((r, id): SearchIndexDocument => ({ id, p: pageOf(r), title: r.title, section: r.section, text: r.text, a: r.anchor, x: excerptOf(r.text) }));
  const data: SearchIndexData = { version: 2, library: LIBRARY_PATH, options: SEARCH_OPTIONS, pages, index: indexJson(documents) };
  return { script: `window.__SHEAF_SEARCH__=${jsLiteral(data)};\n`, records: `${JSON.stringify(records)}\n` };
}

/**
 * The JSON of minisearch's serialized index (`AsPlainObject`: what `JSON.stringify` of a
 * MiniSearch gives through its `toJSON`) of `documents`, as `new MiniSearch(options).addAll(documents)` makes it
 * with Sheaf's options (SEARCH_OPTIONS, `tokenize`, minisearch's default lower-casing), counted in
 * plain maps: `addAll` looks every term up in its radix tree (mintlify__docs: 8,161 sections,
 * 866,000 terms). The terms go out in the order of minisearch's own `SearchableMap` holding the
 * distinct terms inserted as `addAll` first met them — the order `toJSON` walks — so the index
 * written is the same (test/emit/search-index.test.ts compares them).
 */
function indexJson(documents: readonly SearchIndexDocument[]): string {
  const fields = SEARCH_OPTIONS.fields;
  // By term, by field: the documents holding it and how often, flat (`[document, count, …]`, ascending documents).
  const terms = new Map<string, (number[] | undefined)[]>();
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  const storedFields: Record<number, Record<string, unknown>> = {};
  const averageFieldLength: number[] = [];
  documents.forEach((document, shortId) => {
    const values = document as unknown as Record<string, unknown>;
    documentIds[shortId] = document.id;
    const stored: Record<string, unknown> = {};
    for (const name of SEARCH_OPTIONS.storeFields) if (values[name] !== undefined) stored[name] = values[name];
    storedFields[shortId] = stored;
    const lengths: number[] = [];
    fieldLength[shortId] = lengths;
    fields.forEach((field, fieldId) => {
      const value = values[field];
      if (value === undefined || value === null) return;
      const tokens = tokenize(String(value));
      const length = new Set(tokens).size;
      lengths[fieldId] = length;
      // minisearch's running mean, step by step: the same floating-point figures.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] ?? 0) * shortId + length) / (shortId + 1);
      for (const token of tokens) {
        const term = token.toLowerCase();
        if (!term) continue;
        let data = terms.get(term);
        if (!data) terms.set(term, (data = []));
        const counts = (data[fieldId] ??= []);
        if (counts[counts.length - 2] === shortId) (counts[counts.length - 1] as number) += 1;
        else counts.push(shortId, 1);
      }
    });
  });
  const tree = new SearchableMap<true>();
  for (const term of terms.keys()) tree.set(term, true);
  // Written as JSON.stringify writes toJSON's object: integer keys ascending (fields by number,
  // documents in the order they came).
  const index: string[] = [];
  for (const term of tree.keys()) {
    const data = terms.get(term) as (number[] | undefined)[];
    const parts: string[] = [];
    data.forEach((counts, fieldId) => {
      if (!counts) return;
      const pairs: string[] = [];
      for (let k = 0; k < counts.length; k += 2) pairs.push(`"${counts[k]}":${counts[k + 1]}`);
      parts.push(`"${fieldId}":{${pairs.join(',')}}`);
    });
    index.push(`[${JSON.stringify(term)},{${parts.join(',')}}]`);
  }
  const head = JSON.stringify({
    documentCount: documents.length,
    nextId: documents.length,
    documentIds,
    fieldIds: Object.fromEntries(fields.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength,
    storedFields,
    dirtCount: 0,
  });
  return `${head.slice(0, -1)},"index":[${index.join(',')}],"serializationVersion":2}`;
}
