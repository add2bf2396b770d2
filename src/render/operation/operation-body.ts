import type { LoadedOpenApi } from '../../model/openapi.js';
import type { RenderedBody } from '../../model/render.js';
import type { SitePage } from '../../model/site.js';
import { isRecord } from '../../openapi/problem.js';
import { fragmentPointer, resolvePointer } from '../../openapi/resolve-pointer.js';
import { escapeHtml } from '../html.js';

const deref = (doc: unknown, value: unknown): unknown =>
  isRecord(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#')
    ? resolvePointer(doc, fragmentPointer(value.$ref))?.value
    : value;

/**
 * The body of an operation or webhook page: method, path, description and parameters, read
 * straight from the loaded document (every string escaped; descriptions shown as text).
 */
export function renderOperationBody(page: SitePage, loaded: LoadedOpenApi | undefined, pointer: string | undefined): RenderedBody {
  const op = loaded && pointer ? resolvePointer(loaded.document, pointer)?.value : undefined;
  const operation = page.operation;
  if (!operation || !isRecord(op)) {
    return { html: '<p>This operation could not be found in its OpenAPI document.</p>', headings: [], sections: [], markdown: '', features: [], diagnostics: [] };
  }
  const method = operation.method;
  const description = typeof op.description === 'string' ? op.description : '';
  const params = (Array.isArray(op.parameters) ? op.parameters : []).map((p) => deref(loaded?.document, p)).filter(isRecord);
  const rows = params.map((p) => {
    const schema = deref(loaded?.document, p.schema);
    const type = isRecord(schema) && typeof schema.type === 'string' ? schema.type : '';
    return `<tr><td><code>${escapeHtml(String(p.name ?? ''))}</code>${p.required ? ' <span class="required">required</span>' : ''}</td><td>${escapeHtml(String(p.in ?? ''))}</td><td>${escapeHtml(type)}</td><td>${escapeHtml(typeof p.description === 'string' ? p.description : '')}</td></tr>`;
  });
  const headings = rows.length ? [{ depth: 2, text: 'Parameters', id: 'parameters' }] : [];
  const html = [
    `<div class="operation-header"><span class="method-badge method-${method.toLowerCase()}">${escapeHtml(method)}</span> <code class="operation-path">${escapeHtml(operation.path)}</code></div>`,
    description ? `<div class="operation-description">${escapeHtml(description).replace(/\n\n+/g, '</p><p>').replace(/^/, '<p>').replace(/$/, '</p>')}</div>` : '',
    rows.length
      ? `<h2 id="parameters">Parameters</h2><table class="parameters"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '',
  ].join('\n');
  const text = [description, ...params.map((p) => `${String(p.name ?? '')} ${typeof p.description === 'string' ? p.description : ''}`)].join(' ');
  return {
    html,
    headings,
    sections: [{ anchor: '', heading: '', text: `${method} ${operation.path} ${text}`.replace(/\s+/g, ' ').trim() }],
    markdown: `# ${page.title}\n\n\`${method} ${operation.path}\`\n\n${description}\n`,
    features: [],
    diagnostics: [],
  };
}
