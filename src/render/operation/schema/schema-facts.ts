import { escapeHtml } from '../../html.js';
import type { Obj } from '../../../openapi/operation-model/deref.js';
import { isRecord } from '../../../parse/is-record.js';

/** Characters of one value shown inline, at most (longer values end with `…`). */
const MAX_VALUE_CHARS = 200;
/** Schema examples shown, at most. */
const MAX_EXAMPLES = 3;

/**
 * A value as written in the document: strings as they are (an empty or blank string quoted, so it
 * stays visible), anything else as compact JSON; cut at `MAX_VALUE_CHARS`.
 */
export function valueText(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value.trim() === '' ? JSON.stringify(value) : value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

const code = (value: unknown): string => `<code>${escapeHtml(valueText(value))}</code>`;

/** `x-enumDescriptions` (or `x-enum-descriptions`): a map by value, or a list parallel to `enum`. */
function enumDescriptions(schema: Obj, values: readonly unknown[]): (string | undefined)[] {
  const raw = schema['x-enumDescriptions'] ?? schema['x-enum-descriptions'];
  return values.map((value, i) => {
    const about = Array.isArray(raw) ? raw[i] : isRecord(raw) ? raw[String(value)] : undefined;
    return typeof about === 'string' && about.trim() !== '' ? about : undefined;
  });
}

function enumFact(schema: Obj, markdown: (text: string) => string): string | undefined {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return undefined;
  const values = schema.enum;
  const descriptions = enumDescriptions(schema, values);
  if (descriptions.every((d) => d === undefined)) {
    return `<div class="sheaf-op-fact"><span class="sheaf-op-fact-name">Allowed values</span><span class="sheaf-op-enum">${values.map(code).join(' ')}</span></div>`;
  }
  const rows = values.map((value, i) => `<dt>${code(value)}</dt><dd>${descriptions[i] !== undefined ? markdown(descriptions[i]) : ''}</dd>`);
  return `<div class="sheaf-op-fact"><span class="sheaf-op-fact-name">Allowed values</span><dl class="sheaf-op-enum-list">${rows.join('')}</dl></div>`;
}

/** `>= 1`, `> 0` (3.0 boolean or 3.1 numeric exclusive bounds), `<= 100`. */
function bounds(schema: Obj): string[] {
  const out: string[] = [];
  const exMin = schema.exclusiveMinimum;
  const exMax = schema.exclusiveMaximum;
  if (typeof exMin === 'number') out.push(`> ${exMin}`);
  else if (typeof schema.minimum === 'number') out.push(`${exMin === true ? '>' : '>='} ${schema.minimum}`);
  if (typeof exMax === 'number') out.push(`< ${exMax}`);
  else if (typeof schema.maximum === 'number') out.push(`${exMax === true ? '<' : '<='} ${schema.maximum}`);
  return out;
}

/** `1 to 255`, `at least 1`, `at most 255` for a pair of min/max keywords. */
function range(min: unknown, max: unknown): string | undefined {
  const lo = typeof min === 'number' ? min : undefined;
  const hi = typeof max === 'number' ? max : undefined;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo}` : `${lo} to ${hi}`;
  if (lo !== undefined) return `at least ${lo}`;
  if (hi !== undefined) return `at most ${hi}`;
  return undefined;
}

function fact(name: string, html: string): string {
  return `<div class="sheaf-op-fact"><span class="sheaf-op-fact-name">${escapeHtml(name)}</span><span>${html}</span></div>`;
}

function schemaExamples(schema: Obj): unknown[] {
  const list = Array.isArray(schema.examples) ? schema.examples : isRecord(schema.examples) ? Object.values(schema.examples) : [];
  return (schema.example !== undefined ? [schema.example, ...list] : list).slice(0, MAX_EXAMPLES);
}

/**
 * The facts under a field: default, constant, allowed values (with `x-enumDescriptions`), range,
 * length, item and property counts, other properties (`additionalProperties: true/false`), pattern, multiple of, media type and examples, as
 * `.sheaf-op-fact` lines; `''` when there are none. Every value escaped.
 */
export function schemaFacts(schema: Obj, markdown: (text: string) => string): string {
  const out: string[] = [];
  if (schema.default !== undefined) out.push(fact('Default', code(schema.default)));
  if (schema.const !== undefined) out.push(fact('Constant', code(schema.const)));
  const enums = enumFact(schema, markdown);
  if (enums) out.push(enums);
  const limits = bounds(schema);
  if (limits.length > 0) out.push(fact('Range', limits.map((l) => `<code>${escapeHtml(l)}</code>`).join(' ')));
  const length = range(schema.minLength, schema.maxLength);
  if (length) out.push(fact('Length', escapeHtml(length)));
  const items = [range(schema.minItems, schema.maxItems), schema.uniqueItems === true ? 'unique' : undefined].filter((x) => x !== undefined);
  if (items.length > 0) out.push(fact('Items', escapeHtml(items.join(', '))));
  const props = range(schema.minProperties, schema.maxProperties);
  if (props) out.push(fact('Properties', escapeHtml(props)));
  if (schema.additionalProperties === true) out.push(fact('Other properties', 'allowed'));
  if (schema.additionalProperties === false) out.push(fact('Other properties', 'not allowed'));
  if (typeof schema.pattern === 'string') out.push(fact('Pattern', code(schema.pattern)));
  if (typeof schema.multipleOf === 'number') out.push(fact('Multiple of', code(schema.multipleOf)));
  if (typeof schema.contentMediaType === 'string') out.push(fact('Media type', code(schema.contentMediaType)));
  const examples = schemaExamples(schema);
  if (examples.length > 0) out.push(fact(examples.length > 1 ? 'Examples' : 'Example', examples.map(code).join(' ')));
  return out.length > 0 ? `<div class="sheaf-op-facts">${out.join('')}</div>` : '';
}
