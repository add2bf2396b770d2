import type { MdxParamField } from '../../../model/render.js';
import type { RawSchema } from '../../../openapi/operation-model/model.js';
import { PLACEHOLDER_KEY } from '../playground/schema-info.js';

/** JSON Schema types for the words authors write in `type`, lower-cased. */
const SCALARS: Readonly<Record<string, RawSchema>> = {
  string: { type: 'string' },
  str: { type: 'string' },
  text: { type: 'string' },
  uuid: { type: 'string', format: 'uuid' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  'date-time': { type: 'string', format: 'date-time' },
  timestamp: { type: 'string', format: 'date-time' },
  email: { type: 'string', format: 'email' },
  url: { type: 'string', format: 'uri' },
  uri: { type: 'string', format: 'uri' },
  integer: { type: 'integer' },
  int: { type: 'integer' },
  int32: { type: 'integer', format: 'int32' },
  int64: { type: 'integer', format: 'int64' },
  long: { type: 'integer', format: 'int64' },
  number: { type: 'number' },
  float: { type: 'number', format: 'float' },
  double: { type: 'number', format: 'double' },
  decimal: { type: 'number' },
  boolean: { type: 'boolean' },
  bool: { type: 'boolean' },
  object: { type: 'object' },
  dict: { type: 'object' },
  map: { type: 'object' },
  json: { type: 'object' },
  record: { type: 'object' },
  file: { type: 'string', format: 'binary' },
  binary: { type: 'string', format: 'binary' },
  blob: { type: 'string', format: 'binary' },
  array: { type: 'array', items: {} },
  list: { type: 'array', items: {} },
};

/** Longer `type` texts are read as no type. */
const MAX_TYPE_CHARS = 200;

/** `string[]`, `array<string>`, `list[int]`, `array of strings`: the item type, or `undefined`. */
function itemType(type: string): string | undefined {
  const brackets = /^(.+?)\s*\[\]$/.exec(type);
  if (brackets?.[1]) return brackets[1];
  const generic = /^(?:array|list)\s*[<[(]\s*(.+?)\s*[>\])]$/.exec(type);
  if (generic?.[1]) return generic[1];
  const words = /^(?:array|list)\s+of\s+(.+?)s?$/.exec(type);
  return words?.[1];
}

/**
 * The schema a `type` as written stands for: the scalar words above (`enum<string>` is its base
 * type), arrays as `x[]`, `array<x>`, `array of x`, unions (`string | null`) as their first
 * non-null member. A name such as `User` is an object when the field has nested fields, else a
 * string (what a reader can type). No type: as for a name.
 */
export function typeSchema(type: string | undefined, hasChildren: boolean): RawSchema {
  const fallback: RawSchema = hasChildren ? { type: 'object' } : { type: 'string' };
  if (type === undefined) return fallback;
  const written = type.trim().toLowerCase();
  // A real type is a few words; a longer one is no type (and the patterns below backtrack on it).
  if (written.length > MAX_TYPE_CHARS) return fallback;
  const member = written.split('|').map((t) => t.trim()).find((t) => t !== '' && t !== 'null') ?? written;
  const base = member.replace(/^enum\s*<\s*(.+?)\s*>$/, '$1');
  const item = itemType(base);
  if (item !== undefined) return { type: 'array', items: typeSchema(item, hasChildren) };
  const scalar = SCALARS[base];
  if (scalar) return hasChildren && scalar.type !== 'array' ? { type: 'object' } : scalar;
  return fallback;
}

/** A default written as text (`default="5"`) as the value its type takes, when it reads as one. */
function typedDefault(value: unknown, schema: RawSchema): unknown {
  if (typeof value !== 'string') return value;
  if ((schema.type === 'integer' || schema.type === 'number') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** An object schema of `fields`: each by name, `required` listing the required ones. */
export function objectSchema(fields: readonly MdxParamField[]): RawSchema {
  const properties: Record<string, RawSchema> = {};
  for (const f of fields) properties[f.name] = fieldSchema(f);
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return { type: 'object', properties, ...(required.length > 0 ? { required: [...new Set(required)] } : {}) };
}

/**
 * The schema of one field: its type (see `typeSchema`), default, description, placeholder
 * (`PLACEHOLDER_KEY`) and deprecation; nested fields become the properties of the object (of
 * each item, for an array).
 */
export function fieldSchema(f: MdxParamField): RawSchema {
  const children = f.children.length > 0;
  let schema = typeSchema(f.type, children);
  if (children) {
    const nested = objectSchema(f.children);
    schema = schema.type === 'array' ? { ...schema, items: nested } : { ...nested };
  }
  return {
    ...schema,
    ...(f.default !== undefined ? { default: typedDefault(f.default, schema) } : {}),
    ...(f.description !== undefined ? { description: f.description } : {}),
    ...(f.placeholder !== undefined ? { [PLACEHOLDER_KEY]: f.placeholder } : {}),
    ...(f.deprecated ? { deprecated: true } : {}),
  };
}
