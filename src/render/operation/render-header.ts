import { escapeHtml } from '../html.js';
import { trimTrailing } from '../../text/linear-text.js';
import type { ExternalDocsModel, OperationModel, ServerModel } from '../../openapi/operation-model/model.js';
import { methodBadge, safeHref, templateHtml } from './html-bits.js';
import { tryItButton } from './playground/try-it-dialog.js';
import { addText, type RenderContext } from './render-context.js';
import { renderSchemaField } from './schema/render-schema.js';

/**
 * The endpoint line: kind (webhooks), method badge, path or webhook name with `{params}` marked,
 * deprecated badge, and with `tryIt` (the page's aside holds the Try-it dialog) the "Try it"
 * button at its end, as on Mintlify.
 */
export function renderEndpoint(model: OperationModel, tryIt = false, fullUrl = false): string {
  let html = '<div class="sheaf-op-endpoint">';
  if (model.kind === 'webhook') html += '<span class="sheaf-op-kind">Webhook</span>';
  // docs.json `api.url: "full"`: the first (default) server's URL before the path, as Mintlify shows it.
  const base = fullUrl && model.kind !== 'webhook' && model.servers[0] !== undefined ? trimTrailing(model.servers[0].url, '/') : '';
  const baseHtml = base !== '' ? `<span class="sheaf-op-base-url">${templateHtml(base)}</span>` : '';
  html += `${methodBadge(model.method)}<code class="sheaf-op-path">${baseHtml}${templateHtml(model.path)}</code>`;
  if (model.deprecated) html += '<span class="sheaf-op-deprecated">Deprecated</span>';
  if (tryIt) html += tryItButton();
  return `${html}</div>`;
}

/**
 * One server: URL with `{variables}` marked, description, and its variables as fields (default,
 * allowed values). The URL and the description are blocks of their own (operation.css): a URL
 * may wrap anywhere, the description's words stay whole.
 */
function renderServer(server: ServerModel, index: number, ctx: RenderContext): string {
  let html = `<li class="sheaf-op-server"><code class="sheaf-op-server-url">${templateHtml(server.url)}</code>`;
  if (server.description !== undefined) html += `<p class="sheaf-op-server-description">${escapeHtml(server.description)}</p>`;
  const variables = Object.entries(server.variables);
  if (variables.length > 0) {
    const rows = variables.map(([name, v]) =>
      renderSchemaField(
        {
          name,
          schema: { type: 'string', default: v.default, ...(v.enum ? { enum: v.enum } : {}) },
          required: false,
          ...(v.description !== undefined ? { description: v.description } : {}),
        },
        'request',
        `server-${index + 1}`,
        ctx,
      ),
    );
    html += `<div class="sheaf-op-server-variables">${rows.join('')}</div>`;
  }
  addText(ctx, server.url, server.description);
  return `${html}</li>`;
}

/** The servers the operation is sent to; `''` when there are none. */
export function renderServers(servers: readonly ServerModel[], ctx: RenderContext): string {
  if (servers.length === 0) return '';
  const label = servers.length > 1 ? 'Servers' : 'Server';
  return `<div class="sheaf-op-servers"><div class="sheaf-op-subhead">${label}</div><ul>${servers.map((s, i) => renderServer(s, i, ctx)).join('')}</ul></div>`;
}

/**
 * The operation's `externalDocs` as one line: a link whose text is its description (plain text,
 * white space collapsed) or else its URL. A URL that is not absolute http(s) is never a link: it
 * is shown as code after the description.
 */
export function renderExternalDocs(docs: ExternalDocsModel, ctx: RenderContext): string {
  addText(ctx, docs.description);
  const label = docs.description?.replace(/\s+/g, ' ').trim();
  const href = safeHref(docs.url);
  const inner =
    href !== undefined
      ? `<a class="sheaf-op-external-docs-link" href="${escapeHtml(href)}" rel="noopener">${escapeHtml(label ?? docs.url)}</a>`
      : `${label !== undefined ? `${escapeHtml(label)}: ` : ''}<code>${escapeHtml(docs.url)}</code>`;
  return `<p class="sheaf-op-external-docs"><span class="sheaf-op-external-docs-name">External documentation</span> ${inner}</p>`;
}

/**
 * The top of the page: endpoint line (with the Try-it button when `tryIt`), a webhook's summary
 * (its page is titled from its key, as on Mintlify, so the summary would be lost otherwise),
 * description (sanitized CommonMark), the `externalDocs` link, the page's own `x-mint.content`
 * (sanitized CommonMark) and the servers.
 */
export function renderHeader(model: OperationModel, ctx: RenderContext, content: string | undefined, tryIt = false, fullUrl = false): string {
  addText(ctx, `${model.method} ${model.path}`, model.summary, model.description, content);
  let html = renderEndpoint(model, tryIt, fullUrl);
  if (model.kind === 'webhook' && model.summary !== undefined) html += `<p class="sheaf-op-summary">${escapeHtml(model.summary)}</p>`;
  if (model.description !== undefined) html += `<div class="sheaf-op-description">${ctx.markdown(model.description)}</div>`;
  if (model.externalDocs !== undefined) html += renderExternalDocs(model.externalDocs, ctx);
  if (content !== undefined && content.trim() !== '') html += `<div class="sheaf-op-content">${ctx.markdown(content)}</div>`;
  html += renderServers(model.servers, ctx);
  return `<div class="sheaf-op-header">${html}</div>`;
}
