import type { DocsConfig } from '../../config/loaded-config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { AsyncApiIndex } from '../../model/asyncapi.js';
import type { OperationIndex } from '../../model/openapi.js';
import type { ConfigOrigins, PageSource } from '../../model/project.js';
import type { NavNode } from '../../model/site.js';
import type { PageChannelMatch } from '../frontmatter-channels.js';
import type { PageOperationMatch } from '../frontmatter-operations.js';
import type { PageRegistry } from '../page-registry.js';
import { buildNavigationNodes } from './build-navigation-nodes.js';
import { collectExplicitOwners } from './explicit-references.js';
import { readNavigationTree } from './read-navigation-tree.js';
import { collectRouteTables } from './x-mint-href.js';

export interface NavigationInput {
  /** docs.json `navigation`, validated (page entries normalized). */
  readonly navigation: DocsConfig['navigation'];
  readonly origins: ConfigOrigins;
  readonly pages: ReadonlyMap<string, PageSource>;
  readonly docs: ReadonlyMap<string, OperationIndex>;
  readonly failed: readonly string[];
  /** Operations documented by MDX pages, keyed `doc-file|operation-key`, valued by page file. */
  readonly mdxOperations: ReadonlyMap<string, PageSource>;
  readonly frontmatterMatches: ReadonlyMap<string, PageOperationMatch>;
  /** Loaded AsyncAPI documents by file (absent: none). */
  readonly asyncDocs?: ReadonlyMap<string, AsyncApiIndex>;
  /** The channels MDX pages document through `asyncapi` frontmatter, by page path (absent: none). */
  readonly channelMatches?: ReadonlyMap<string, PageChannelMatch>;
  readonly registry: PageRegistry;
}

/**
 * Resolves `navigation` in three passes: (1) read it into a typed tree, each element with the
 * scope it inherits and each entry classified as page, operation reference or missing file;
 * (2) collect the elements whose bulk generation explicit references switch off, then (2b) compute
 * the route table of every document and directory the tree publishes into; (3) claim
 * every page named or generated in `input.registry`, in document order, and build the tree.
 * One module per interface rule: inheritance, explicit-references, x-hidden, trailing-slash,
 * case, x-mint-href, mdx-conflict, file-path-fallback.
 */
export function resolveNavigation(input: NavigationInput): { children: NavNode[]; diagnostics: Diagnostic[] } {
  const tree = readNavigationTree(input.navigation, input.pages);
  const explicit = collectExplicitOwners(tree, input.docs);
  const routes = collectRouteTables(tree, explicit, input.docs);
  const built = buildNavigationNodes(tree, {
    pages: input.pages,
    docs: input.docs,
    docList: [...input.docs.values()],
    failed: input.failed,
    mdxOperations: input.mdxOperations,
    frontmatterMatches: input.frontmatterMatches,
    channelMatches: input.channelMatches ?? new Map(),
    asyncDocs: input.asyncDocs ?? new Map(),
    channelTables: new Map(),
    origins: input.origins,
    explicit,
    registry: input.registry,
    routes,
  });
  return { children: built.nodes, diagnostics: built.diagnostics };
}
