import type { RawSchema } from '../operation-model/model.js';
import { typeMatches } from './schema-match.js';

/** Marks "no value given" (a given value may be `null` or `false`). */
export const NONE: unique symbol = Symbol('none');

/**
 * The value a schema gives for itself, before any generation: with `prefill`, `x-default`
 * first; then `example`, `examples[0]` (3.1 arrays), `default`, `const`, the first `enum`
 * member (the first non-null one of the schema's type when there is one). With `authored`
 * false, only `const` and `enum` count (they constrain; the others are the author's examples).
 * `NONE` when the schema gives none.
 */
export function givenValue(schema: RawSchema, prefill: boolean, authored = true): unknown {
  const written = authored ? writtenValue(schema, prefill) : NONE;
  if (written !== NONE) return written;
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const members = schema.enum.filter((v) => v !== null);
    return members.find((v) => typeMatches(v, schema.type)) ?? members[0] ?? schema.enum[0];
  }
  return NONE;
}

/**
 * The example value the author wrote on the schema: `x-default` (with `prefill`), `example`,
 * `examples[0]`, `default`; `NONE` when there is none. Shown as written, never corrected.
 */
export function writtenValue(schema: RawSchema, prefill: boolean): unknown {
  if (prefill && Object.hasOwn(schema, 'x-default')) return schema['x-default'];
  if (Object.hasOwn(schema, 'example') && schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Object.hasOwn(schema, 'default') && schema.default !== undefined) return schema.default;
  return NONE;
}
