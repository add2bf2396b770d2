import type { DocsConfig } from '../config/loaded-config.js';
import type { SitePage } from '../model/site.js';

/** docs.json `seo.indexing`: `navigable` (the default) or `all`. */
export type Indexing = 'navigable' | 'all';

export const indexingOf = (config: Pick<DocsConfig, 'seo'>): Indexing => (config.seo?.indexing === 'all' ? 'all' : 'navigable');

/**
 * The routes search engines and agents are kept away from: the sitemap, llms.txt, llms-full.txt
 * and the search index leave them out, and their pages carry `<meta name="robots"
 * content="noindex">`. A page's own frontmatter `noindex: true` always counts; a hidden page
 * (`hidden: true`, a hidden group or tab, or a page outside the navigation) counts unless
 * `seo.indexing` is `all`, which Mintlify documents as "index every page in your project,
 * including pages not in the navigation" (organize/hidden-pages.mdx: hidden pages are then
 * included in search, the sitemap, indexing and AI context).
 */
export function noindexRoutes(pages: readonly SitePage[], noindexFiles: ReadonlySet<string>, indexing: Indexing): Set<string> {
  return new Set(pages.filter((p) => (p.hidden && indexing !== 'all') || noindexFiles.has(p.source)).map((p) => p.route));
}
