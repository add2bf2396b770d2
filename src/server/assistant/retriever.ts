import { readFile, stat } from 'node:fs/promises';
import MiniSearch from 'minisearch';
import type { SearchRecord } from '../../model/render.js';
import { routeOfUrlPath, routeUrlPath } from '../../resolve/route-segments.js';
import { tokenize } from '../../search-text/tokenize.js';
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

export interface Retriever {
  /** Searches the records in `file` (a `search-records.json`); rejects if it cannot be read or parsed. */
  retrieve(file: string, query: RetrievalQuery): Promise<Retrieval>;
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
  const maxCached = options.maxCached ?? 16;
  const cache = new Map<string, { readonly stamp: string; readonly index: Promise<LoadedIndex> }>();
  const indexOf = async (file: string): Promise<LoadedIndex> => {
    const info = await stat(file);
    const stamp = `${info.mtimeMs}:${info.size}`;
    const cached = cache.get(file);
    if (cached?.stamp === stamp) return cached.index;
    const index = loadIndex(file);
    cache.delete(file);
    cache.set(file, { stamp, index });
    index.catch(() => cache.delete(file));
    while (cache.size > maxCached) cache.delete(cache.keys().next().value as string);
    return index;
  };
  return {
    async retrieve(file, query) {
      return search(await indexOf(file), query);
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

function search(index: LoadedIndex, query: RetrievalQuery): Retrieval {
  const contextText = query.context.map((c) => c.value.replace(/\s+/g, ' ').trim().slice(0, CONTEXT_CHARS)).filter(Boolean);
  const text = [query.question.trim(), ...contextText].join(' ');
  const terms = [...new Set(wordsOf(text).filter(isContentWord).map(stemOf))].slice(0, MAX_TERMS);
  if (terms.length === 0) return { query: text, hits: [] };
  const current = query.currentPath === undefined ? undefined : routeIn(index.routes, query.currentPath);
  const contextRoutes = new Set(query.context.flatMap((c) => (c.path === undefined ? [] : [routeIn(index.routes, c.path)])).filter((r) => r !== undefined));
  const { version, language } = query.filter ?? {};
  const results = index.search.search(terms.join(' '), {
    combineWith: 'OR',
    boost: { title: 3, section: 2 },
    prefix: (term) => term.length >= 3,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    filter: (result) => {
      const r = index.records[result.id as number];
      return r !== undefined && (!version || !r.version || r.version === version) && (!language || !r.language || r.language === language);
    },
    boostDocument: (id: number) => {
      const route = index.records[id]?.route;
      return route === current ? CURRENT_PAGE_BOOST : route !== undefined && contextRoutes.has(route) ? CONTEXT_PAGE_BOOST : 1;
    },
  });
  const hits = results.slice(0, query.pageSize).flatMap((result) => {
    const r = index.records[result.id as number];
    return r ? [hitOf(r)] : [];
  });
  return { query: text, hits };
}

function hitOf(r: SearchRecord): SearchHit {
  const content = r.text.length > HIT_CHARS ? `${r.text.slice(0, HIT_CHARS)}…` : r.text;
  return {
    path: routeUrlPath(r.route) + (r.anchor ? `#${r.anchor}` : ''),
    content,
    metadata: { title: r.title, section: r.section, ...(r.version ? { version: r.version } : {}), ...(r.language ? { language: r.language } : {}) },
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
