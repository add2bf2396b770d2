import type { ChannelMessage, ChannelModel, ChannelServer, Direction } from '../../asyncapi/channel-model.js';
import type { Heading, PageSection, RenderedBody } from '../../model/render.js';
import { escapeHtml } from '../html.js';
import { heading } from '../operation/html-bits.js';
import { createMarkdownRenderer } from '../operation/markdown-html.js';
import { addText, createContext, idPart, takeText, type RenderContext } from '../operation/render-context.js';
import { renderExamples } from '../operation/render-examples.js';
import { renderSchemaField, renderSchemaRoot } from '../operation/schema/render-schema.js';
import { renderChannelMarkdown } from './channel-markdown.js';
import { DIRECTION_LEADS, DIRECTION_TITLES, messagesByDirection, messageTitle } from './channel-parts.js';

export interface RenderChannelInput {
  /** The page title (the Markdown copy's heading). */
  readonly title: string;
  /** The page's description (its lede): the channel's summary is not repeated under it. */
  readonly description?: string;
  readonly model: ChannelModel;
  /** The AsyncAPI document: payload and header schemas are resolved in it lazily. */
  readonly document: unknown;
  /** docs.json `api.params.expanded: all`: nested fields and examples start open. */
  readonly expanded: boolean;
  /** The right-hand panel (the WebSocket playground), if any. */
  readonly aside?: string;
  /** Rendered descriptions by CommonMark source, shared by the pages of a build. */
  readonly markdownCache?: Map<string, string>;
}

/** The protocol badge and the channel's URL on the first server (the address alone without one). */
function renderEndpoint(model: ChannelModel): string {
  const server = model.servers[0];
  const protocol = server?.protocol !== undefined && server.protocol !== '' ? server.protocol : undefined;
  const url = server?.url ?? model.address ?? model.id;
  const badge = protocol !== undefined ? `<span class="sheaf-channel-protocol" data-protocol="${escapeHtml(protocol)}">${escapeHtml(protocol.toUpperCase())}</span>` : '';
  return `<div class="sheaf-op-endpoint sheaf-channel-endpoint">${badge}<code class="sheaf-op-path sheaf-channel-url">${escapeHtml(url)}</code></div>`;
}

function renderServerList(servers: readonly ChannelServer[], ctx: RenderContext): string {
  if (servers.length === 0) return '';
  const items = servers.map((s) => {
    addText(ctx, s.name, s.url, s.description);
    const description = s.description !== undefined ? `<p class="sheaf-op-server-description">${escapeHtml(s.description)}</p>` : '';
    return `<li class="sheaf-op-server sheaf-channel-server" data-server="${escapeHtml(s.name)}"><span class="sheaf-channel-server-name">${escapeHtml(s.name)}</span><code class="sheaf-op-server-url">${escapeHtml(s.url)}</code>${description}</li>`;
  });
  return `<div class="sheaf-op-servers"><div class="sheaf-op-subhead">${servers.length > 1 ? 'Servers' : 'Server'}</div><ul>${items.join('')}</ul></div>`;
}

function renderParameters(model: ChannelModel, ctx: RenderContext): string {
  if (model.parameters.length === 0) return '';
  const rows = model.parameters.map((p) =>
    renderSchemaField(
      {
        name: p.name,
        schema: { type: 'string', ...(p.default !== undefined ? { default: p.default } : {}), ...(p.enum ? { enum: p.enum } : {}), ...(p.examples.length > 0 ? { examples: p.examples } : {}) },
        required: true,
        ...(p.description !== undefined ? { description: p.description } : {}),
      },
      'request',
      'channel-parameter',
      ctx,
    ),
  );
  return `<div class="sheaf-channel-parameters"><div class="sheaf-op-subhead">Address parameters</div>${rows.join('')}</div>`;
}

/** One message: its title (h3), summary, description, payload and headers as schema trees, its examples. */
function renderMessage(message: ChannelMessage, direction: Direction, ctx: RenderContext): { html: string; heading: Heading } {
  const id = ctx.id(`${direction}-${idPart(message.key)}`);
  const title = messageTitle(message);
  addText(ctx, title, message.summary, message.description);
  const mode = direction === 'send' ? 'request' : 'response';
  let html = heading(3, id, escapeHtml(title));
  if (message.name !== undefined && message.name !== title) html += `<p class="sheaf-channel-message-name"><code>${escapeHtml(message.name)}</code></p>`;
  if (message.summary !== undefined) html += `<p class="sheaf-channel-message-summary">${escapeHtml(message.summary)}</p>`;
  if (message.description !== undefined) html += `<div class="sheaf-op-description">${ctx.markdown(message.description)}</div>`;
  if (message.contentType !== undefined) html += `<div class="sheaf-op-media-type"><code>${escapeHtml(message.contentType)}</code></div>`;
  if (message.payload !== undefined) html += `<div class="sheaf-op-subhead">Payload</div>${renderSchemaRoot(message.payload, { mode, id: `${id}-payload` }, ctx)}`;
  if (message.headers !== undefined) html += `<div class="sheaf-op-subhead">Headers</div>${renderSchemaRoot(message.headers, { mode, id: `${id}-headers` }, ctx)}`;
  const examples = message.examples.flatMap((e, i) =>
    e.payload !== undefined ? [{ name: e.name ?? `Example ${i + 1}`, ...(e.summary !== undefined ? { summary: e.summary } : {}), value: e.payload }] : [],
  );
  html += renderExamples(examples, message.contentType ?? 'application/json', ctx);
  return { html: `<div class="sheaf-channel-message" data-message="${escapeHtml(message.key)}">${html}</div>`, heading: { depth: 3, text: title, id } };
}

/**
 * The body of a channel page, server-rendered and working without JavaScript: the protocol and
 * the channel's URL, its summary (unless it is the page's lede) and description (sanitized
 * CommonMark), its servers and address
 * parameters; then, as Mintlify shows a channel, what a client **sends** (the document's `receive`
 * operations) and what it **receives** (`send` operations), each message with its payload and
 * headers drawn by the operation pages' schema renderer (oneOf/anyOf tabs, expandable arrays and
 * objects) and its examples. A channel without operations lists its messages under "Messages".
 * Headings h2 per direction (ids `send`, `receive`, `messages`), h3 per message; one search
 * section per direction; a Markdown copy.
 */
export function renderChannelPage(input: RenderChannelInput): RenderedBody {
  const { model, document } = input;
  const ctx = createContext(document, input.expanded, createMarkdownRenderer(input.markdownCache));
  addText(ctx, model.servers[0]?.url ?? model.address, model.summary, model.description);
  let header = renderEndpoint(model);
  if (model.summary !== undefined && model.summary !== input.description) header += `<p class="sheaf-op-summary">${escapeHtml(model.summary)}</p>`;
  if (model.description !== undefined) header += `<div class="sheaf-op-description">${ctx.markdown(model.description)}</div>`;
  header += renderServerList(model.servers, ctx) + renderParameters(model, ctx);
  const top = takeText(ctx);
  const parts: { heading: Heading; subheadings: Heading[]; html: string; text: string }[] = [];
  for (const [direction, messages] of messagesByDirection(model)) {
    const id = ctx.id(direction);
    const rendered = messages.map((m) => renderMessage(m, direction === 'messages' ? 'receive' : direction, ctx));
    const lead = `<p class="sheaf-op-note">${escapeHtml(DIRECTION_LEADS[direction])}</p>`;
    parts.push({
      heading: { depth: 2, text: DIRECTION_TITLES[direction], id },
      subheadings: rendered.map((r) => r.heading),
      html: `<section class="sheaf-op-part sheaf-channel-part" data-part="${direction}">${heading(2, id, escapeHtml(DIRECTION_TITLES[direction]))}${lead}${rendered.map((r) => r.html).join('')}</section>`,
      text: takeText(ctx),
    });
  }
  const html = `<div class="sheaf-operation sheaf-channel" data-kind="channel" data-channel="${escapeHtml(model.id)}"><div class="sheaf-op-header">${header}</div>${parts.map((p) => p.html).join('')}</div>`;
  const sections: PageSection[] = [{ anchor: '', heading: '', text: top }, ...parts.map((p) => ({ anchor: p.heading.id, heading: p.heading.text, text: p.text }))];
  return {
    html,
    ...(input.aside !== undefined && input.aside !== '' ? { aside: input.aside } : {}),
    headings: parts.flatMap((p) => [p.heading, ...p.subheadings]),
    sections,
    markdown: renderChannelMarkdown(input.title, model, document),
    features: [],
    diagnostics: [],
  };
}
