import { escapeHtml } from '../html.js';
import type { LinkModel, ResponseModel } from '../../openapi/operation-model/model.js';
import { heading } from './html-bits.js';
import { exampleText } from './render-examples.js';
import { renderContent } from './render-media.js';
import { renderParameter } from './render-parameters.js';
import { addText, idPart, type RenderContext } from './render-context.js';
import { statusClass, statusText } from './status-text.js';

/** `#/paths/~1users~1{id}/get` → `GET /users/{id}`; other references as written. */
export function operationRefText(ref: string): string {
  const m = /^#\/paths\/([^/]+)\/([a-z]+)$/.exec(ref);
  if (!m || m[1] === undefined || m[2] === undefined) return ref;
  let path: string;
  try {
    path = decodeURIComponent(m[1]);
  } catch {
    path = m[1];
  }
  return `${m[2].toUpperCase()} ${path.replace(/~1/g, '/').replace(/~0/g, '~')}`;
}

/** One link: name, target operation (`operationId` or `operationRef`), parameter mapping, request body, description. */
function renderLink(link: LinkModel, ctx: RenderContext): string {
  const target =
    link.operationId !== undefined
      ? `<span class="sheaf-op-link-target">operation <code>${escapeHtml(link.operationId)}</code></span>`
      : link.operationRef !== undefined
        ? `<span class="sheaf-op-link-target">operation <code>${escapeHtml(operationRefText(link.operationRef))}</code></span>`
        : '';
  let html = `<div class="sheaf-op-link-head"><code class="sheaf-op-link-name">${escapeHtml(link.name)}</code>${target !== '' ? ` → ${target}` : ''}</div>`;
  if (link.description !== undefined) html += ctx.markdown(link.description);
  const params = Object.entries(link.parameters ?? {});
  if (params.length > 0) {
    const rows = params.map(([name, value]) => `<tr><td><code>${escapeHtml(name)}</code></td><td><code>${escapeHtml(exampleText(value))}</code></td></tr>`);
    html += `<table class="sheaf-op-link-params"><thead><tr><th>Parameter</th><th>Value</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }
  if (link.requestBody !== undefined) html += `<p class="sheaf-op-note">Request body: <code>${escapeHtml(exampleText(link.requestBody))}</code></p>`;
  addText(ctx, link.name, link.operationId, link.description);
  return `<div class="sheaf-op-link">${html}</div>`;
}

/**
 * One response: a heading with the status and its reason phrase, description, headers (as field
 * rows), content per media type, links. `level` is the heading level; its id is `PREFIXresponse-STATUS`.
 */
export function renderResponse(response: ResponseModel, level: number, idPrefix: string, ctx: RenderContext): { id: string; title: string; html: string } {
  const id = ctx.id(`${idPrefix}response-${idPart(response.status)}`);
  const reason = statusText(response.status);
  const title = reason !== '' ? `${response.status} ${reason}` : response.status;
  addText(ctx, title, response.description);
  let html = heading(level, id, `<span class="sheaf-op-status" data-status-class="${statusClass(response.status)}">${escapeHtml(response.status)}</span>${reason !== '' ? ` <span class="sheaf-op-reason">${escapeHtml(reason)}</span>` : ''}`);
  if (response.description !== undefined && response.description.trim().toLowerCase() !== reason.toLowerCase()) html += `<div class="sheaf-op-description">${ctx.markdown(response.description)}</div>`;
  if (response.headers.length > 0) {
    html += `<div class="sheaf-op-headers"><div class="sheaf-op-subhead">Headers</div>${response.headers.map((h) => renderParameter(h, 'response', `${id}-header`, ctx)).join('')}</div>`;
  }
  html += renderContent(response.content, 'response', `${id}-body`, ctx);
  if (response.links.length > 0) {
    html += `<div class="sheaf-op-links"><div class="sheaf-op-subhead">Links</div>${response.links.map((l) => renderLink(l, ctx)).join('')}</div>`;
  }
  return { id, title, html: `<section class="sheaf-op-response" data-status="${escapeHtml(response.status)}">${html}</section>` };
}
