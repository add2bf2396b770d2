/**
 * The query engine over the static index, without the DOM: window.SheafSearch = { query, group }.
 * The index is deserialised on the first query once minisearch's browser build
 * (window.MiniSearch) is there; until then `query` answers null.
 */
import type MiniSearch from 'minisearch';
import type { SearchOptions, SearchResult } from 'minisearch';
import type { SearchIndexData, SearchStoredFields } from '../../model/search-index.js';
import { tokenize } from '../../search-text/tokenize.js';
import type { BrowserWindow } from '../shared/browser-window.js';
import { searchData } from './search-data.js';

/** Hits kept per query, best first. */
export const MAX_HITS = 60;
/** Pages shown at most. */
export const MAX_GROUPS = 10;
/** Hits shown per page at most. */
export const MAX_PER_GROUP = 4;

export interface SearchHit {
  readonly route: string;
  readonly title: string;
  /** Section heading; `''` for the top of the page. */
  readonly section: string;
  readonly anchor: string;
  readonly excerpt: string;
  /** The index terms that matched (for highlighting). */
  readonly terms: readonly string[];
  readonly score: number;
}

export interface SearchGroup {
  readonly route: string;
  readonly title: string;
  readonly hits: SearchHit[];
}

/** Results are limited to the page's version and language; records without one always match. */
export interface SearchFilter {
  readonly version?: string;
  readonly language?: string;
}

export interface SearchEngine {
  /** Hits for `text`, best first, or null while the index or library is not loaded. */
  query(text: string, filter?: SearchFilter | null): SearchHit[] | null;
  group(hits: readonly SearchHit[]): SearchGroup[];
}

/**
 * Hits for `text`, best first. A record with a version (language) other than the filter's is
 * left out. Titles weigh 3, sections 2; words match as prefixes, and words longer than 3
 * characters with typos (a fifth of their length). All words must match; if that finds nothing,
 * any may.
 */
export function queryIndex(index: MiniSearch, data: SearchIndexData, text: string, filter?: SearchFilter | null): SearchHit[] {
  const f = filter || {};
  const keep = (hit: SearchResult): boolean => {
    const page = data.pages[(hit as SearchResult & SearchStoredFields).p];
    if (!page) return false;
    return (!f.version || !page[2] || page[2] === f.version) && (!f.language || !page[3] || page[3] === f.language);
  };
  const options: SearchOptions = {
    boost: { title: 3, section: 2 },
    prefix: true,
    fuzzy: (term: string): number | false => (term.length > 3 ? 0.2 : false),
    combineWith: 'AND',
    filter: keep,
  };
  let hits = index.search(text, options);
  if (!hits.length) hits = index.search(text, { ...options, combineWith: 'OR' });
  return hits.slice(0, MAX_HITS).map((result) => {
    const hit = result as SearchResult & SearchStoredFields;
    const page = data.pages[hit.p] as SearchIndexData['pages'][number];
    return {
      route: page[0],
      title: page[1],
      section: hit.section || '',
      anchor: hit.a || '',
      excerpt: hit.x || '',
      terms: hit.terms || [],
      score: hit.score,
    };
  });
}

/** Hits grouped by page, pages in order of their best hit: at most MAX_GROUPS pages of MAX_PER_GROUP hits. */
export function groupHits(hits: readonly SearchHit[]): SearchGroup[] {
  const groups: SearchGroup[] = [];
  const byRoute = new Map<string, SearchGroup>();
  for (const hit of hits) {
    let g = byRoute.get(hit.route);
    if (!g) {
      if (groups.length >= MAX_GROUPS) continue;
      g = { route: hit.route, title: hit.title, hits: [] };
      byRoute.set(hit.route, g);
      groups.push(g);
    }
    if (g.hits.length < MAX_PER_GROUP) g.hits.push(hit);
  }
  return groups;
}

export function createSearchEngine(win: BrowserWindow): SearchEngine {
  let index: MiniSearch | null = null;
  const load = (): MiniSearch | null => {
    if (index) return index;
    const data = searchData(win);
    const library = win.MiniSearch;
    if (!data || !library) return null;
    index = library.loadJSON(data.index, { ...data.options, fields: [...data.options.fields], storeFields: [...data.options.storeFields], tokenize });
    return index;
  };
  return {
    query(text, filter) {
      const loaded = load();
      const data = searchData(win);
      return loaded && data ? queryIndex(loaded, data, text, filter) : null;
    },
    group: groupHits,
  };
}
