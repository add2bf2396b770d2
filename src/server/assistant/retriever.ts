import { readFile } from 'node:fs/promises';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchRecord } from '../../model/render.js';
import { routeOfUrlPath, routeUrlPath } from '../../resolve/route-segments.js';
import { tokenize } from '../../search-text/tokenize.js';
import { createFileCache } from './file-cache.js';
import type { SearchHit } from './answer-provider.js';
import { isContentWord, stemOf, wordsOf } from './query-terms.js';
import { cutAt, trimTrailing } from '../../text/linear-text.js';

export interface RetrievalQuery {
  readonly question: string;
  /** Code or selected text the user pointed at; their words join the query. */
  readonly context: readonly { readonly value: string; readonly path?: string | undefined }[];
  /** The page the user is on (route, URL or path under a base path); that page ranks higher. */
  readonly currentPath?: string | undefined;
  /** Only records of this version / language, plus records that have none (shared pages). */
  readonly filter?: { readonly version?: string | undefined; readonly language?: string | undefined } | null | undefined;
  readonly pageSize: number;
}

export interface Retrieval {
  /** The query as searched: the question, then the context values (shortened). */
  readonly query: string;
  readonly hits: SearchHit[];
}

/** A query of the search API (`POST /discovery/v1/search/{domain}`). */
export interface SearchQuery {
  readonly query: string;
  readonly pageSize: number;
  /** Least normalized score (0–1, see `scoredResults`) of a result returned. */
  readonly scoreThreshold?: number | undefined;
  /** Version and language as in `RetrievalQuery`; `tag`: only records of pages with this tag. */
  readonly filter?: { readonly version?: string | undefined; readonly language?: string | undefined; readonly tag?: string | undefined } | undefined;
}

/** A search API result: a hit whose metadata holds its normalized score. */
export interface ScoredHit extends SearchHit {
  readonly metadata: SearchHit['metadata'] & { readonly score: number };
}

export interface Retriever {
  /** Searches the records in `file` (a `search-records.json`); rejects if it cannot be read or parsed. */
  retrieve(file: string, query: RetrievalQuery): Promise<Retrieval>;
  /** The search API's results over the records in `file`, best first; rejects as `retrieve` does. */
  search(file: string, query: SearchQuery): Promise<ScoredHit[]>;
}

/** Characters of one passage's content in a hit at most. */
const HIT_CHARS = 4000;
/** Characters of one context value added to the query at most. */
const CONTEXT_CHARS = 300;
/** Distinct terms searched at most (long code context would otherwise make every query slow). */
const MAX_TERMS = 48;
/** Score factors for the page the user is on, and for pages named by a context's `path`. */
const CURRENT_PAGE_BOOST = 2;
const CONTEXT_PAGE_BOOST = 1.5;

interface LoadedIndex {
  readonly records: readonly SearchRecord[];
  readonly search: MiniSearch;
  readonly routes: ReadonlySet<string>;
}

/**
 * Retrieval over a site's search records (the same records the site search indexes). Parsed
 * indexes are cached per file path and invalidated when the file's mtime or size changes; at most
 * `maxCached` files stay cached (oldest dropped first).
 */
export function createRetriever(options: { readonly maxCached?: number } = {}): Retriever {
  const indexOf = createFileCache(loadIndex, options.maxCached ?? 16);
  return {
    async retrieve(file, query) {
      return retrieval(await indexOf(file), query);
    },
    async search(file, query) {
      return scoredResults(await indexOf(file), query);
    },
  };
}

async function loadIndex(file: string): Promise<LoadedIndex> {
  const records = JSON.parse(await readFile(file, 'utf8')) as SearchRecord[];
  if (!Array.isArray(records)) throw new Error(`${file} is not a JSON array of search records`);
  // The site search's tokenizer, so the assistant splits text as the search does.
  const search = new MiniSearch({ idField: 'i', fields: ['title', 'section', 'text'], tokenize });
  search.addAll(records.map((r, i) => ({ i, title: r.title, section: r.section, text: r.text })));
  return { records, search, routes: new Set(records.map((r) => r.route)) };
}

function retrieval(index: LoadedIndex, query: RetrievalQuery): Retrieval {
  const contextText = query.context.map((c) => c.value.replace(/\s+/g, ' ').trim().slice(0, CONTEXT_CHARS)).filter(Boolean);
  const text = [query.question.trim(), ...contextText].join(' ');
  const terms = queryTermsOf(text);
  if (terms.length === 0) return { query: text, hits: [] };
  const current = query.currentPath === undefined ? undefined : routeIn(index.routes, query.currentPath);
  const contextRoutes = new Set(query.context.flatMap((c) => (c.path === undefined ? [] : [routeIn(index.routes, c.path)])).filter((r) => r !== undefined));
  // The assistant's filter has no tag (a loose body may carry one: it is ignored).
  const results = ranked(index, terms, { version: query.filter?.version, language: query.filter?.language }, (id: number) => {
    const route = index.records[id]?.route;
    return route === current ? CURRENT_PAGE_BOOST : route !== undefined && contextRoutes.has(route) ? CONTEXT_PAGE_BOOST : 1;
  });
  const hits = results.slice(0, query.pageSize).flatMap((result) => {
    const r = index.records[result.id as number];
    return r ? [hitOf(r)] : [];
  });
  return { query: text, hits };
}

/** Distinct stems of the content words of `text`, at most MAX_TERMS. */
const queryTermsOf = (text: string): string[] => [...new Set(wordsOf(text).filter(isContentWord).map(stemOf))].slice(0, MAX_TERMS);

/** Digits a normalized score is rounded to. */
const SCORE_DIGITS = 4;

/**
 * The search API's results. Each result's score is normalized to 0–1 as
 * `(query terms it matches ÷ query terms) × (its BM25 score ÷ the best result's BM25 score)`,
 * rounded to four decimals: 1 is the best match holding every term of the query; a result
 * matching half the terms, or half as relevant as the best, scores 0.5 at most. Query terms are
 * the distinct stems of the query's content words (stopwords left out), as the index splits them;
 * a term matches by prefix or, from five letters, with one typo in five. The best result is taken
 * among the records the filter keeps. Results go best first (by normalized score, then BM25
 * score); those under `scoreThreshold` are left out, then the first `pageSize` are returned.
 */
function scoredResults(index: LoadedIndex, query: SearchQuery): ScoredHit[] {
  const terms = queryTermsOf(query.query);
  if (terms.length === 0) return [];
  // Counted as minisearch splits the query (`foo-bar` is two terms there).
  const termCount = new Set(tokenize(terms.join(' ')).map((t) => t.toLowerCase())).size;
  const results = ranked(index, terms, query.filter ?? {});
  const best = results[0]?.score ?? 0;
  const factor = 10 ** SCORE_DIGITS;
  const scored = results.map((result, rank) => ({
    result,
    rank,
    score: Math.round((Math.min(1, new Set(result.queryTerms).size / termCount) * (result.score / best)) * factor) / factor,
  }));
  scored.sort((a, b) => b.score - a.score || a.rank - b.rank);
  const threshold = query.scoreThreshold ?? 0;
  return scored
    .filter((s) => s.score >= threshold)
    .slice(0, query.pageSize)
    .flatMap(({ result, score }) => {
      const r = index.records[result.id as number];
      if (!r) return [];
      const hit = hitOf(r);
      return [{ ...hit, metadata: { ...hit.metadata, score } }];
    });
}

/**
 * The records matching any of `terms`, best first. A version or language filter keeps the records
 * of that version or language and those without one (pages shared by every version); a tag filter
 * keeps only records of pages with that tag.
 */
function ranked(index: LoadedIndex, terms: readonly string[], filter: NonNullable<SearchQuery['filter']>, boostDocument?: (id: number) => number): SearchResult[] {
  const { version, language, tag } = filter;
  return index.search.search(terms.join(' '), {
    combineWith: 'OR',
    boost: { title: 3, section: 2 },
    prefix: (term) => term.length >= 3,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    filter: (result) => {
      const r = index.records[result.id as number];
      return r !== undefined && (!version || !r.version || r.version === version) && (!language || !r.language || r.language === language) && (!tag || r.tag === tag);
    },
    ...(boostDocument ? { boostDocument } : {}),
  });
}

function hitOf(r: SearchRecord): SearchHit {
  const content = r.text.length > HIT_CHARS ? `${r.text.slice(0, HIT_CHARS)}…` : r.text;
  return {
    path: routeUrlPath(r.route) + (r.anchor ? `#${r.anchor}` : ''),
    content,
    metadata: {
      title: r.title,
      section: r.section,
      ...(r.version ? { version: r.version } : {}),
      ...(r.language ? { language: r.language } : {}),
      ...(r.tag ? { tag: r.tag } : {}),
    },
  };
}

/**
 * The route of `routes` that `path` names: a route (`/quickstart`), a URL
 * (`https://docs.acme.com/quickstart/?x#y`), an exported file (`/quickstart/index.html`,
 * `/quickstart.html`) or a path under a base path (`/docs/quickstart`: leading segments are
 * dropped until a route matches). Undefined when none does.
 */
export function routeIn(routes: ReadonlySet<string>, path: string): string | undefined {
  let p = cutAt(path.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''), '?#');
  p = trimTrailing(p.replace(/\/index\.html?$/i, '').replace(/\.html?$/i, ''), '/');
  // Pages send their route as a URL path (percent-encoded, `data-route`): segments are decoded.
  const segments = routeOfUrlPath(p).split('/').filter(Boolean);
  for (let i = 0; i <= segments.length; i++) {
    const candidate = `/${segments.slice(i).join('/')}`;
    if (candidate === '/' && segments.length > 0) break;
    if (routes.has(candidate)) return candidate;
  }
  return undefined;
}
