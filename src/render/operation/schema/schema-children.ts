import { escapeHtml } from '../../html.js';
import type { Obj } from '../../../openapi/operation-model/deref.js';
import type { RenderContext } from '../render-context.js';
import { mergeAllOf } from './merge-all-of.js';
import { expansionNote, refLabel } from './expansion.js';
import { resolveSchema } from './resolve-schema.js';
import { arrayItem, renderField } from './schema-field.js';
import { NOTHING, withAncestor, type Nested, type TreeState } from './schema-state.js';
import { renderVariants } from './schema-variants.js';
import { isRecord } from '../../../parse/is-record.js';

/** Multipart encodings of the root's properties: a content type per field name. */
export type Encodings = Readonly<Record<string, { readonly contentType?: string }>>;

/** The rows of an object's `properties`, `patternProperties` and `additionalProperties`. */
function renderProperties(schema: Obj, st: TreeState, ctx: RenderContext, encoding?: Encodings): string {
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []);
  let out = '';
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [name, raw] of Object.entries(properties)) {
    const contentType = encoding?.[name]?.contentType;
    const extra = contentType !== undefined ? `<div class="sheaf-op-facts"><div class="sheaf-op-fact"><span class="sheaf-op-fact-name">Content type</span><span><code>${escapeHtml(contentType)}</code></span></div></div>` : undefined;
    out += renderField({ name, schema: raw, required: required.has(name), ...(extra !== undefined ? { extra } : {}) }, st, ctx, renderChildren);
  }
  for (const [pattern, raw] of Object.entries(isRecord(schema.patternProperties) ? schema.patternProperties : {})) {
    out += renderField({ name: pattern, nameHtml: `<span class="sheaf-op-key">/${escapeHtml(pattern)}/</span>`, schema: raw, required: false, labels: ['pattern'] }, st, ctx, renderChildren);
  }
  const extra = schema.additionalProperties;
  if (isRecord(extra) && (Object.keys(extra).length > 0 || Object.keys(properties).length === 0)) {
    out += renderField({ name: '{key}', nameHtml: '<span class="sheaf-op-key">{key}</span>', schema: extra, required: false, labels: ['additional properties'] }, st, ctx, renderChildren);
  }
  return out;
}

/** A discriminator without `oneOf`/`anyOf` (allOf-based polymorphism): its property and mapping. */
function renderMapping(schema: Obj, mode: TreeState['mode'], ctx: RenderContext): string {
  const d = schema.discriminator;
  if (!isRecord(d) || typeof d.propertyName !== 'string' || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return '';
  const rows = Object.entries(isRecord(d.mapping) ? d.mapping : {})
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([value, ref]) => {
      const target = resolveSchema(ctx.doc, { $ref: ref.startsWith('#') ? ref : `#/components/schemas/${ref}` });
      return `<dt><code>${escapeHtml(value)}</code></dt><dd>${refLabel(ctx, mode, target.pointer, target.name ?? ref)}</dd>`;
    });
  return `<div class="sheaf-op-discriminator"><p>Discriminated by <code>${escapeHtml(d.propertyName)}</code>.</p>${rows.length > 0 ? `<dl class="sheaf-op-mapping">${rows.join('')}</dl>` : ''}</div>`;
}

/**
 * What is nested in a resolved, allOf-merged schema: an array's item fields (through nested
 * arrays), properties, options, a bare discriminator mapping. Item `$ref`s are checked for
 * cycles like properties. `encoding` applies to the root's own properties only.
 */
export function renderChildren(schema: Obj, st: TreeState, ctx: RenderContext, encoding?: Encodings): Nested {
  const item = arrayItem(ctx.doc, schema);
  if (item !== undefined) {
    const ancestors = withAncestor(st.ancestors, item.pointer);
    const merged = mergeAllOf(ctx.doc, item.schema, ancestors);
    const note = expansionNote(ctx, { ...st, depth: 0 }, item, merged, st.idPath);
    if (note !== '') return { html: note, title: 'items' };
    return renderChildren(merged, { ...st, ancestors }, ctx);
  }
  const rows = renderProperties(schema, st, ctx, encoding);
  const variants = renderVariants(schema, st, ctx, renderChildren);
  const html = rows + variants.html + renderMapping(schema, st.mode, ctx);
  if (html === '') return NOTHING;
  return { html, title: variants.tabs && rows === '' ? 'options' : 'properties' };
}
