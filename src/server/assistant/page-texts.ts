import { readFile } from 'node:fs/promises';
import type { PageTexts } from '../../model/render.js';
import { createFileCache } from './file-cache.js';
import { routeIn } from './retriever.js';

interface LoadedTexts {
  readonly texts: PageTexts;
  readonly routes: ReadonlySet<string>;
}

export interface PageTextReader {
  /**
   * The text of the page `path` names in `file` (a `page-texts.json`), with its route; undefined
   * when no page there matches. Rejects if the file cannot be read or parsed.
   */
  pageOf(file: string, path: string): Promise<{ readonly route: string; readonly text: string } | undefined>;
}

/** Reads exports' page texts, parsed files cached per path as the retriever caches indexes. */
export function createPageTextReader(options: { readonly maxCached?: number } = {}): PageTextReader {
  const textsOf = createFileCache(loadTexts, options.maxCached ?? 16);
  return {
    async pageOf(file, path) {
      const { texts, routes } = await textsOf(file);
      const route = pageRouteIn(routes, path);
      const text = route === undefined ? undefined : texts[route];
      return route === undefined || text === undefined ? undefined : { route, text };
    },
  };
}

async function loadTexts(file: string): Promise<LoadedTexts> {
  const texts = JSON.parse(await readFile(file, 'utf8')) as unknown;
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) throw new Error(`${file} is not a JSON object of page texts`);
  const own = texts as PageTexts;
  return { texts: own, routes: new Set(Object.keys(own).filter((route) => typeof own[route] === 'string')) };
}

/**
 * The route of `routes` a page path names: every form `routeIn` reads (a search result's path
 * with its `#anchor`, a URL, `.html` and `/index.html` files, a path under a base path), with or
 * without the leading slash, and the page's Markdown copy (`/quickstart.md`, `index.md` for `/`).
 */
export function pageRouteIn(routes: ReadonlySet<string>, path: string): string | undefined {
  const [target = '', rest = ''] = splitAtQueryOrFragment(path.trim());
  const page = /^\/?index\.md$/i.test(target) ? '/' : target.replace(/\.md$/i, '');
  return routeIn(routes, page + rest);
}

/** `path` cut before its first `?` or `#`, and that rest. */
function splitAtQueryOrFragment(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}
