/**
 * The static search index as the build writes it and pages read it: the emitter
 * (src/emit/search-index.ts) builds a `SearchIndexData` and writes it as
 * `window.__SHEAF_SEARCH__ = …` into `_sheaf/search-index.js`; the page's search script
 * (src/client/search/) reads that global. Both sides split text with src/search-text/tokenize.ts,
 * which the page's script bundles (it is not part of the data).
 */

/** The format's version, bumped on any change of shape: a page reads only its own. 2: no `tokenize` source in the data. */
export type SearchIndexVersion = 2;

/** One page: `[path, title, version, language]`; `''` where the page has no version or language. */
export type SearchIndexPage = readonly [path: string, title: string, version: string, language: string];

/** minisearch options (the tokenizer apart, which both sides import). */
export interface SearchIndexOptions {
  /** The document key: the record's number. */
  readonly idField: 'id';
  /** Indexed fields of a document. */
  readonly fields: readonly ('title' | 'section' | 'text')[];
  /** Fields kept with a document for its result (`SearchStoredFields`). */
  readonly storeFields: readonly (keyof SearchStoredFields)[];
}

/** What each indexed document stores: its page number in `pages`, section, anchor and excerpt. */
export interface SearchStoredFields {
  readonly p: number;
  readonly section?: string;
  readonly a?: string;
  readonly x?: string;
}

/** One indexed document (a section of a page): the indexed fields and the stored ones. */
export interface SearchIndexDocument extends SearchStoredFields {
  readonly id: number;
  readonly title: string;
  readonly section: string;
  readonly text: string;
}

/** `window.__SHEAF_SEARCH__`. */
export interface SearchIndexData {
  readonly version: SearchIndexVersion;
  /** minisearch's browser build, relative to the site root (`_sheaf/index.js`), loaded on first use. */
  readonly library: string;
  readonly options: SearchIndexOptions;
  /** Pages by number; `path` is the route as a percent-encoded URL path (`/a/b`). */
  readonly pages: readonly SearchIndexPage[];
  /** minisearch's JSON, as a string: parsing a string literal costs almost nothing on page load. */
  readonly index: string;
}
