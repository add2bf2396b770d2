/**
 * The static search index as pages see it: `window.__SHEAF_SEARCH__`, set by the index script
 * that src/emit/search-index.ts writes (`buildSearchIndex`), of the shape in
 * src/model/search-index.ts. Only the version this script was built with is read.
 */
import type { SearchIndexData } from '../../model/search-index.js';
import type { BrowserWindow } from '../shared/browser-window.js';

/** The index of this page, or null when it has not loaded (or is of another version). */
export function searchData(win: BrowserWindow): SearchIndexData | null {
  const data = win.__SHEAF_SEARCH__;
  return data && data.version === 2 ? data : null;
}
