import type { Heading } from '../../model/render.js';
import { escapeHtml } from '../html.js';
import type { CallbackModel, OperationModel } from '../../openapi/operation-model/model.js';
import { heading, methodBadge, templateHtml } from './html-bits.js';
import { renderExternalDocs } from './render-header.js';
import { renderContent } from './render-media.js';
import { LOCATIONS, LOCATION_TITLES, QUERYSTRING_ID, QUERYSTRING_TITLE, renderParameterList, renderQuerystring } from './render-parameters.js';
import { renderResponse } from './render-responses.js';
import { renderSecurity } from './render-security.js';
import { addText, idPart, takeText, type RenderContext } from './render-context.js';

/** One titled part of an operation page: Authorization, a parameter location, the body, responses, callbacks. */
export interface Part {
  readonly heading: Heading;
  /** Headings inside the part (response statuses), one level deeper. */
  readonly subheadings: readonly Heading[];
  readonly html: string;
  /** Its search text (empty when the parts are nested in a callback: their text joins the callbacks part). */
  readonly text: string;
}

export interface PartsOptions {
  /** Heading level of the parts (2 on the page, 4 inside callbacks). */
  readonly level: number;
  /** Prefix of every id (`''` on the page, `callback-NAME-METHOD-` inside callbacks). */
  readonly idPrefix: string;
  /** Cut the search text at each part (the page); nested parts leave it to their container. */
  readonly split: boolean;
}

function renderCallbacks(callbacks: readonly CallbackModel[], level: number, ctx: RenderContext): string {
  let html = '';
  for (const callback of callbacks) {
    for (const op of callback.operations) {
      const idPrefix = ctx.id(`callback-${idPart(callback.name)}-${op.method.toLowerCase()}`) + '-';
      addText(ctx, callback.name, op.summary, op.description);
      let body = op.summary !== undefined ? `<p class="sheaf-op-callback-summary">${escapeHtml(op.summary)}</p>` : '';
      if (op.description !== undefined) body += `<div class="sheaf-op-description">${ctx.markdown(op.description)}</div>`;
      if (op.externalDocs !== undefined) body += renderExternalDocs(op.externalDocs, ctx);
      body += renderParts(op, ctx, { level: Math.min(level + 2, 6), idPrefix, split: false }).map((p) => p.html).join('');
      const summary = `<span class="sheaf-op-callback-name">${escapeHtml(callback.name)}</span>${methodBadge(op.method)}<code class="sheaf-op-path">${templateHtml(callback.expression)}</code>`;
      html += `<details class="sheaf-op-callback"${ctx.expanded ? ' open' : ''}><summary>${summary}</summary><div class="sheaf-op-callback-body">${body}</div></details>`;
    }
  }
  return html;
}

/**
 * The parts of an operation in page order: Authorization, parameters per location (path, query,
 * then OpenAPI 3.2's query string, header, cookie), request body (`Payload` for webhooks), responses (a heading per status),
 * callbacks (each callback operation collapsible, rendered with the same parts). Parts with
 * nothing to show are left out. Ids: `authorization`, `path-parameters`… `query-string`, `request-body`,
 * `responses`, `response-200`, `callbacks`, each with `idPrefix`.
 */
export function renderParts(model: OperationModel, ctx: RenderContext, options: PartsOptions): Part[] {
  const { level, idPrefix: prefix } = options;
  const parts: Part[] = [];
  const add = (id: string, title: string, html: string, subheadings: Heading[] = []): void => {
    if (html === '') return;
    parts.push({
      heading: { depth: level, text: title, id },
      subheadings,
      html: `<section class="sheaf-op-part" data-part="${escapeHtml(id)}">${heading(level, id, escapeHtml(title))}${html}</section>`,
      text: options.split ? takeText(ctx) : '',
    });
  };
  const id = (base: string) => ctx.id(`${prefix}${base}`);

  add(id('authorization'), 'Authorization', renderSecurity(model.security, ctx, model.securityNone === true));
  for (const location of LOCATIONS) {
    const params = model.parameters.filter((p) => p.in === location);
    if (params.length > 0) add(id(`${location}-parameters`), LOCATION_TITLES[location], renderParameterList(params, prefix, ctx));
    if (location === 'query' && model.querystring) add(id(QUERYSTRING_ID), QUERYSTRING_TITLE, renderQuerystring(model.querystring, prefix, ctx));
  }
  const body = model.requestBody;
  if (body) {
    const bodyId = id(model.kind === 'webhook' ? 'payload' : 'request-body');
    addText(ctx, body.description);
    let html = body.required ? '<span class="sheaf-field-required">required</span>' : '';
    if (body.description !== undefined) html += `<div class="sheaf-op-description">${ctx.markdown(body.description)}</div>`;
    html += renderContent(body.content, 'request', `${prefix}body`, ctx);
    add(bodyId, model.kind === 'webhook' ? 'Payload' : 'Request body', html);
  }
  if (model.responses.length > 0) {
    const responsesId = id('responses');
    const rendered = model.responses.map((r) => renderResponse(r, level + 1, prefix, ctx));
    const subheadings = options.split ? rendered.map((r) => ({ depth: level + 1, text: r.title, id: r.id })) : [];
    add(responsesId, 'Responses', rendered.map((r) => r.html).join(''), subheadings);
  }
  if (model.callbacks.length > 0) add(id('callbacks'), 'Callbacks', renderCallbacks(model.callbacks, level, ctx));
  return parts;
}
