import { escapeHtml } from '../../html.js';
import type { Obj } from '../../../openapi/operation-model/deref.js';
import type { RenderContext } from '../render-context.js';
import { refLabel } from './expansion.js';
import type { TreeState } from './schema-state.js';
import { resolveSchema } from './resolve-schema.js';
import { typeLabel } from './type-label.js';

/** `not`: a line saying what the value must not be (type, and the schema name when it has one); `''` without `not`. */
export function renderNot(schema: Obj, mode: TreeState['mode'], ctx: RenderContext): string {
  if (schema.not === undefined) return '';
  const not = resolveSchema(ctx.doc, schema.not);
  const name = not.name !== undefined ? ` ${refLabel(ctx, mode, not.pointer, not.name)}` : '';
  const label = Object.keys(not.schema).length === 0 ? 'anything' : typeLabel(ctx.doc, not.schema);
  return `<p class="sheaf-op-not">Must not be: <span class="sheaf-field-type">${escapeHtml(label)}</span>${name}</p>`;
}
