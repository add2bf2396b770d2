import type { DocsConfig } from '../../../src/config/loaded-config.js';
import { normalizePages } from '../../../src/config/normalize-pages.js';
import type { DocsConfigInput } from '../../../src/config/schema/docs-config.js';
import { navigationSchema } from '../../../src/config/schema/navigation-divisions.js';
import type { OperationIndex } from '../../../src/model/openapi.js';
import type { PageSource } from '../../../src/model/project.js';
import type { NavNode } from '../../../src/model/site.js';
import { resolveFrontmatterOperations } from '../../../src/resolve/frontmatter-operations.js';
import { resolveNavigation } from '../../../src/resolve/navigation/resolve-navigation.js';
import { operationKey } from '../../../src/resolve/operation-routes.js';
import { createPageRegistry } from '../../../src/resolve/page-registry.js';

/** An MDX page source at `path` (extension-less), for unit tests. */
export const mdx = (path: string, frontmatter: Record<string, unknown> = {}): PageSource => ({
  file: `${path}.mdx`,
  path,
  frontmatter,
  frontmatterPositions: {},
});

/** `navigation` written as in docs.json, as the config stage hands it on: validated by the schema (which throws on a shape it refuses), pages normalised. */
export const validNavigation = (navigation: DocsConfigInput['navigation']): DocsConfig['navigation'] =>
  normalizePages(navigationSchema.parse(navigation));

/**
 * Resolves `navigation` (all of it from docs.json) over `pages` and `docs` the way resolve-site
 * does, and returns the tree, the diagnostics of navigation then of the registry, and every
 * page claimed with whether it ended hidden. `navigation` is written as in docs.json and goes
 * through the schema (which throws on a shape it refuses) and page normalisation first, as the
 * config stage does, so resolve reads exactly the type it is given in a build.
 */
export function runNavigation(
  navigation: DocsConfigInput['navigation'],
  { pages = [], docs = [], failed = [] }: { pages?: PageSource[]; docs?: OperationIndex[]; failed?: string[] } = {},
) {
  const frontmatter = resolveFrontmatterOperations(pages, docs, failed);
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const mdxOperations = new Map<string, PageSource>();
  for (const [pagePath, match] of frontmatter.matches) {
    const page = byPath.get(pagePath);
    if (page) mdxOperations.set(`${match.doc.file}|${operationKey(match.op, match.webhook)}`, page);
  }
  const registry = createPageRegistry();
  const result = resolveNavigation({
    navigation: validNavigation(navigation),
    origins: { '': { file: 'docs.json', pointer: '' } },
    pages: byPath,
    docs: new Map(docs.map((d) => [d.file, d])),
    failed,
    mdxOperations,
    frontmatterMatches: frontmatter.matches,
    registry,
  });
  return {
    children: result.children,
    diagnostics: [...result.diagnostics, ...registry.diagnostics],
    pages: registry.pages().map((p) => ({ route: p.route, hidden: p.hidden })),
  };
}

/** The routes of the page nodes of a tree, depth first. */
export const routesIn = (nodes: readonly NavNode[]): string[] =>
  nodes.flatMap((n) => (n.type === 'page' ? [n.route] : routesIn(n.children)));
