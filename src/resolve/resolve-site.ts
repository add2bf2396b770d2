import type { Diagnostic, StageResult } from '../model/diagnostic.js';
import type { AsyncApiIndex } from '../model/asyncapi.js';
import type { OperationIndex } from '../model/openapi.js';
import type { PageSource } from '../model/project.js';
import type { LoadedConfig } from '../config/loaded-config.js';
import type { Site } from '../model/site.js';
import { resolveFrontmatterChannels } from './frontmatter-channels.js';
import { resolveFrontmatterOperations } from './frontmatter-operations.js';
import { resolveNavigation } from './navigation/resolve-navigation.js';
import { operationKey } from './operation-routes.js';
import { createPageRegistry } from './page-registry.js';
import { mdxPage } from './site-pages.js';

/** Everything resolve reads: plain data from the load stage. */
export interface ResolveInput {
  readonly config: LoadedConfig;
  readonly pages: readonly PageSource[];
  readonly openapi: readonly OperationIndex[];
  /** Sources whose loading failed (already reported): references to them stay quiet. */
  readonly failedOpenapi: readonly string[];
  /** Loaded AsyncAPI documents (absent: none). */
  readonly asyncapi?: readonly AsyncApiIndex[];
  /** AsyncAPI sources whose loading failed (already reported): channel references to them stay quiet. */
  readonly failedAsyncapi?: readonly string[];
}

/**
 * Resolves navigation and the OpenAPI rules into the site: the navigation tree and every page
 * with its route. Pure: no I/O, same input gives the same output.
 */
export function resolveSite(input: ResolveInput): StageResult<Site> {
  const docs = new Map(input.openapi.map((d) => [d.file, d]));
  const pages = new Map(input.pages.map((p) => [p.path, p]));
  const frontmatter = resolveFrontmatterOperations(input.pages, input.openapi, input.failedOpenapi);
  const channels = resolveFrontmatterChannels(input.pages, input.asyncapi ?? [], input.failedAsyncapi ?? []);
  const mdxOperations = new Map<string, PageSource>();
  for (const [pagePath, match] of frontmatter.matches) {
    const page = pages.get(pagePath);
    if (page) mdxOperations.set(`${match.doc.file}|${operationKey(match.op, match.webhook)}`, page);
  }
  const registry = createPageRegistry();
  const navigation = resolveNavigation({
    navigation: input.config.config.navigation,
    origins: input.config.origins,
    pages,
    docs,
    failed: input.failedOpenapi,
    mdxOperations,
    frontmatterMatches: frontmatter.matches,
    asyncDocs: new Map((input.asyncapi ?? []).map((d) => [d.file, d])),
    channelMatches: channels.matches,
    registry,
  });
  // Pages no navigation entry names are still published, hidden (reachable by URL).
  for (const page of input.pages) {
    registry.claim(mdxPage(page, frontmatter.matches.get(page.path), {}, channels.matches.get(page.path)), `mdx:${page.file}`, { file: page.file, line: 1, column: 1 });
  }
  const diagnostics: Diagnostic[] = [...frontmatter.diagnostics, ...channels.diagnostics, ...navigation.diagnostics, ...registry.diagnostics];
  return {
    output: {
      name: input.config.config.name,
      navigation: { type: 'root', children: navigation.children },
      pages: registry.pages(),
    },
    diagnostics,
  };
}
