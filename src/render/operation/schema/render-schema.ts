import { escapeHtml } from '../../html.js';
import { text } from '../../../openapi/operation-model/deref.js';
import type { RenderContext } from '../render-context.js';
import { mergeAllOf } from './merge-all-of.js';
import { unresolvedNote } from './expansion.js';
import { resolveNamed } from './resolve-schema.js';
import { renderChildren, type Encodings } from './schema-children.js';
import { schemaFacts } from './schema-facts.js';
import { arrayItem, hasNested, renderField, type FieldSpec } from './schema-field.js';
import { renderNot } from './schema-not.js';
import { withAncestor, type TreeState } from './schema-state.js';
import { typeLabel } from './type-label.js';

export type { FieldSpec } from './schema-field.js';
export type { Encodings } from './schema-children.js';

export interface RootOptions {
  readonly mode: TreeState['mode'];
  /** Base of the root's element id and of its fields' ids (`request-body`, `response-200`). */
  readonly id: string;
  readonly encoding?: Encodings;
}

/**
 * The schema of a request body or response media type: type and schema name, description, facts,
 * then its fields (an array's item fields) and options at the top level, nested ones collapsible.
 * `$ref`s are resolved lazily as the tree is walked; the tree is cut on cycles and at the limits
 * (see `renderField`).
 */
export function renderSchemaRoot(raw: unknown, options: RootOptions, ctx: RenderContext): string {
  const id = ctx.id(options.id);
  const r = resolveNamed(ctx.doc, raw);
  if (r.unresolved !== undefined) return `<div class="sheaf-op-schema" id="${escapeHtml(id)}">${unresolvedNote(r.unresolved)}</div>`;
  const ancestors = withAncestor(new Set(), r.pointer);
  if (r.pointer !== undefined && !ctx.anchors.has(`${options.mode} ${r.pointer}`)) ctx.anchors.set(`${options.mode} ${r.pointer}`, id);
  const schema = mergeAllOf(ctx.doc, r.schema, r.wrapped ? new Set() : ancestors);
  const item = arrayItem(ctx.doc, schema);
  const name = r.name ?? item?.name;
  let html = `<div class="sheaf-op-schema-head"><span class="sheaf-field-type">${escapeHtml(typeLabel(ctx.doc, schema))}</span>`;
  if (name !== undefined) html += `<span class="sheaf-op-schema-name">${escapeHtml(name)}</span>`;
  html += '</div>';
  const description = text(schema.description);
  if (description !== undefined) html += ctx.markdown(description);
  html += schemaFacts(schema, ctx.markdown) + renderNot(schema, options.mode, ctx);
  if (item !== undefined && !hasNested(ctx.doc, item.schema)) {
    const facts = schemaFacts(mergeAllOf(ctx.doc, item.schema, ancestors), ctx.markdown);
    if (facts !== '') html += `<div class="sheaf-op-items"><span class="sheaf-op-fact-name">Each item</span>${facts}</div>`;
  }
  const state: TreeState = { mode: options.mode, ancestors, depth: 0, idPath: id };
  html += renderChildren(schema, state, ctx, options.encoding).html;
  return `<div class="sheaf-op-schema" id="${escapeHtml(id)}">${html}</div>`;
}

/** One parameter or header row (see `renderField`), its nested fields rendered by the schema tree. */
export function renderSchemaField(f: FieldSpec, mode: TreeState['mode'], idPath: string, ctx: RenderContext): string {
  const state: TreeState = { mode, ancestors: new Set(), depth: 0, idPath };
  return renderField(f, state, ctx, renderChildren);
}
