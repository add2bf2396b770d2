/**
 * What the playground's fields need to know of a raw schema: its type, enum, default, example,
 * whether it is a file, and an object's properties. `$ref`s and `allOf` are resolved by the
 * examples module's `resolveMerged`; nothing here builds a dereferenced graph.
 */

import { resolveMerged } from '../../../openapi/examples/index.js';
import { isRecord } from '../../../parse/is-record.js';

export type Schema = Readonly<Record<string, unknown>>;

/**
 * The schema key of an input's placeholder text: an MDX ParamField's `placeholder` (see
 * `mdx-endpoint/field-schema.ts`). Shown in the empty input, never sent.
 */
export const PLACEHOLDER_KEY = 'x-sheaf-placeholder';

/** The schema with its `$ref`s followed and `allOf` merged; `{}` when unresolved or a cycle. */
export function resolveSchema(document: unknown, schema: unknown): Schema {
  return resolveMerged(schema, document) ?? {};
}

export interface SchemaInfo {
  /** The first non-null type (`string`, `integer`, …), from `type` or a 3.1 type array. */
  readonly type?: string;
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly example?: unknown;
  /** `x-default`: the value with `api.examples.prefill`. */
  readonly xDefault?: unknown;
  /** Placeholder text for the empty input (`PLACEHOLDER_KEY`). */
  readonly placeholder?: string;
  /** A file: binary string (`format: binary`, a binary `contentMediaType`, base64 encodings). */
  readonly file: boolean;
  /** An array of files. */
  readonly files: boolean;
}

const firstType = (schema: Schema): string | undefined => {
  const t = schema.type;
  if (typeof t === 'string') return t;
  return Array.isArray(t) ? t.find((x): x is string => typeof x === 'string' && x !== 'null') : undefined;
};

const TEXT_MEDIA = /^(text\/|application\/(json|xml|x-www-form-urlencoded)$)|[+](json|xml)$/;

function isFile(schema: Schema): boolean {
  if (schema.type !== undefined && firstType(schema) !== 'string') return false;
  if (schema.format === 'binary' || schema.format === 'base64') return true;
  if (schema.contentEncoding === 'base64' || schema.contentEncoding === 'base64url') return true;
  const media = schema.contentMediaType;
  return typeof media === 'string' && !TEXT_MEDIA.test(media);
}

export function describeSchema(document: unknown, raw: unknown): SchemaInfo {
  const schema = resolveSchema(document, raw);
  const type = firstType(schema);
  const items = type === 'array' ? resolveSchema(document, schema.items) : undefined;
  const examples = Array.isArray(schema.examples) ? schema.examples : [];
  return {
    ...(type !== undefined && { type }),
    ...(typeof schema.format === 'string' && { format: schema.format }),
    ...(Array.isArray(schema.enum) && { enum: schema.enum }),
    ...(schema.const !== undefined && !Array.isArray(schema.enum) && { enum: [schema.const] }),
    ...(schema.default !== undefined && { default: schema.default }),
    ...(schema['x-default'] !== undefined && { xDefault: schema['x-default'] }),
    ...(typeof schema[PLACEHOLDER_KEY] === 'string' && { placeholder: schema[PLACEHOLDER_KEY] }),
    ...(schema.example !== undefined ? { example: schema.example } : examples.length > 0 && { example: examples[0] }),
    file: isFile(schema),
    files: items !== undefined && isFile(items),
  };
}

/** An object's properties in document order (`allOf` members merged) and the names it requires. */
export function objectProperties(document: unknown, raw: unknown): { properties: [string, unknown][]; required: Set<string> } {
  const schema = resolveSchema(document, raw);
  const properties = isRecord(schema.properties) ? Object.entries(schema.properties) : [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []);
  return { properties, required };
}

/** A property is left out of request forms when it is `readOnly`. */
export function isReadOnly(document: unknown, raw: unknown): boolean {
  return resolveSchema(document, raw).readOnly === true;
}

/** A property marked `deprecated: true` (its `$ref`s followed). */
export function isDeprecated(document: unknown, raw: unknown): boolean {
  return resolveSchema(document, raw).deprecated === true;
}
