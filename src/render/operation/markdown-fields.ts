import { text, type Obj } from '../../openapi/operation-model/deref.js';
import { mergeAllOf } from './schema/merge-all-of.js';
import { resolveSchema } from './schema/resolve-schema.js';
import { arrayItem } from './schema/schema-field.js';
import { withAncestor } from './schema/schema-state.js';
import { typeLabel } from './schema/type-label.js';
import { isRecord } from '../../parse/is-record.js';

/** Levels of nested fields listed in the Markdown copy, and rows per table, at most. */
const MAX_LEVELS = 3;
const MAX_ROWS = 80;
/**
 * Arrays of arrays followed at one level (`items[][]…`), at most: array items do not count as a
 * level, and a chain of distinct `$ref`s (`A = array of B`, `B = array of C`, …) has no cycle
 * to stop at, so without this a document could make the walk recurse thousands deep.
 */
const MAX_ITEM_HOPS = 8;

export interface FieldRow {
  /** Dotted path: `address.city`, `items[].id`. */
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

/** A table cell: one line, `|` escaped. */
export function cell(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

/** A Markdown table; `''` without rows. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), `|${head.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * The fields of a schema as rows with dotted names, for the Markdown copy: properties through
 * objects and arrays down to `MAX_LEVELS`, `readOnly` (requests) or `writeOnly` (responses) left
 * out, options named in a `(one of)` row, cycles not followed. At most `MAX_ROWS` rows.
 */
export function fieldRows(doc: unknown, raw: unknown, mode: 'request' | 'response'): FieldRow[] {
  const rows: FieldRow[] = [];
  const walk = (schema: Obj, prefix: string, level: number, ancestors: ReadonlySet<string>, hops = 0): void => {
    const item = arrayItem(doc, schema);
    if (item !== undefined) {
      if ((item.pointer !== undefined && ancestors.has(item.pointer)) || hops >= MAX_ITEM_HOPS) return;
      const inner = withAncestor(ancestors, item.pointer);
      walk(mergeAllOf(doc, item.schema, inner), prefix === '' ? '' : `${prefix}[]`, level, inner, hops + 1);
      return;
    }
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, value] of Object.entries(isRecord(schema.properties) ? schema.properties : {})) {
      if (rows.length >= MAX_ROWS) return;
      const r = resolveSchema(doc, value);
      if (mode === 'request' ? r.schema.readOnly === true : r.schema.writeOnly === true) continue;
      const cycle = r.pointer !== undefined && ancestors.has(r.pointer);
      const inner = withAncestor(ancestors, r.pointer);
      const merged = cycle ? r.schema : mergeAllOf(doc, r.schema, inner);
      const path = prefix === '' ? name : `${prefix}.${name}`;
      rows.push({ name: path, type: typeLabel(doc, merged), required: required.has(name), description: text(merged.description) ?? '' });
      if (!cycle && level + 1 < MAX_LEVELS) walk(merged, path, level + 1, inner);
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const list = schema[keyword];
      if (!Array.isArray(list) || rows.length >= MAX_ROWS) continue;
      const titles = list.map((m, i) => {
        const r = resolveSchema(doc, m);
        return text(r.schema.title) ?? r.name ?? typeLabel(doc, r.schema) ?? `Option ${i + 1}`;
      });
      rows.push({ name: prefix === '' ? `(${keyword})` : `${prefix} (${keyword})`, type: titles.join(' \\| '), required: false, description: keyword === 'oneOf' ? 'One of these options.' : 'Any of these options.' });
    }
  };
  const root = resolveSchema(doc, raw);
  const ancestors = withAncestor(new Set(), root.pointer);
  walk(mergeAllOf(doc, root.schema, ancestors), '', 0, ancestors);
  return rows;
}
