import { escapeHtml } from '../html.js';
import type { ParameterModel, QuerystringModel } from '../../openapi/operation-model/model.js';
import { inlineExamples } from './render-examples.js';
import { addText, type RenderContext } from './render-context.js';
import { renderSchemaField } from './schema/render-schema.js';

export const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

/** Section titles and ids per location. */
export const LOCATION_TITLES: Readonly<Record<ParameterModel['in'], string>> = {
  path: 'Path parameters',
  query: 'Query parameters',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
};

/** `style`/`explode` when they differ from the location's default (form+explode for query and cookie, simple otherwise). */
function serialization(p: ParameterModel): string {
  const defaultStyle = p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple';
  const style = p.style ?? defaultStyle;
  const explode = p.explode ?? style === 'form';
  if (style === defaultStyle && explode === (style === 'form')) return '';
  const text = style === 'deepObject' || explode === (style === 'form') ? style : `${style}, ${explode ? 'exploded' : 'not exploded'}`;
  return `<div class="sheaf-op-facts"><div class="sheaf-op-fact"><span class="sheaf-op-fact-name">Style</span><span><code>${escapeHtml(text)}</code></span></div></div>`;
}

/** One parameter or response header as a field row (its examples and serialization after the facts). */
export function renderParameter(p: ParameterModel, mode: 'request' | 'response', idPath: string, ctx: RenderContext): string {
  return renderSchemaField(
    {
      name: p.name,
      schema: p.schema ?? {},
      required: p.required,
      deprecated: p.deprecated,
      ...(p.description !== undefined ? { description: p.description } : {}),
      extra: inlineExamples(p.examples) + (mode === 'request' ? serialization(p) : ''),
    },
    mode,
    idPath,
    ctx,
  );
}

/** The parameters of one location as field rows (ids `param-NAME`, made unique). */
export function renderParameterList(params: readonly ParameterModel[], idPrefix: string, ctx: RenderContext): string {
  return `<div class="sheaf-op-params">${params.map((p) => renderParameter(p, 'request', `${idPrefix}param`, ctx)).join('')}</div>`;
}

/** The title of the OpenAPI 3.2 `in: querystring` parameter's part, and its id (before any prefix). */
export const QUERYSTRING_TITLE = 'Query string';
export const QUERYSTRING_ID = 'query-string';

/**
 * An OpenAPI 3.2 `in: querystring` parameter: the whole query string is one value. One field row
 * like a parameter's (name, its media type's schema as type and nested fields, required,
 * deprecated, description; the media type as a label), with a sentence saying how it is sent and
 * its examples.
 */
export function renderQuerystring(q: QuerystringModel, idPrefix: string, ctx: RenderContext): string {
  const form = q.mediaType.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
  const how = form
    ? 'The whole query string: each field is one name=value pair, form-encoded.'
    : `The whole query string: one ${q.mediaType} value, percent-encoded.`;
  addText(ctx, how);
  const row = renderSchemaField(
    {
      name: q.name,
      schema: q.schema ?? {},
      required: q.required,
      deprecated: q.deprecated,
      ...(q.description !== undefined ? { description: q.description } : {}),
      labels: [q.mediaType],
      extra: `<p class="sheaf-op-note">${escapeHtml(how)}</p>${inlineExamples(q.examples)}`,
    },
    'request',
    `${idPrefix}querystring`,
    ctx,
  );
  return `<div class="sheaf-op-params sheaf-op-querystring">${row}</div>`;
}
