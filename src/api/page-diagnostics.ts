import { availableParallelism } from 'node:os';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site, SitePage } from '../model/site.js';
import type { Project } from '../load/project.js';
import { brokenLinkDiagnostics } from '../emit/broken-links.js';
import { baseOf } from '../emit/paths.js';
import { redirectPagePaths } from '../emit/redirect-sources.js';
import { tailwindStylesheet } from '../emit/tailwind-stylesheet.js';
import { rewriteBodyLinks, type BrokenLink } from '../render/links/rewrite-body-links.js';
import type { LinkTargets } from '../render/links/site-link.js';
import { createRenderCache, type RenderCache } from '../render/render-cache.js';
import { renderBodies } from '../render/render-bodies.js';
import { createRenderPool } from '../render/render-pool.js';
import { createTailwindMatcher } from '../render/tailwind/index.js';
import { trimChars } from '../text/linear-text.js';

/** Pages from which a build renders in worker threads; below it, one thread is faster (start-up ~0.3 s a worker). */
const WORKERS_FROM_PAGES = 60;
/** Most worker threads a build starts. */
const MAX_WORKERS = 4;

/**
 * The worker threads `sheaf build` and `sheaf check` render `pages` pages with by default (the
 * pages rendered in threads: MDX pages and, for `build`, pages generated from API documents).
 */
export function defaultRenderWorkers(pages: number): number {
  return pages >= WORKERS_FROM_PAGES ? Math.min(MAX_WORKERS, availableParallelism()) : 0;
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

/**
 * What a page body's links may point at, as `sheaf build` computes it (src/emit/emit-site.ts):
 * every page route; the project files copied into the site (`copied`, from `projectFiles`) and
 * the sources of docs.json's `redirects` (old paths, served by the redirect pages). Files the
 * build generates (sitemap.xml, llms.txt, the `.md` copies) are not targets there either.
 */
export function pageLinkTargets(
  pages: readonly Pick<SitePage, 'route'>[],
  redirects: readonly { readonly source: string }[] = [],
  copied: ReadonlySet<string>,
): LinkTargets {
  return {
    routes: new Set(pages.map((p) => p.route)),
    files: new Set([...copied, ...redirects.map((r) => trimChars(r.source, '/'))]),
    redirects: redirectPagePaths(redirects),
  };
}

export interface PageDiagnosticsOptions {
  /** The project files copied into the site (`projectFiles(…).copied`): what links to files may reach. */
  readonly copied: ReadonlySet<string>;
  /** Worker threads; default `defaultRenderWorkers` of the MDX pages. */
  readonly workers?: number;
  /** Cache folder of rendered bodies, the one `sheaf build` uses; `undefined` for none. */
  readonly cacheDir?: string;
  readonly debug?: boolean;
}

/**
 * Every diagnostic `sheaf build` gives about the pages of a site, without writing one:
 *
 * - each page's own (`body.diagnostics`): MDX pages compiled, evaluated and rendered by the
 *   build's own path (`renderBodies`, the same render pool and body cache, so a page checked is
 *   not rendered again by the next build and the other way round), pages generated from OpenAPI
 *   rendered from their document (`openapi/operation-skipped`). Compiling alone would miss what
 *   only evaluating finds (a content expression that throws, `mdx/expression-failed`; a component
 *   failing, `mdx/runtime`);
 * - `build/broken-link` and `build/missing-asset`: the links of each body (article and right-hand
 *   panel) resolved by the build's own `rewriteBodyLinks` against the build's targets
 *   (`pageLinkTargets`), reported by its own `brokenLinkDiagnostics`;
 * - `build/tailwind-class`: the class names of the pages that use Tailwind, given to Tailwind's
 *   compiler as the build does (`tailwindStylesheet`; the stylesheet itself is dropped).
 *
 * Not covered, as they need the written site or the build's options: the link check over the
 * output (`build/unresolved-link`), write failures, the air-gapped profile's remote resources.
 * Only the diagnostics and the broken links are kept, never a body: memory stays flat.
 */
export async function pageDiagnostics(project: Project, site: Site, options: PageDiagnosticsOptions): Promise<Diagnostic[]> {
  if (site.pages.length === 0) return [];
  const workers = options.workers ?? defaultRenderWorkers(site.pages.filter(isMdxPage).length);
  const targets = pageLinkTargets(site.pages, project.config.config.redirects, options.copied);
  // As emit-site.ts: docs.json's colours (and the background colour) configure Tailwind.
  const { colors, background } = project.config.config;
  const tailwindColors = { ...colors, ...(background?.color ? { background: background.color } : {}) };
  const tailwind = createTailwindMatcher(tailwindColors);
  // Each class remembers the first page using it, which its warnings name (as the build does).
  const tailwindClasses = new Map<string, string>();
  const broken: { page: SitePage; links: BrokenLink[] }[] = [];
  const diagnostics: Diagnostic[] = [];
  const pool = createRenderPool(workers, options.debug ?? false);
  try {
    await renderBodies({
      project,
      pages: site.pages,
      pool,
      cache: quietCache(createRenderCache(options.cacheDir)),
      // As in build: two pages per worker keep each thread busy; one in-process.
      concurrency: Math.max(1, workers * 2),
      onBody: async (page, body) => {
        diagnostics.push(...body.diagnostics);
        // Which links are broken does not depend on the URL style: the build's default is checked.
        const place = { route: page.route, base: baseOf(page.route, 'directory'), style: 'directory' as const };
        const links = [...rewriteBodyLinks(body.html, place, targets).broken, ...(body.aside === undefined ? [] : rewriteBodyLinks(body.aside, place, targets).broken)];
        if (links.length) broken.push({ page, links });
        if (body.classes && (await tailwind.usesTailwind(body.classes))) {
          for (const name of body.classes) if (!tailwindClasses.has(name)) tailwindClasses.set(name, page.source);
        }
      },
    });
  } finally {
    await pool.close();
  }
  diagnostics.push(...(await brokenLinkDiagnostics(project, broken)));
  if (tailwindClasses.size > 0) diagnostics.push(...(await tailwindStylesheet(tailwindClasses, tailwindColors)).diagnostics);
  return diagnostics;
}
