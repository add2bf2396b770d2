import type { ExternalDocsModel, MediaModel, OperationModel, SecurityRequirementModel, SecuritySchemeModel } from '../../openapi/operation-model/model.js';
import { cell, fieldRows, table } from './markdown-fields.js';
import { safeHref } from './html-bits.js';
import { groupMedia } from './group-media.js';
import { LOCATIONS, LOCATION_TITLES, QUERYSTRING_TITLE } from './render-parameters.js';
import { itemNoun } from './render-media.js';
import { resolveSchema } from './schema/resolve-schema.js';
import { typeLabel } from './schema/type-label.js';
import { statusText } from './status-text.js';
import { operationRefText } from './render-responses.js';
import type { ParameterModel } from '../../openapi/operation-model/model.js';

/** OAuth 2.0 flow names as the page shows them. */
const FLOW_NAMES: Readonly<Record<string, string>> = {
  authorizationCode: 'authorization code',
  clientCredentials: 'client credentials',
  implicit: 'implicit',
  password: 'password',
  deviceAuthorization: 'device authorization',
};

function schemeLine(s: SecuritySchemeModel, scopes: readonly string[]): string {
  const what =
    s.type === 'apiKey' ? `API key \`${s.name ?? s.key}\` in ${s.in ?? 'header'}`
    : s.type === 'http' ? `HTTP ${s.scheme ?? ''} in the \`Authorization\` header`
    : s.type === 'oauth2' ? 'OAuth 2.0 bearer token'
    : s.type === 'openIdConnect' ? 'OpenID Connect bearer token'
    : 'Mutual TLS client certificate';
  const flows = Object.keys(s.flows ?? {}).map((f) => FLOW_NAMES[f] ?? f);
  const flowText = flows.length > 0 ? ` (flow${flows.length > 1 ? 's' : ''}: ${flows.join(', ')})` : '';
  const metadata = s.oauth2MetadataUrl !== undefined ? `; server metadata: <${s.oauth2MetadataUrl}>` : '';
  const scopeText = scopes.length > 0 ? ` (scopes: ${scopes.map((x) => `\`${x}\``).join(', ')})` : '';
  return `- **${s.key}**${s.deprecated ? ' (deprecated)' : ''}: ${what}${flowText}${metadata}${scopeText}${s.description !== undefined ? `. ${cell(s.description)}` : ''}`;
}

/** One alternative as a list item: its scheme, `All of:` with its schemes nested, or `None` for `{}`. */
function alternativeLines(r: SecurityRequirementModel): string {
  if (r.schemes.length === 0) return '- **None**: no authentication.';
  if (r.schemes.length === 1) return r.schemes.map((x) => schemeLine(x.scheme, x.scopes)).join('');
  return ['- All of these, together:', ...r.schemes.map((x) => `  ${schemeLine(x.scheme, x.scopes)}`)].join('\n');
}

/**
 * The Authorization section as the page shows it (see `renderSecurity`): `security: []` or only
 * `{}` say "No authentication."; several alternatives (a `{}` among them is `None`) are listed
 * after "Any one of these:". `''` when no `security` applies.
 */
function authorizationMarkdown(model: OperationModel): string {
  const security = model.security;
  const alternatives = security.filter((r) => r.schemes.length > 0);
  if (security.length === 0 && model.securityNone !== true) return '';
  if (alternatives.length === 0) return '## Authorization\n\nNo authentication.';
  const optional = alternatives.length < security.length;
  if (!optional && alternatives.length === 1) return `## Authorization\n\n${alternatives.map(alternativeLines).join('')}`;
  const shown = security.filter((r, i) => r.schemes.length > 0 || security.findIndex((x) => x.schemes.length === 0) === i);
  return `## Authorization\n\n${optional ? 'Optional. ' : ''}Any one of these:\n\n${shown.map(alternativeLines).join('\n')}`;
}

/**
 * `externalDocs` as `External documentation: [description](url)`; a URL that is not absolute
 * http(s) is never a link (code instead), as on the page.
 */
function externalDocsLine(docs: ExternalDocsModel): string {
  const label = docs.description?.replace(/\s+/g, ' ').trim();
  const href = safeHref(docs.url);
  if (href === undefined) return `External documentation: ${label !== undefined ? `${label}: ` : ''}\`${docs.url.replace(/`/g, '')}\``;
  return `External documentation: [${(label ?? href).replace(/[[\]\\]/g, '\\$&')}](<${href.replace(/[<>]/g, encodeURIComponent)}>)`;
}

/** A type as inline code (`integer<int32>` must not read as an HTML tag). */
const code = (text: string) => `\`${text}\``;

/** Allowed values and default of a parameter, after its description. */
function paramNotes(doc: unknown, p: ParameterModel): string {
  const schema = p.schema ? resolveSchema(doc, p.schema).schema : {};
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) notes.push(`Allowed: ${schema.enum.slice(0, 20).map((v) => code(typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}${schema.enum.length > 20 ? ', …' : ''}.`);
  if (schema.default !== undefined) notes.push(`Default: ${code(JSON.stringify(schema.default))}.`);
  return notes.join(' ');
}

function mediaBlocks(doc: unknown, content: readonly MediaModel[], mode: 'request' | 'response'): string[] {
  return groupMedia(content).map((g) => mediaBlock(doc, g.media, g.types, mode));
}

function mediaBlock(doc: unknown, media: MediaModel, types: readonly string[], mode: 'request' | 'response'): string {
  const rows = media.schema !== undefined ? fieldRows(doc, media.schema, mode) : [];
  const type = media.schema !== undefined ? ` (${code(typeLabel(doc, resolveSchema(doc, media.schema).schema))})` : '';
  const fields = table(['Field', 'Type', 'Required', 'Description'], rows.map((r) => [code(r.name), code(r.type), r.required ? 'yes' : 'no', r.description]));
  const blocks = [`${types.map(code).join(', ')}${type}`, fields];
  if (media.itemSchema !== undefined) {
    // OpenAPI 3.2 `itemSchema`: the schema of each event / line / record of the stream.
    const noun = itemNoun(media.mediaType);
    const itemRows = fieldRows(doc, media.itemSchema, mode);
    blocks.push(`A stream; each ${noun} (${code(typeLabel(doc, resolveSchema(doc, media.itemSchema).schema))}):`);
    blocks.push(table(['Field', 'Type', 'Required', 'Description'], itemRows.map((r) => [code(r.name), code(r.type), r.required ? 'yes' : 'no', r.description])));
  }
  return blocks.filter((s) => s !== '').join('\n\n');
}

/**
 * A readable Markdown copy of an operation page (for `route.md`, llms-full.txt and agents):
 * title, method and path, description, own content, servers, authorization, parameters as
 * tables, request body and responses with their fields, callbacks by name.
 */
export function renderOperationMarkdown(title: string, model: OperationModel, doc: unknown, content: string | undefined): string {
  const out: string[] = [`# ${title}`, `\`${model.kind === 'webhook' ? 'WEBHOOK ' : ''}${model.method} ${model.path}\``];
  if (model.deprecated) out.push('> **Deprecated**');
  if (model.kind === 'webhook' && model.summary !== undefined) out.push(model.summary.trim());
  if (model.description !== undefined) out.push(model.description.trim());
  if (model.externalDocs !== undefined) out.push(externalDocsLine(model.externalDocs));
  if (content !== undefined && content.trim() !== '') out.push(content.trim());
  if (model.servers.length > 0) out.push(`Servers: ${model.servers.map((s) => `\`${s.url}\``).join(', ')}`);
  const authorization = authorizationMarkdown(model);
  if (authorization !== '') out.push(authorization);
  for (const location of LOCATIONS) {
    const params = model.parameters.filter((p) => p.in === location);
    if (params.length === 0) continue;
    const rows = params.map((p) => [
      code(p.name),
      code(p.schema ? typeLabel(doc, resolveSchema(doc, p.schema).schema) : 'any'),
      p.required ? 'yes' : 'no',
      [p.deprecated ? '(deprecated)' : '', p.description ?? '', paramNotes(doc, p)].filter((x) => x !== '').join(' '),
    ]);
    out.push(`## ${LOCATION_TITLES[location]}\n\n${table(['Name', 'Type', 'Required', 'Description'], rows)}`);
  }
  const qs = model.querystring;
  if (qs) {
    // OpenAPI 3.2 `in: querystring`: one value is the whole query string.
    const head = `\`${qs.name}\`${qs.required ? ' (required)' : ''}${qs.deprecated ? ' (deprecated)' : ''}: the whole query string, as ${code(qs.mediaType)}.`;
    const blocks = [`## ${QUERYSTRING_TITLE}`, head, qs.description?.trim() ?? '', mediaBlock(doc, { mediaType: qs.mediaType, ...(qs.schema ? { schema: qs.schema } : {}), examples: [] }, [qs.mediaType], 'request')];
    out.push(blocks.filter((b) => b !== '').join('\n\n'));
  }
  const body = model.requestBody;
  if (body) {
    const parts = [`## ${model.kind === 'webhook' ? 'Payload' : 'Request body'}${body.required ? ' (required)' : ''}`];
    if (body.description !== undefined) parts.push(body.description.trim());
    parts.push(...mediaBlocks(doc, body.content, 'request'));
    out.push(parts.join('\n\n'));
  }
  if (model.responses.length > 0) {
    const parts = ['## Responses'];
    for (const r of model.responses) {
      parts.push(`### ${r.status} ${statusText(r.status)}`.trim());
      if (r.description !== undefined && r.description.trim().toLowerCase() !== statusText(r.status).toLowerCase()) parts.push(r.description.trim());
      if (r.headers.length > 0) parts.push(table(['Header', 'Type', 'Description'], r.headers.map((h) => [code(h.name), code(h.schema ? typeLabel(doc, resolveSchema(doc, h.schema).schema) : 'any'), h.description ?? ''])));
      parts.push(...mediaBlocks(doc, r.content, 'response'));
      if (r.links.length > 0) parts.push(r.links.map((l) => `- Link **${l.name}** → \`${l.operationId ?? (l.operationRef !== undefined ? operationRefText(l.operationRef) : '')}\`${l.description !== undefined ? `: ${cell(l.description)}` : ''}`).join('\n'));
    }
    out.push(parts.join('\n\n'));
  }
  if (model.callbacks.length > 0) {
    const lines = model.callbacks.flatMap((c) => c.operations.map((op) => `- **${c.name}**: \`${op.method} ${c.expression}\`${op.summary !== undefined ? ` ${op.summary}` : ''}`));
    out.push(`## Callbacks\n\n${lines.join('\n')}`);
  }
  return `${out.join('\n\n')}\n`;
}
