import { escapeHtml } from '../../html.js';
import type { Obj } from '../../../openapi/operation-model/deref.js';
import type { RenderContext } from '../render-context.js';
import { refName } from './resolve-schema.js';
import { MAX_DEPTH, MAX_NESTED_REFS, type TreeState } from './schema-state.js';
import { isRecord } from '../../../parse/is-record.js';

/**
 * Named schemas with more fields than this are expanded once per page and mode; later uses link
 * to that expansion (GitHub's `simple-user` appears dozens of times on some pages).
 */
const SMALL_SCHEMA_FIELDS = 6;

const key = (mode: TreeState['mode'], pointer: string) => `${mode} ${pointer}`;

/**
 * A named schema shown by name instead of expanded: a link to where the page expands it (for the
 * same mode), else a label (there are no schema pages, so never a link elsewhere).
 */
export function refLabel(ctx: RenderContext, mode: TreeState['mode'], pointer: string | undefined, name: string | undefined): string {
  const label = escapeHtml(name ?? (pointer !== undefined ? refName(pointer) : 'schema'));
  const anchor = pointer !== undefined ? ctx.anchors.get(key(mode, pointer)) : undefined;
  return anchor !== undefined
    ? `<a class="sheaf-op-ref" href="#${escapeHtml(anchor)}">${label}</a>`
    : `<span class="sheaf-op-ref">${label}</span>`;
}

/** The note for a `$ref` that does not resolve. */
export function unresolvedNote(ref: string): string {
  return `<p class="sheaf-op-ref-note" data-reason="unresolved">Unresolved reference <code>${escapeHtml(ref)}</code>.</p>`;
}

export interface Target {
  /** Where the schema lives (named schemas and other `$ref` targets); `undefined` for inline schemas. */
  readonly pointer?: string | undefined;
  readonly name?: string | undefined;
  readonly unresolved?: string | undefined;
}

/**
 * Whether the nested fields of `schema` (reached through `target`) are expanded at `anchor`, the
 * id of the element that will hold them. Returns `''` to expand (recording `anchor` as the
 * schema's first expansion), else the note shown instead: an unresolved `$ref`; a cycle (linking
 * the ancestor); the depth, nesting of references or row budget reached; or a large named schema already expanded on
 * the page for the same mode ("same fields as …", linking there).
 */
export function expansionNote(ctx: RenderContext, st: TreeState, target: Target, schema: Obj, anchor: string): string {
  const { pointer, name } = target;
  if (target.unresolved !== undefined) return unresolvedNote(target.unresolved);
  if (pointer !== undefined && st.ancestors.has(pointer)) {
    return `<p class="sheaf-op-ref-note" data-reason="cycle">Recursive: the same fields as ${refLabel(ctx, st.mode, pointer, name)} above.</p>`;
  }
  if (st.depth >= MAX_DEPTH || ctx.budget <= 0 || (pointer !== undefined && st.ancestors.size >= MAX_NESTED_REFS)) {
    const what = pointer === undefined && name === undefined ? 'Its fields' : `Fields of ${refLabel(ctx, st.mode, pointer, name)}`;
    return `<p class="sheaf-op-ref-note" data-reason="depth">${what} are not expanded at this depth.</p>`;
  }
  if (pointer === undefined) return '';
  const seen = ctx.anchors.get(key(st.mode, pointer));
  if (seen === undefined) {
    ctx.anchors.set(key(st.mode, pointer), anchor);
    return '';
  }
  const fields = isRecord(schema.properties) ? Object.keys(schema.properties).length : 0;
  if (fields <= SMALL_SCHEMA_FIELDS && !Array.isArray(schema.oneOf) && !Array.isArray(schema.anyOf)) return '';
  return `<p class="sheaf-op-ref-note" data-reason="repeat">The same fields as ${refLabel(ctx, st.mode, pointer, name)} above.</p>`;
}
