import { availableParallelism } from 'node:os';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import type { Project } from '../load/project.js';
import { createRenderCache, type RenderCache } from '../render/render-cache.js';
import { renderBodies } from '../render/render-bodies.js';
import { createRenderPool } from '../render/render-pool.js';

/** MDX pages from which a build renders in worker threads; below it, one thread is faster (start-up ~0.3 s a worker). */
const WORKERS_FROM_PAGES = 60;
/** Most worker threads a build starts. */
const MAX_WORKERS = 4;

/** The worker threads `sheaf build` and `sheaf check` render `mdxPages` MDX pages with by default. */
export function defaultRenderWorkers(mdxPages: number): number {
  return mdxPages >= WORKERS_FROM_PAGES ? Math.min(MAX_WORKERS, availableParallelism()) : 0;
}

/** True for a page rendered from an MDX or Markdown file (not generated from an OpenAPI document). */
export const isMdxPage = (page: { readonly source: string }): boolean => /\.mdx?$/i.test(page.source);

/**
 * A render cache whose writes never fail: `sheaf check` only reads the project, so a folder it
 * may not write to (a read-only checkout) costs the cache, never the check.
 */
function quietCache(cache: RenderCache): RenderCache {
  return { key: cache.key, get: cache.get, set: (key, body) => cache.set(key, body).catch(() => undefined) };
}

export interface PageDiagnosticsOptions {
  /** Worker threads; default `defaultRenderWorkers`. */
  readonly workers?: number;
  /** Cache folder of rendered bodies, the one `sheaf build` uses; `undefined` for none. */
  readonly cacheDir?: string;
  readonly debug?: boolean;
}

/**
 * The diagnostics of every MDX page of a site, exactly as `sheaf build` gets them: each page is
 * compiled, evaluated and rendered by the build's own path (`renderBodies`, the same render pool
 * and the same body cache, so a page checked is not rendered again by the next build and the
 * other way round), and only the body's diagnostics are kept. Compiling alone would miss what
 * only evaluating finds (a content expression that throws, `mdx/expression-failed`; a component
 * failing, `mdx/runtime`), and rendering costs ~45% over compiling (measured on mintlify__docs:
 * 300 pages in one thread, ~29 s compiling, ~43 s rendering). Pages generated from OpenAPI are
 * not rendered: they have no MDX.
 */
export async function mdxPageDiagnostics(project: Project, site: Site, options: PageDiagnosticsOptions = {}): Promise<Diagnostic[]> {
  const pages = site.pages.filter(isMdxPage);
  if (pages.length === 0) return [];
  const workers = options.workers ?? defaultRenderWorkers(pages.length);
  const pool = createRenderPool(workers, options.debug ?? false);
  const diagnostics: Diagnostic[] = [];
  try {
    await renderBodies({
      project,
      pages,
      pool,
      cache: quietCache(createRenderCache(options.cacheDir)),
      // As in build: two pages per worker keep each thread busy; one in-process.
      concurrency: Math.max(1, workers * 2),
      onBody: async (_page, body) => {
        diagnostics.push(...body.diagnostics);
      },
    });
  } finally {
    await pool.close();
  }
  return diagnostics;
}
