import type { Obj } from '../../../openapi/operation-model/deref.js';
import { resolveSchema } from './resolve-schema.js';
import { isRecord } from '../../../parse/is-record.js';

/** Nested `allOf` levels merged, at most (deeper members are left out). */
const MAX_DEPTH = 8;

/** Keywords a member must not pass on: the subtype's own view is what the reader needs. */
const NOT_INHERITED = new Set(['allOf', 'discriminator', 'properties', 'required', '$ref']);

/**
 * One schema for `schema.allOf` and the schema's own keywords: properties of every member (in
 * member order, a later definition of the same property winning, the schema's own last), `required`
 * united, other keywords from the schema itself first, else from the first member that has them
 * (`description`, `type`, `oneOf`…). A member's `discriminator` is not inherited. A member that is
 * one of `seen` (a schema containing itself) is skipped. Returns `schema` itself when it has no `allOf`.
 */
export function mergeAllOf(doc: unknown, schema: Obj, seen: ReadonlySet<string>, depth = 0): Obj {
  if (!Array.isArray(schema.allOf) || depth >= MAX_DEPTH) return schema;
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const inherited: Record<string, unknown> = {};
  let hasProperties = false;
  for (const raw of schema.allOf) {
    const resolved = resolveSchema(doc, raw);
    if (resolved.pointer !== undefined && seen.has(resolved.pointer)) continue;
    const inner = resolved.pointer !== undefined ? new Set([...seen, resolved.pointer]) : seen;
    const member = mergeAllOf(doc, resolved.schema, inner, depth + 1);
    if (isRecord(member.properties)) {
      hasProperties = true;
      Object.assign(properties, member.properties);
    }
    if (Array.isArray(member.required)) for (const name of member.required) if (typeof name === 'string') required.add(name);
    for (const [key, value] of Object.entries(member)) {
      if (!NOT_INHERITED.has(key) && !(key in inherited)) inherited[key] = value;
    }
  }
  if (isRecord(schema.properties)) {
    hasProperties = true;
    Object.assign(properties, schema.properties);
  }
  if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === 'string') required.add(name);
  const own: Record<string, unknown> = { ...schema };
  delete own.allOf;
  return {
    ...inherited,
    ...own,
    ...(hasProperties ? { properties } : {}),
    ...(required.size > 0 ? { required: [...required] } : {}),
  };
}
