import type { Project } from '../load/project.js';
import type { RenderedBody } from '../model/render.js';
import type { SitePage } from '../model/site.js';
import { apiAside } from './api-aside.js';
import { renderChannelBody, withChannel } from './asyncapi/channel-body.js';
import { pageSpecification, type GeneratedContext } from './generated-body.js';
import { operationDisplay, renderOperationBody, withOperation, type OperationBodyOptions } from './operation/index.js';
import { hasApiFrontmatter } from './operation/mdx-endpoint/api-frontmatter.js';
import { withMdxEndpoint } from './operation/mdx-endpoint/mdx-endpoint-body.js';

/**
 * The API parts of MDX pages (renderBodies): the operation or channel a page documents, shown
 * before its own content, and the document's part for its `.md` copy. A module of its own, loaded
 * with the first such page: the operation renderer is a large part of a build's start-up.
 */
export interface ApiParts {
  /** The body of an MDX page documenting an operation (`openapi:`), an endpoint (`api:`) or else a channel, around its MDX body. */
  compose(page: SitePage, mdx: RenderedBody, source: string, frontmatter: unknown): RenderedBody;
  /** markdown.schema: the document's part for an operation or channel page, at the end of its `.md` copy. */
  specification(page: SitePage): string | undefined;
}

export function createApiParts(project: Project, context: GeneratedContext): ApiParts {
  const api = context.configApi;
  const operationOptions: OperationBodyOptions = { display: operationDisplay(api), markdownCache: new Map() };
  return {
    compose(page, mdx, source, frontmatter) {
      if (!page.operation && !hasApiFrontmatter(frontmatter)) {
        return withChannel(mdx, renderChannelBody(page, project.asyncapi ?? [], { configApi: api, frontmatter, markdownCache: operationOptions.markdownCache }));
      }
      const aside: OperationBodyOptions['aside'] = (model, document) =>
        apiAside({ model, document, configApi: api, frontmatter, palette: context.palette, ...(mdx.aside !== undefined ? { mdxAside: mdx.aside } : {}) });
      const body = page.operation
        ? withOperation(mdx, renderOperationBody(page, project.openapi, { ...operationOptions, aside }))
        : withMdxEndpoint({ page, mdx, frontmatter, source, configApi: api, options: { ...operationOptions, aside } });
      // The page's own class names (its MDX content) stay: the operation's markup is Sheaf's.
      return mdx.classes ? { ...body, classes: mdx.classes } : body;
    },
    specification: (page) => pageSpecification(page, context),
  };
}
