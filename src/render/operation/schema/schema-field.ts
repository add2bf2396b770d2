import { escapeHtml } from '../../html.js';
import { text, type Obj } from '../../../openapi/operation-model/deref.js';
import { addText, idPart, type RenderContext } from '../render-context.js';
import { mergeAllOf } from './merge-all-of.js';
import { expansionNote } from './expansion.js';
import { resolveNamed, resolveSchema, type ResolvedSchema } from './resolve-schema.js';
import { schemaFacts } from './schema-facts.js';
import { hasTellingOptions } from './schema-variants.js';
import { renderNot } from './schema-not.js';
import { withAncestor, type ChildrenRenderer, type TreeState } from './schema-state.js';
import { schemaTypes, typeLabel } from './type-label.js';

/** One row of a schema tree: a property, parameter or header. */
export interface FieldSpec {
  readonly name: string;
  /** Shown instead of the name (already HTML), e.g. `{key}` for additional properties. */
  readonly nameHtml?: string;
  /** The raw schema (its `$ref` kept). */
  readonly schema: unknown;
  readonly required: boolean;
  readonly deprecated?: boolean;
  /** CommonMark that replaces the schema's description (a parameter's own). */
  readonly description?: string;
  /** Shown instead of the schema's type label (e.g. `certificate`). */
  readonly type?: string;
  /** Extra labels after the type (plain text), e.g. `header`. */
  readonly labels?: readonly string[];
  /** HTML after the facts (parameter examples, multipart encodings). */
  readonly extra?: string;
}

/** The item schema of an array (resolved), else `undefined`. */
export function arrayItem(doc: unknown, schema: Obj): ResolvedSchema | undefined {
  return schema.items !== undefined && schemaTypes(schema).includes('array') ? resolveSchema(doc, schema.items) : undefined;
}

/** True when a schema has fields or options to show below it (an array: when its items do). */
export function hasNested(doc: unknown, schema: Obj, hops = 0): boolean {
  if ((Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) && hasTellingOptions(doc, schema)) return true;
  if (schema.properties !== null && typeof schema.properties === 'object' && Object.keys(schema.properties).length > 0) return true;
  if (schema.patternProperties !== undefined || (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null)) return true;
  if (Array.isArray(schema.allOf)) return true;
  const item = arrayItem(doc, schema);
  return item !== undefined && hops < 4 && (item.unresolved !== undefined || hasNested(doc, item.schema, hops + 1));
}

/**
 * docs.json `api.params.post`: for each key, the schema's value as pills, as Mintlify documents
 * it: a string verbatim, `true` as the key's name, a number as written, an array one pill per
 * string or number element; `false`, `null`, empty strings, objects and anything else, none.
 */
export function postPills(schema: Obj, keys: readonly string[]): string[] {
  const pills: string[] = [];
  const one = (key: string, value: unknown, inArray: boolean): void => {
    if (typeof value === 'string' && value !== '') pills.push(value);
    else if (typeof value === 'number' && Number.isFinite(value)) pills.push(String(value));
    else if (value === true && !inArray) pills.push(key);
  };
  for (const key of keys) {
    const value = Object.hasOwn(schema, key) ? schema[key] : undefined;
    if (Array.isArray(value)) for (const element of value) one(key, element, true);
    else one(key, value, false);
  }
  return pills;
}

const hidden = (schema: Obj, mode: TreeState['mode']): boolean => (mode === 'request' ? schema.readOnly === true : schema.writeOnly === true);

/**
 * One field row in the components' field markup (`.sheaf-field`, as ParamField renders it): name
 * (linking to the row's own anchor on the first two levels and on rows that expand a referenced
 * schema), type, schema name, labels, description, facts, and nested fields in a
 * `<details class="sheaf-expandable">` (open when `ctx.expanded`). Returns `''` for a field the
 * mode hides. Cycles and the depth/size limits show a reference note instead of nested fields.
 */
export function renderField(f: FieldSpec, st: TreeState, ctx: RenderContext, children: ChildrenRenderer): string {
  const r = resolveNamed(ctx.doc, f.schema);
  if (hidden(r.schema, st.mode)) return '';
  ctx.budget -= 1;
  const cycle = r.pointer !== undefined && st.ancestors.has(r.pointer);
  const ancestors = withAncestor(st.ancestors, r.pointer);
  const schema = cycle ? r.schema : mergeAllOf(ctx.doc, r.schema, r.wrapped ? st.ancestors : ancestors);
  const description = f.description ?? text(schema.description);
  addText(ctx, f.name, description);
  const item = arrayItem(ctx.doc, schema);
  // Anchors for the fields a reader links to (the first two levels) and for those that expand a
  // referenced schema (notes elsewhere link there); deeper rows go without, to keep pages small.
  const anchored = st.depth <= 1 || r.pointer !== undefined || item?.pointer !== undefined;
  const id = anchored ? ctx.id(`${st.idPath}-${idPart(f.name)}`) : `${st.idPath}-${idPart(f.name)}`;
  const name = r.name ?? item?.name;
  const deprecated = f.deprecated === true || schema.deprecated === true;

  const label = f.nameHtml ?? escapeHtml(f.name);
  let head = anchored ? `<a class="sheaf-field-name" href="#${escapeHtml(id)}">${label}</a>` : `<span class="sheaf-field-name">${label}</span>`;
  head += `<span class="sheaf-field-type">${escapeHtml(f.type ?? typeLabel(ctx.doc, schema))}</span>`;
  if (name !== undefined) head += `<span class="sheaf-op-schema-name">${escapeHtml(name)}</span>`;
  for (const label of f.labels ?? []) head += `<span class="sheaf-field-label">${escapeHtml(label)}</span>`;
  for (const pill of postPills(schema, ctx.post)) head += `<span class="sheaf-field-label sheaf-field-post">${escapeHtml(pill)}</span>`;
  if (f.required) head += '<span class="sheaf-field-required">required</span>';
  if (deprecated) head += '<span class="sheaf-field-deprecated">deprecated</span>';

  let body = description !== undefined ? ctx.markdown(description) : '';
  body += f.extra ?? '';
  body += schemaFacts(schema, ctx.markdown) + renderNot(schema, st.mode, ctx);
  if (item !== undefined && !hasNested(ctx.doc, item.schema)) {
    const facts = schemaFacts(mergeAllOf(ctx.doc, item.schema, ancestors), ctx.markdown);
    if (facts !== '') body += `<div class="sheaf-op-items"><span class="sheaf-op-fact-name">Each item</span>${facts}</div>`;
  }
  if (r.unresolved !== undefined || cycle || hasNested(ctx.doc, schema)) {
    // An array of a schema being expanded above: say so here rather than in a nested box.
    const itemCycle = r.pointer === undefined && item?.pointer !== undefined && ancestors.has(item.pointer);
    const note = expansionNote(ctx, st, itemCycle ? item : r, schema, id);
    if (note !== '') body += note;
    else {
      const nested = children(schema, { ...st, ancestors, depth: st.depth + 1, idPath: id }, ctx);
      if (nested.html !== '') body += expandable(nested.title, nested.html, ctx.expanded);
    }
  }
  const attrs = `class="sheaf-field field"${anchored ? ` id="${escapeHtml(id)}"` : ''}${deprecated ? ' data-deprecated=""' : ''}`;
  return `<div ${attrs}><div class="sheaf-field-head">${head}</div>${body !== '' ? `<div class="sheaf-field-body">${body}</div>` : ''}</div>`;
}

/**
 * Nested fields in the Expandable component's markup ("Show properties" / "Hide properties"); the
 * chevron is drawn by operation.css (`.sheaf-op-nested`), not an inline SVG repeated per field.
 */
export function expandable(title: string, html: string, open: boolean): string {
  return `<details class="sheaf-expandable expandable sheaf-op-nested"${open ? ' open' : ''}><summary class="sheaf-expandable-summary"><span class="sheaf-expandable-title">${escapeHtml(title)}</span></summary><div class="sheaf-expandable-body">${html}</div></details>`;
}
