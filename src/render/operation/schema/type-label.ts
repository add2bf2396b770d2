import type { Obj } from '../../../openapi/operation-model/deref.js';
import { resolveSchema } from './resolve-schema.js';
import { isRecord } from '../../../parse/is-record.js';

/** Nested array levels followed to label items (`string[][]`), at most. */
const MAX_ITEM_DEPTH = 4;

/** The JSON type of a value (`integer` for whole numbers), for `const` and `enum` without a `type`. */
export function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** The declared types (`type` string or 3.1 array), else the types the keywords imply; `null` kept. */
export function schemaTypes(schema: Obj): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (isRecord(schema.properties) || schema.additionalProperties !== undefined || isRecord(schema.patternProperties)) return ['object'];
  if (schema.items !== undefined || schema.prefixItems !== undefined) return ['array'];
  if (schema.const !== undefined) return [valueType(schema.const)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return [...new Set(schema.enum.map(valueType))];
  return [];
}

/** True when the schema admits `null`: 3.0 `nullable`, `x-nullable`, or `null` among 3.1 types. */
export function isNullable(schema: Obj): boolean {
  return schema.nullable === true || schema['x-nullable'] === true || schemaTypes(schema).includes('null');
}

/** True for a string that carries a file: `format: binary`, or a 3.1 `contentMediaType`/`contentEncoding`. */
export function isFile(schema: Obj): boolean {
  return schema.format === 'binary' || typeof schema.contentMediaType === 'string' || typeof schema.contentEncoding === 'string';
}

function oneType(doc: unknown, schema: Obj, type: string, depth: number): string {
  if (type === 'array') {
    const items = resolveSchema(doc, schema.items);
    const label = depth < MAX_ITEM_DEPTH && schema.items !== undefined ? typeLabel(doc, items.schema, depth + 1) : 'any';
    return label.includes(' ') ? `(${label})[]` : `${label}[]`;
  }
  if (type === 'string' && isFile(schema)) {
    return typeof schema.contentEncoding === 'string' ? `file<${schema.contentEncoding}>` : 'file';
  }
  return typeof schema.format === 'string' && type !== 'object' ? `${type}<${schema.format}>` : type;
}

/**
 * The type as a reader sees it: `string<date-time>`, `integer | null`, `object[]`, `string[][]`,
 * `file`, `any`. Variants without a declared type read `object` or `any` (the variants say the rest).
 */
export function typeLabel(doc: unknown, schema: Obj, depth = 0): string {
  const types = schemaTypes(schema).filter((t) => t !== 'null');
  let label: string;
  if (types.length > 0) label = types.map((t) => oneType(doc, schema, t, depth)).join(' | ');
  else label = variantTypes(doc, schema, depth) ?? (isNullable(schema) ? '' : 'any');
  if (isNullable(schema) || (label !== '' && hasNullVariant(doc, schema))) label = label === '' ? 'null' : `${label} | null`;
  return label;
}

function variantsOf(schema: Obj): unknown[] {
  return [schema.oneOf, schema.anyOf, schema.allOf].flatMap((list) => (Array.isArray(list) ? list : []));
}

/** The types of `oneOf`/`anyOf`/`allOf` members of an untyped schema (`string | integer`), `object` when they declare none. */
function variantTypes(doc: unknown, schema: Obj, depth: number): string | undefined {
  const members = variantsOf(schema);
  if (members.length === 0) return undefined;
  const types = new Set<string>();
  for (const member of members) {
    const resolved = resolveSchema(doc, member).schema;
    for (const type of schemaTypes(resolved)) if (type !== 'null') types.add(oneType(doc, resolved, type, depth + 1));
  }
  return types.size === 0 || types.size > 4 ? 'object' : [...types].join(' | ');
}

/** True when one of the `oneOf`/`anyOf` members is the `null` type (the 3.1 way of writing nullable). */
function hasNullVariant(doc: unknown, schema: Obj): boolean {
  if (schemaTypes(schema).length > 0) return false;
  return [schema.oneOf, schema.anyOf].some((list) => Array.isArray(list) && list.some((m) => isNullSchema(resolveSchema(doc, m).schema)));
}

/** True for a schema that only admits `null` (`{type: 'null'}`, `{const: null}`, `{enum: [null]}`). */
export function isNullSchema(schema: Obj): boolean {
  const types = schemaTypes(schema);
  return types.length === 1 && types[0] === 'null';
}
