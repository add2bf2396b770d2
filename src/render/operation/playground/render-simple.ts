import { escapeHtml } from '../../html.js';
import type { OperationModel, SecuritySchemeModel } from '../../../openapi/operation-model/model.js';
import { firstRequirement, specSecurity } from './playground-spec.js';
import { requestUrl } from './server-url.js';

/** How a scheme shows in the summary: `Authorization: Bearer <token>`, `X-Api-Key: <key> (header)`. */
function authLine(scheme: SecuritySchemeModel): string {
  const spec = specSecurity(scheme);
  if (!spec) return `${scheme.key}: mutual TLS`;
  if (spec.kind === 'apiKey') return spec.in === 'query' ? `?${spec.name}=<key>` : spec.in === 'cookie' ? `Cookie: ${spec.name}=<key>` : `${spec.name}: <key>`;
  if (spec.kind === 'basic') return 'Authorization: Basic <username:password>';
  if (spec.kind === 'bearer') return 'Authorization: Bearer <token>';
  return `Authorization: ${spec.scheme} <credentials>`;
}

function list(title: string, items: readonly string[]): string {
  return items.length ? `<dt>${title}</dt>${items.map((i) => `<dd><code>${escapeHtml(i)}</code></dd>`).join('')}` : '';
}

/**
 * The request summary of `simple` display: method and URL (first server, variable defaults),
 * the auth it needs, its required parameters and body types. Nothing is sent; no script needed.
 */
export function renderSimple(model: OperationModel): string {
  const method = model.method.toUpperCase();
  const required = model.parameters.filter((p) => p.required || p.in === 'path').map((p) => `${p.name} (${p.in})`);
  const details = [
    list('Authorization', firstRequirement(model).map(authLine)),
    list('Required parameters', required),
    list('Body', (model.requestBody?.content ?? []).map((m) => m.mediaType)),
  ].join('');
  return (
    `<div class="sheaf-playground sheaf-playground-simple">` +
    `<div class="sheaf-playground-title">Request</div>` +
    `<p class="sheaf-playground-request"><span class="sheaf-playground-method sheaf-method-${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span> <code>${escapeHtml(requestUrl(model.servers[0], model.path))}</code></p>` +
    (details ? `<dl class="sheaf-playground-summary">${details}</dl>` : '') +
    `</div>`
  );
}
