import type { RawSchema } from '../operation-model/model.js';
import { givenValue, NONE, writtenValue } from './given-value.js';
import { mergeAllOf } from './merge-all-of.js';
import { resolveSchema } from './resolve-schema.js';
import { scalarExample } from './scalar-example.js';
import { mayMatch, type MatchContext } from './schema-match.js';
import { isRecord } from '../../parse/is-record.js';

export interface ExampleOptions {
  /** `required` leaves out optional object properties (`api.examples.defaults: required`). Default `all`. */
  readonly required?: 'all' | 'required';
  /** Prefer `x-default` over the schema's own examples (`api.examples.prefill`). Default false. */
  readonly prefill?: boolean;
  /**
   * Use the values the document writes (`example`, `examples`, `default`, `x-default`). Default
   * true. False generates from the constraints alone (`const` and `enum` still count): the
   * corpus suite checks that output against the schema, apart from the authors' own values.
   */
  readonly authored?: boolean;
}

/** Past this depth, objects get their required properties only and arrays their `minItems` items. */
const SOFT_DEPTH = 10;
/** Past this depth, objects and arrays come out empty (`{}`, `[]`). */
const HARD_DEPTH = 32;
/** Schema nodes expanded per example before objects shrink to their required properties. */
const SOFT_NODES = 1_000;
/** Schema nodes expanded per example, at most: bounds the work on huge schemas. */
const HARD_NODES = 5_000;
/** Items of one generated array, at most (`minItems` above this gives a shorter example). */
const MAX_ITEMS = 1_000;
/** The value of a required property that has no schema of its own. */
const ANY_VALUE = '<string>';

interface Walk extends MatchContext {
  /** Optional properties left out (the `required` option, or a `oneOf` variant told apart by its required ones). */
  readonly requiredOnly: boolean;
  readonly prefill: boolean;
  readonly authored: boolean;
  /** `$ref`s being expanded by the current node's ancestors: meeting one again is a cycle. */
  readonly stack: Set<string>;
  /** Schema nodes expanded so far, shared by every part of one example. */
  readonly budget: { nodes: number };
}

/**
 * An example value for `schema` (raw, `$ref`s followed lazily through `document`) that is valid
 * against it wherever the schema allows one:
 *
 * - the schema's own value first: `example`, `examples[0]`, `default`, `const`, the first `enum`
 *   member of its type (`x-default` before them with `prefill`), kept as the author wrote them;
 * - `allOf` merged (`additionalProperties: false` in a member keeps to that member's properties);
 *   `oneOf`/`anyOf` the first variant that is not `null` (with the discriminator property set to
 *   its mapping key), and for `oneOf` the first variant, alone or with its required properties
 *   only, that no other variant also accepts; type arrays and 3.0 `nullable` the non-null type;
 *   `not` honoured by leaving optional properties out when that is enough;
 * - objects with their properties (`readOnly` left out in requests, `writeOnly` in responses,
 *   `deprecated` ones unless required, optional ones with `required: 'required'`, the last
 *   optional ones past `maxProperties`), required names without a schema, and entries of
 *   `additionalProperties` up to `minProperties`;
 * - arrays with one item, `minItems` of them when more are required, none when `maxItems` is 0
 *   or when the item cannot satisfy its schema; 3.1 tuples (`prefixItems`) item by item;
 * - strings by format (`2023-11-07T05:31:56Z`, `jsmith@example.com`, `<string>`…) within
 *   `minLength`, `maxLength` and `pattern` (see `stringExample`); numbers 123 moved into their
 *   bounds and onto `multipleOf` (see `numberExample`); booleans true.
 *
 * A `$ref` met again inside its own expansion gives `undefined` (the property is left out, the
 * array is empty); depth and size are bounded (required properties only past `SOFT_DEPTH` or
 * `SOFT_NODES`, `{}` / `[]` past `HARD_DEPTH`). `undefined` when the schema gives nothing (absent,
 * unresolvable, or no type). Never throws. The result may share structure with the document
 * (given examples are returned as written): do not mutate it.
 */
export function generateExample(
  schema: RawSchema | undefined,
  document: unknown,
  mode: 'request' | 'response',
  options: ExampleOptions = {},
): unknown {
  const walk: Walk = {
    document,
    mode,
    requiredOnly: options.required === 'required',
    prefill: options.prefill === true,
    authored: options.authored !== false,
    stack: new Set(),
    budget: { nodes: 0 },
  };
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

/** Past the soft limits, only what the schema requires is generated. */
const shrinking = (walk: Walk, depth: number) => depth >= SOFT_DEPTH || walk.budget.nodes > SOFT_NODES;

/**
 * The example of one resolved schema. `closed`: the only property names allowed, from an
 * `allOf` member with `additionalProperties: false` (see `mergeAllOf`).
 */
function fromSchema(walk: Walk, schema: RawSchema, depth: number, closed?: readonly string[]): unknown {
  walk.budget.nodes += 1;
  if (walk.budget.nodes > HARD_NODES) return undefined;
  const given = givenValue(schema, walk.prefill, walk.authored);
  if (given !== NONE) return given;
  const value = generated(walk, schema, depth, closed);
  if (!isRecord(schema.not) || value === undefined || walk.requiredOnly || !mayMatch(value, schema.not, walk)) return value;
  // `not` rules the value out: its optional properties are often what `not` forbids together.
  const fewer = generated({ ...walk, requiredOnly: true }, schema, depth, closed);
  return fewer !== undefined && !mayMatch(fewer, schema.not, walk) ? fewer : value;
}

function generated(walk: Walk, schema: RawSchema, depth: number, closed: readonly string[] | undefined): unknown {
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const merged = mergeAllOf(schema, walk.document, walk.stack);
    return withRefs(walk, merged.refs, () => {
      const value = fromSchema(walk, merged.schema, depth, merged.closed);
      // Members with `oneOf`s of their own (`allOf: [{oneOf}, {oneOf}]`): an object from each, joined.
      let joined = value;
      for (const { key, variants } of merged.moreVariants ?? []) {
        const part = isRecord(joined) ? fromVariant(walk, {}, variants, depth, key === 'oneOf') : undefined;
        if (isRecord(part) && isRecord(joined)) joined = { ...part, ...joined };
      }
      return joined;
    });
  }
  if (Array.isArray(schema.oneOf) && schema.oneOf.length > 0) return fromVariant(walk, schema, schema.oneOf, depth, true);
  if (Array.isArray(schema.anyOf) && schema.anyOf.length > 0) return fromVariant(walk, schema, schema.anyOf, depth, false);
  const type = typeOf(schema);
  if (type === 'object') return objectExample(walk, schema, depth, closed);
  if (type === 'array') return arrayExample(walk, schema, depth);
  return type === undefined ? undefined : scalarExample(type, schema);
}

/**
 * A variant merged with the schema's own keywords. For `anyOf`, the first variant that resolves
 * and is not `null`. For `oneOf` the value must match exactly one variant: the first variant whose
 * example (whole, else with its required properties only) no other variant accepts; the first
 * variant's example when none is told apart (variants that accept the same values).
 */
function fromVariant(walk: Walk, schema: RawSchema, variants: readonly unknown[], depth: number, exclusive: boolean): unknown {
  const { oneOf: _o, anyOf: _a, discriminator, ...own } = schema;
  // Each variant resolved once: its type (`null` for unresolvable ones and cycles).
  const types = new Map(
    variants.map((v) => {
      const r = resolveSchema(v, walk.document, walk.stack);
      return [v, r === undefined || r === 'cycle' ? 'null' : typeOf(r.schema)] as const;
    }),
  );
  const typeOfVariant = (v: unknown) => types.get(v);
  const candidates = variants.filter((v) => typeOfVariant(v) !== 'null');
  // Variants of the type the schema itself states come first (`type: string` beside `oneOf: [integer, date-time]`).
  const ownTypes = typeof own.type === 'string' ? [own.type] : Array.isArray(own.type) ? own.type : undefined;
  const agrees = (v: unknown) => {
    const t = typeOfVariant(v);
    return ownTypes === undefined || t === undefined || ownTypes.includes(t) || (t === 'integer' && ownTypes.includes('number'));
  };
  const usable = [...candidates.filter(agrees), ...candidates.filter((v) => !agrees(v))];
  if (usable.length === 0) return undefined;
  const structural = isRecord(own.properties) || Array.isArray(own.allOf);
  const build = (w: Walk, chosen: unknown) => {
    // Own properties beside `oneOf` apply to every variant: merged as `allOf` (own keywords on top).
    const value = structural ? fromSchema(w, { ...own, allOf: [...(Array.isArray(own.allOf) ? own.allOf : []), chosen] }, depth) : expand(w, chosen, depth);
    return withDiscriminator(value, discriminator, chosen);
  };
  const first = build(walk, usable[0]);
  if (!exclusive || first === undefined) return first;
  const alone = (value: unknown) => value !== undefined && variants.filter((v) => mayMatch(value, v, walk)).length === 1;
  if (alone(first)) return first;
  for (const chosen of usable) {
    for (const w of walk.requiredOnly ? [walk] : [{ ...walk, requiredOnly: true }, walk]) {
      if (w === walk && chosen === usable[0]) continue;
      if (walk.budget.nodes > SOFT_NODES) return first;
      const value = build(w, chosen);
      if (alone(value)) return value;
    }
  }
  return first;
}

/** Sets the discriminator property of a generated variant to the variant's mapping key (or schema name). */
function withDiscriminator(value: unknown, discriminator: unknown, chosen: unknown): unknown {
  if (!isRecord(value) || !isRecord(discriminator) || typeof discriminator.propertyName !== 'string') return value;
  if (!isRecord(chosen) || typeof chosen.$ref !== 'string') return value;
  const ref = chosen.$ref;
  const current = value[discriminator.propertyName];
  if (current !== undefined && current !== '<string>') return value;
  const mapping = isRecord(discriminator.mapping) ? discriminator.mapping : {};
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  // Mapping values are `$ref`s or schema names (`Cat` for `#/components/schemas/Cat`).
  const key = Object.keys(mapping).find((k) => mapping[k] === ref || (ref === `#/components/schemas/${String(mapping[k])}`)) ?? name;
  return { ...value, [discriminator.propertyName]: key };
}

function objectExample(walk: Walk, schema: RawSchema, depth: number, closed: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth >= HARD_DEPTH) return out;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [];
  const fewer = walk.requiredOnly || shrinking(walk, depth);
  for (const [name, sub] of Object.entries(properties)) {
    const isRequired = required.includes(name);
    if (!isRequired && (fewer || (closed !== undefined && !closed.includes(name)))) continue;
    const resolved = resolveSchema(sub, walk.document, walk.stack);
    if (resolved === 'cycle' || !resolved) continue;
    if (hidden(walk.mode, resolved.schema)) continue;
    // Deprecated properties are not shown in examples, unless the schema requires them.
    if (resolved.schema.deprecated === true && !isRequired) continue;
    let value = withRefs(walk, resolved.refs, () => fromSchema(walk, resolved.schema, depth + 1));
    // A required property whose schema gives no type (`{}`, a description only) accepts any value.
    if (value === undefined && isRequired && fits(walk, ANY_VALUE, sub)) value = ANY_VALUE;
    // An optional property whose schema admits no value we can make (`allOf` members of
    // different types) is left out rather than shown broken; the author's own values stay.
    const written = walk.authored && writtenValue(resolved.schema, walk.prefill) !== NONE;
    if (value !== undefined && (isRequired || written || fits(walk, value, sub))) out[name] = value;
  }
  const maxProperties = count(schema.maxProperties);
  if (maxProperties !== undefined) {
    // Too many properties: optional ones go, last first.
    const optional = Object.keys(out).filter((name) => !required.includes(name));
    while (Object.keys(out).length > maxProperties && optional.length > 0) delete out[optional.pop() as string];
  }
  const extra = schema.additionalProperties;
  if (extra === false) return out;
  const extraValue = () => (isRecord(extra) && Object.keys(extra).length > 0 ? expand(walk, extra, depth + 1) : ANY_VALUE);
  // Required names the schema gives no property schema for: any value is valid.
  for (const name of required) {
    if (Object.hasOwn(out, name) || Object.hasOwn(properties, name)) continue;
    const value = extraValue();
    if (value !== undefined) out[name] = value;
  }
  const minProperties = count(schema.minProperties) ?? 0;
  for (let n = 1; Object.keys(out).length < Math.min(minProperties, MAX_ITEMS); n += 1) {
    if (Object.hasOwn(out, `additionalProp${n}`)) continue;
    const value = extraValue();
    if (value === undefined) break;
    out[`additionalProp${n}`] = value;
  }
  return out;
}

/**
 * One item (`minItems` of them when more are required, none when `maxItems` is 0; past the soft
 * limits, `minItems` items only). With `uniqueItems`, further items are the item schema's other
 * `enum` members when it has them; otherwise the one item is repeated.
 */
function arrayExample(walk: Walk, schema: RawSchema, depth: number): unknown[] {
  const min = count(schema.minItems) ?? 0;
  const max = count(schema.maxItems) ?? Infinity;
  if (depth >= HARD_DEPTH || max === 0 || (min === 0 && shrinking(walk, depth))) return [];
  if (Array.isArray(schema.prefixItems) && schema.prefixItems.length > 0) return tupleExample(walk, schema.prefixItems, depth);
  const item = expand(walk, schema.items, depth + 1);
  if (item === undefined || (min === 0 && !fits(walk, item, schema.items))) return [];
  const size = Math.min(max, Math.max(1, min), MAX_ITEMS);
  if (size === 1) return [item];
  const others = schema.uniqueItems === true ? otherMembers(walk, schema.items, item) : [];
  return Array.from({ length: size }, (_, i) => (i === 0 ? item : (others[i - 1] ?? item)));
}

/** A 3.1 tuple (`prefixItems`): one item per position, up to the first that gives none. */
function tupleExample(walk: Walk, prefixItems: readonly unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  for (const sub of prefixItems) {
    const item = expand(walk, sub, depth + 1);
    if (item === undefined) break;
    out.push(item);
  }
  return out;
}

/** The `enum` members of the item schema other than `item`, for arrays of unique items. */
function otherMembers(walk: Walk, items: unknown, item: unknown): unknown[] {
  const resolved = resolveSchema(items, walk.document, walk.stack);
  if (resolved === 'cycle' || !resolved || !Array.isArray(resolved.schema.enum)) return [];
  return resolved.schema.enum.filter((v) => v !== item && v !== null);
}

/** Levels of a generated value checked against its schema before it is kept (see `mayMatch`). */
const FIT_DEPTH = 2;

/**
 * Whether a generated value satisfies its schema, as far as `mayMatch` sees: `FIT_DEPTH` levels
 * down where the schema combines others (`allOf`, `oneOf`, `anyOf`, `not`: members of different
 * types, variants that overlap), else its own keywords only (an `enum` of another type, a
 * `pattern` nothing matches); the levels below check their own values as they are made. Shallow
 * on purpose: checking every value's whole subtree doubled the work on large documents.
 */
function fits(walk: Walk, value: unknown, node: unknown): boolean {
  const resolved = resolveSchema(node, walk.document, walk.stack);
  if (resolved === undefined || resolved === 'cycle') return true;
  const combines = ['allOf', 'oneOf', 'anyOf', 'not'].some((k) => resolved.schema[k] !== undefined);
  return mayMatch(value, resolved.schema, walk, 0, combines ? FIT_DEPTH : 0);
}

const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** `readOnly` properties are not sent; `writeOnly` ones are not returned. */
function hidden(mode: 'request' | 'response', schema: RawSchema): boolean {
  return mode === 'request' ? schema.readOnly === true : schema.writeOnly === true;
}

/**
 * The type to generate: `type` (the first non-null of a type array; `null` only when alone),
 * else inferred from the keywords present: object (`properties`, `additionalProperties`,
 * `required`), array (`items`), string (`format`, lengths, `pattern`), number (bounds, `multipleOf`).
 */
function typeOf(schema: RawSchema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const named = t.filter((x): x is string => typeof x === 'string');
    return named.find((x) => x !== 'null') ?? named[0];
  }
  if (isRecord(schema.properties) || isRecord(schema.additionalProperties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined) return 'array';
  if (['format', 'minLength', 'maxLength', 'pattern'].some((k) => schema[k] !== undefined)) return 'string';
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((k) => typeof schema[k] === 'number')) return 'number';
  return undefined;
}
