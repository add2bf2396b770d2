/**
 * The static search index as pages see it: `window.__SHEAF_SEARCH__`, set by the index script
 * that src/emit/search-index.ts writes (`buildSearchIndex`). Only version 1 is read.
 */
import type { BrowserWindow } from '../shared/browser-window.js';

/** `[route, title, version, language]`; `''` where the page has no version or language. */
export type SearchPage = readonly [route: string, title: string, version: string, language: string];

export interface SearchData {
  readonly version: 1;
  /** The minisearch browser build's site path (`_sheaf/index.js`), relative to the site root. */
  readonly library: string;
  /** The tokenizer the index was built with (the same source runs here). */
  readonly tokenize: (text: string) => string[];
  /** minisearch options (`SEARCH_OPTIONS`); `tokenize` is added when loading. */
  readonly options: { readonly idField: string; readonly fields: readonly string[]; readonly storeFields: readonly string[] };
  readonly pages: readonly SearchPage[];
  /** minisearch's JSON, as a string (parsed on first use). */
  readonly index: string;
}

/** What each indexed record stores: its page number in `pages`, section, anchor and excerpt. */
export interface StoredFields {
  readonly p: number;
  readonly section?: string;
  readonly a?: string;
  readonly x?: string;
}

/** The index of this page, or null when it has not loaded (or is of another version). */
export function searchData(win: BrowserWindow): SearchData | null {
  const data = win.__SHEAF_SEARCH__;
  return data && data.version === 1 ? data : null;
}
