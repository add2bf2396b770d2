import { escapeHtml } from '../html.js';
import type { ParameterModel } from '../../openapi/operation-model/model.js';
import { inlineExamples } from './render-examples.js';
import type { RenderContext } from './render-context.js';
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
