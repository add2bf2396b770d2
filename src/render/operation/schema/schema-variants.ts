import { escapeHtml } from '../../html.js';
import { text, type Obj } from '../../../openapi/operation-model/deref.js';
import type { RenderContext } from '../render-context.js';
import { distinctTitles, renderTabSet } from '../tab-set.js';
import { mergeAllOf } from './merge-all-of.js';
import { expansionNote } from './expansion.js';
import { resolveSchema, type ResolvedSchema } from './resolve-schema.js';
import { schemaFacts } from './schema-facts.js';
import { renderNot } from './schema-not.js';
import { withAncestor, type ChildrenRenderer, type TreeState } from './schema-state.js';
import { isNullSchema, typeLabel } from './type-label.js';
import { isRecord } from '../../../parse/is-record.js';

const LABELS = { oneOf: 'One of', anyOf: 'Any of' } as const;

/** The discriminator's property and the values naming each schema pointer (explicit mapping, else the schema name). */
function discriminator(doc: unknown, schema: Obj): { property: string; values: (m: ResolvedSchema) => string[] } | undefined {
  const d = schema.discriminator;
  if (!isRecord(d) || typeof d.propertyName !== 'string') return undefined;
  const byPointer = new Map<string, string[]>();
  for (const [value, ref] of Object.entries(isRecord(d.mapping) ? d.mapping : {})) {
    if (typeof ref !== 'string') continue;
    const target = resolveSchema(doc, { $ref: ref.startsWith('#') ? ref : `#/components/schemas/${ref}` }).pointer;
    if (target !== undefined) byPointer.set(target, [...(byPointer.get(target) ?? []), value]);
  }
  return {
    property: d.propertyName,
    values: (m) => (m.pointer !== undefined && byPointer.has(m.pointer) ? (byPointer.get(m.pointer) ?? []) : m.name !== undefined && byPointer.size === 0 ? [m.name] : []),
  };
}

/** The content of one option: type and name, description, discriminator value, facts and nested fields. */
function renderOption(m: ResolvedSchema, values: readonly string[], property: string | undefined, st: TreeState, ctx: RenderContext, children: ChildrenRenderer, id: string): string {
  if (m.unresolved !== undefined || (m.pointer !== undefined && st.ancestors.has(m.pointer))) return expansionNote(ctx, st, m, m.schema, id);
  ctx.budget -= 1;
  const ancestors = withAncestor(st.ancestors, m.pointer);
  const schema = mergeAllOf(ctx.doc, m.schema, ancestors);
  let html = `<div class="sheaf-op-option-head"><span class="sheaf-field-type">${escapeHtml(typeLabel(ctx.doc, schema))}</span>`;
  if (m.name !== undefined) html += `<span class="sheaf-op-schema-name">${escapeHtml(m.name)}</span>`;
  html += '</div>';
  const description = text(schema.description);
  if (description !== undefined) html += ctx.markdown(description);
  if (property !== undefined && values.length > 0) {
    html += `<p class="sheaf-op-discriminator-value"><code>${escapeHtml(property)}</code> = ${values.map((v) => `<code>${escapeHtml(v)}</code>`).join(' or ')}</p>`;
  }
  html += schemaFacts(schema, ctx.markdown) + renderNot(schema, st.mode, ctx);
  const note = expansionNote(ctx, st, m, schema, id);
  if (note !== '') return html + note;
  return html + children(schema, { ...st, ancestors, depth: st.depth + 1, idPath: id }, ctx).html;
}

/** Keywords that make an option worth a tab: anything beyond a bare type (which the type label already says). */
const TELLING = ['title', 'description', 'properties', 'additionalProperties', 'patternProperties', 'items', 'enum', 'const', 'oneOf', 'anyOf', 'allOf', 'not', 'format', 'pattern', 'default', 'example', 'examples'];

/** True when some option of `schema` has more to show than its type (a name, fields, facts…). */
export function hasTellingOptions(doc: unknown, schema: Obj): boolean {
  return [schema.oneOf, schema.anyOf].some(
    (list) =>
      Array.isArray(list) &&
      list.some((raw) => {
        const m = resolveSchema(doc, raw);
        return m.name !== undefined || m.unresolved !== undefined || (!isNullSchema(m.schema) && TELLING.some((k) => m.schema[k] !== undefined));
      }),
  );
}

/**
 * `oneOf` and `anyOf` as tab sets of options titled by `title`, else the `$ref` name, else
 * `Option N` (made distinct). `null` members are left out (the type label says `| null`); a single
 * remaining member is shown inline. With a discriminator, the label names its property and each
 * option shows the value that selects it. Options that are bare types (`string | integer`) are
 * not shown: the type label says it all. `tabs` tells whether a tab set was made.
 */
export function renderVariants(schema: Obj, st: TreeState, ctx: RenderContext, children: ChildrenRenderer): { html: string; tabs: boolean } {
  if (!hasTellingOptions(ctx.doc, schema)) return { html: '', tabs: false };
  let tabs = false;
  let out = '';
  const disc = discriminator(ctx.doc, schema);
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    const members = list.map((raw) => resolveSchema(ctx.doc, raw)).filter((m) => !isNullSchema(m.schema));
    if (members.length === 0) continue;
    if (members.length === 1 && members[0] !== undefined) {
      const id = ctx.id(`${st.idPath}-${keyword.toLowerCase()}`);
      out += `<div class="sheaf-op-option" id="${escapeHtml(id)}">${renderOption(members[0], disc?.values(members[0]) ?? [], disc?.property, st, ctx, children, id)}</div>`;
      continue;
    }
    const titles = distinctTitles(members.map((m, i) => text(m.schema.title) ?? m.name ?? `Option ${i + 1}`));
    const panels = members.map((m, i) => {
      const title = titles[i] ?? `Option ${i + 1}`;
      const id = ctx.id(`${st.idPath}-${keyword.toLowerCase()}-${i + 1}`);
      return { title, html: `<div class="sheaf-op-option" id="${escapeHtml(id)}">${renderOption(m, disc?.values(m) ?? [], disc?.property, st, ctx, children, id)}</div>` };
    });
    tabs = true;
    const by = disc ? ` · discriminated by <code>${escapeHtml(disc.property)}</code>` : '';
    out += `<div class="sheaf-op-variants-label" data-keyword="${keyword}">${LABELS[keyword]}${by}</div>${renderTabSet(panels, 'sheaf-op-variants')}`;
  }
  return { html: out, tabs };
}
