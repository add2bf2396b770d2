import type { RawSchema } from '../operation-model/model.js';
import { givenValue, NONE } from './given-value.js';
import { mergeAllOf } from './merge-all-of.js';
import { resolveSchema } from './resolve-schema.js';
import { scalarExample } from './scalar-example.js';
import { isRecord } from '../../parse/is-record.js';

export interface ExampleOptions {
  /** `required` leaves out optional object properties (`api.examples.defaults: required`). Default `all`. */
  readonly required?: 'all' | 'required';
  /** Prefer `x-default` over the schema's own examples (`api.examples.prefill`). Default false. */
  readonly prefill?: boolean;
}

/** Objects and arrays nested deeper than this come out empty (`{}`, `[]`). */
const MAX_DEPTH = 10;
/** Schema nodes expanded per example, at most: bounds the size of examples of huge schemas. */
const MAX_NODES = 1_000;

interface Walk {
  readonly document: unknown;
  readonly mode: 'request' | 'response';
  readonly requiredOnly: boolean;
  readonly prefill: boolean;
  /** `$ref`s being expanded by the current node's ancestors: meeting one again is a cycle. */
  readonly stack: Set<string>;
  nodes: number;
}

/**
 * An example value for `schema` (raw, `$ref`s followed lazily through `document`):
 *
 * - the schema's own value first: `example`, `examples[0]`, `default`, `const`, the first `enum`
 *   (`x-default` before them with `prefill`);
 * - `allOf` merged; `oneOf`/`anyOf` the first variant that is not `null` (with the discriminator
 *   property set to its mapping key); type arrays and 3.0 `nullable` the non-null type;
 * - objects with their properties (`readOnly` left out in requests, `writeOnly` in responses,
 *   optional ones left out with `required: 'required'`), arrays with one item, strings by format
 *   (`2023-11-07T05:31:56Z`, `jsmith@example.com`, `<string>`…), numbers 123, booleans true.
 *
 * A `$ref` met again inside its own expansion gives `undefined` (the property is left out, the
 * array is empty); depth and size are bounded (`{}` / `[]` past them). `undefined` when the schema
 * gives nothing (absent, unresolvable, or no type). Never throws. The result may share structure
 * with the document (given examples are returned as written): do not mutate it.
 */
export function generateExample(
  schema: RawSchema | undefined,
  document: unknown,
  mode: 'request' | 'response',
  options: ExampleOptions = {},
): unknown {
  const walk: Walk = { document, mode, requiredOnly: options.required === 'required', prefill: options.prefill === true, stack: new Set(), nodes: 0 };
  try {
    return expand(walk, schema, 0);
  } catch {
    // Only a pathological document (e.g. a getter that throws) gets here; no example then.
    return undefined;
  }
}

/** Resolves `node` and expands it with its `$ref`s on the stack. */
function expand(walk: Walk, node: unknown, depth: number): unknown {
  const resolved = resolveSchema(node, walk.document, walk.stack);
  if (resolved === 'cycle' || !resolved) return undefined;
  return withRefs(walk, resolved.refs, () => fromSchema(walk, resolved.schema, depth));
}

function withRefs<T>(walk: Walk, refs: readonly string[], run: () => T): T {
  const added = refs.filter((r) => !walk.stack.has(r));
  for (const r of added) walk.stack.add(r);
  try {
    return run();
  } finally {
    for (const r of added) walk.stack.delete(r);
  }
}

function fromSchema(walk: Walk, schema: RawSchema, depth: number): unknown {
  walk.nodes += 1;
  if (walk.nodes > MAX_NODES) return undefined;
  const given = givenValue(schema, walk.prefill);
  if (given !== NONE) return given;
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const merged = mergeAllOf(schema, walk.document, walk.stack);
    return withRefs(walk, merged.refs, () => fromSchema(walk, merged.schema, depth));
  }
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (variants && variants.length > 0) return fromVariant(walk, schema, variants, depth);
  const type = typeOf(schema);
  if (type === 'object') return objectExample(walk, schema, depth);
  if (type === 'array') {
    if (depth >= MAX_DEPTH) return [];
    const item = expand(walk, schema.items, depth + 1);
    return item === undefined ? [] : [item];
  }
  return type === undefined ? undefined : scalarExample(type, schema);
}

/** The first variant that resolves and is not `null`, merged with the schema's own keywords. */
function fromVariant(walk: Walk, schema: RawSchema, variants: readonly unknown[], depth: number): unknown {
  const { oneOf: _o, anyOf: _a, discriminator, ...own } = schema;
  const chosen = variants.find((v) => {
    const r = resolveSchema(v, walk.document, walk.stack);
    return r !== undefined && r !== 'cycle' && typeOf(r.schema) !== 'null';
  });
  if (chosen === undefined) return undefined;
  const structural = isRecord(own.properties) || Array.isArray(own.allOf);
  // Own properties beside `oneOf` apply to every variant: merged as `allOf` (own keywords on top).
  const value = structural ? fromSchema(walk, { ...own, allOf: [...(Array.isArray(own.allOf) ? own.allOf : []), chosen] }, depth) : expand(walk, chosen, depth);
  return withDiscriminator(value, discriminator, chosen);
}

/** Sets the discriminator property of a generated variant to the variant's mapping key (or schema name). */
function withDiscriminator(value: unknown, discriminator: unknown, chosen: unknown): unknown {
  if (!isRecord(value) || !isRecord(discriminator) || typeof discriminator.propertyName !== 'string') return value;
  if (!isRecord(chosen) || typeof chosen.$ref !== 'string') return value;
  const ref = chosen.$ref;
  const current = value[discriminator.propertyName];
  if (current !== undefined && current !== '<string>') return value;
  const mapping = isRecord(discriminator.mapping) ? discriminator.mapping : {};
  const key = Object.keys(mapping).find((k) => mapping[k] === ref) ?? ref.slice(ref.lastIndexOf('/') + 1);
  return { ...value, [discriminator.propertyName]: key };
}

function objectExample(walk: Walk, schema: RawSchema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth >= MAX_DEPTH || !isRecord(schema.properties)) return out;
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, sub] of Object.entries(schema.properties)) {
    if (walk.requiredOnly && !required.includes(name)) continue;
    const resolved = resolveSchema(sub, walk.document, walk.stack);
    if (resolved === 'cycle' || !resolved) continue;
    if (hidden(walk.mode, resolved.schema)) continue;
    const value = withRefs(walk, resolved.refs, () => fromSchema(walk, resolved.schema, depth + 1));
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** `readOnly` properties are not sent; `writeOnly` ones are not returned. */
function hidden(mode: 'request' | 'response', schema: RawSchema): boolean {
  return mode === 'request' ? schema.readOnly === true : schema.writeOnly === true;
}

/**
 * The type to generate: `type` (the first non-null of a type array; `null` only when alone),
 * else inferred from `properties`/`additionalProperties` (object), `items` (array), `format` (string).
 */
function typeOf(schema: RawSchema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const named = t.filter((x): x is string => typeof x === 'string');
    return named.find((x) => x !== 'null') ?? named[0];
  }
  if (isRecord(schema.properties) || isRecord(schema.additionalProperties)) return 'object';
  if (schema.items !== undefined) return 'array';
  if (typeof schema.format === 'string') return 'string';
  return undefined;
}
