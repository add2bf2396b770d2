import type { ApiConfig } from '../config/loaded-config.js';
import type { LoadedAsyncApi } from '../model/asyncapi.js';
import type { LoadedOpenApi } from '../model/openapi.js';
import type { RenderedBody } from '../model/render.js';
import type { SitePage } from '../model/site.js';
import { apiAside } from './api-aside.js';
import { findChannel, renderChannelBody } from './asyncapi/channel-body.js';
import type { SamplePalette } from './operation/code-samples/highlight/palette.js';
import { operationDisplay, renderOperationBody, type OperationBodyOptions } from './operation/index.js';
import { findOperation } from './operation/operation-body.js';
import { linkBody, type LinkedBody } from './links/link-body.js';
import type { LinkPlace, LinkTargets } from './links/site-link.js';
import { channelPointers, operationPointers, specSection } from './spec-excerpt.js';

/**
 * What the pages generated from API documents (an OpenAPI operation or webhook, an AsyncAPI
 * channel, without an MDX file) are rendered from: plain data, so it can cross to a worker
 * thread once and serve every such page there (render-pool.ts).
 */
export interface GeneratedContext {
  readonly openapi: readonly LoadedOpenApi[];
  readonly asyncapi: readonly LoadedAsyncApi[];
  /** docs.json `api`. */
  readonly configApi: ApiConfig | undefined;
  /** Token colours of the generated code samples (docs.json `styling.codeblocks`). */
  readonly palette: SamplePalette;
  /** docs.json `markdown.schema` (default true): the document's part for the page at the end of its `.md` copy. */
  readonly schema: boolean;
  /** What the pages' links may point at, when they are resolved where the pages are rendered. */
  readonly targets?: LinkTargets;
}

/** A generated page's body, and with a place to link it for, its links resolved there (`body` is then `linked.body`). */
export interface GeneratedBody {
  readonly body: RenderedBody;
  readonly linked?: Omit<LinkedBody, 'body'>;
}

/**
 * Renders generated pages in one thread; its cache of rendered descriptions lasts as long as it
 * does. Given a `place` and the context's `targets`, the page's links are resolved for it too.
 */
export function createGeneratedRenderer(context: GeneratedContext): (page: SitePage, place?: LinkPlace) => GeneratedBody {
  const options: OperationBodyOptions = {
    display: operationDisplay(context.configApi),
    markdownCache: new Map(),
    aside: (model, document) => apiAside({ model, document, configApi: context.configApi, palette: context.palette }),
  };
  return (page, place) => {
    const rendered = page.channel
      ? renderChannelBody(page, context.asyncapi, { configApi: context.configApi, markdownCache: options.markdownCache })
      : renderOperationBody(page, context.openapi, options);
    const specification = context.schema ? pageSpecification(page, context) : undefined;
    const body = specification === undefined ? rendered : { ...rendered, specification };
    if (!place || !context.targets) return { body };
    const { body: linkedBody, ...linked } = linkBody(body, place, context.targets);
    return { body: linkedBody, linked };
  };
}

/** The specification section of an operation or channel page's `.md` copy (render/spec-excerpt.ts); undefined for other pages. */
export function pageSpecification(page: SitePage, context: Pick<GeneratedContext, 'openapi' | 'asyncapi'>): string | undefined {
  if (page.operation) {
    const found = findOperation(page, context.openapi);
    return found ? specSection(found.loaded.document, operationPointers(found.entry.pointer)) : undefined;
  }
  const found = findChannel(page, context.asyncapi);
  return found ? specSection(found.loaded.document, channelPointers(found.loaded.document, found.channel)) : undefined;
}
