import type { PageSection, RenderedBody } from '../../model/render.js';
import type { SitePage } from '../../model/site.js';
import { escapeHtml } from '../html.js';
import type { OperationModel } from '../../openapi/operation-model/model.js';
import { createMarkdownRenderer } from './markdown-html.js';
import { renderOperationMarkdown } from './operation-markdown.js';
import { hasTryIt } from './playground/try-it-dialog.js';
import { createContext, takeText } from './render-context.js';
import { renderHeader } from './render-header.js';
import { renderParts } from './render-parts.js';

/** docs.json `api` settings that change how an operation page looks. */
export interface OperationDisplay {
  /** `api.params.expanded`: `all` opens nested fields and examples, `closed` (the default) does not. */
  readonly paramsExpanded: 'all' | 'closed';
  /** `api.params.post`: schema keys whose values show as pills after each field's name. */
  readonly paramsPost: readonly string[];
  /** `api.url: "full"`: the endpoint line shows the base URL before the path. */
  readonly fullUrl: boolean;
}

/** The settings of a docs.json `api` object, with Mintlify's defaults. */
export function operationDisplay(api: { readonly params?: { readonly expanded?: 'all' | 'closed'; readonly post?: readonly string[] }; readonly url?: 'full' } | undefined): OperationDisplay {
  return { paramsExpanded: api?.params?.expanded ?? 'closed', paramsPost: api?.params?.post ?? [], fullUrl: api?.url === 'full' };
}

export interface RenderOperationInput {
  readonly page: SitePage;
  readonly model: OperationModel;
  /** The bundled document: schemas are resolved in it lazily, never dereferenced whole. */
  readonly document: unknown;
  readonly settings: OperationDisplay;
  /**
   * HTML for the right-hand panel (request and response examples, then the playground), placed as
   * `RenderedBody.aside`. When it holds the Try-it dialog, the endpoint line gets its button.
   */
  readonly aside?: string;
  /** The operation's `x-mint.content` (CommonMark), shown sanitized after the description. */
  readonly content?: string;
  /**
   * Rendered descriptions by CommonMark source. Pass one map to every page of a build so that
   * descriptions shared by many operations are rendered once; without it, each page has its own.
   */
  readonly markdownCache?: Map<string, string>;
}

/**
 * The body of an operation or webhook page, server-rendered and working without JavaScript:
 * endpoint header, description, servers, then Authorization, parameters by location, request
 * body (`Payload` for webhooks), responses and callbacks (see `renderParts`). Every value from the
 * document is escaped; descriptions are sanitized CommonMark. Headings h2 per part (h3 per
 * response status) with stable ids; one search section per part; a Markdown copy.
 */
export function renderOperationPage(input: RenderOperationInput): RenderedBody {
  const { model, document } = input;
  const ctx = createContext(document, input.settings.paramsExpanded === 'all', createMarkdownRenderer(input.markdownCache), input.settings.paramsPost);
  const header = renderHeader(model, ctx, input.content, hasTryIt(input.aside), input.settings.fullUrl);
  const top = takeText(ctx);
  const parts = renderParts(model, ctx, { level: 2, idPrefix: '', split: true });
  const html = `<div class="sheaf-operation" data-kind="${model.kind}" data-method="${escapeHtml(model.method.toLowerCase())}">${header}${parts.map((p) => p.html).join('')}</div>`;
  const sections: PageSection[] = [
    { anchor: '', heading: '', text: top },
    ...parts.map((p) => ({ anchor: p.heading.id, heading: p.heading.text, text: p.text })),
  ];
  return {
    html,
    ...(input.aside !== undefined && input.aside !== '' ? { aside: input.aside } : {}),
    headings: parts.flatMap((p) => [p.heading, ...p.subheadings]),
    sections,
    markdown: renderOperationMarkdown(input.page.title, model, document, input.content),
    features: [],
    diagnostics: [],
  };
}
