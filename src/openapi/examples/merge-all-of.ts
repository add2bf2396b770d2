import type { RawSchema } from '../operation-model/model.js';
import { resolveSchema } from './resolve-schema.js';
import { isRecord } from '../../parse/is-record.js';

/** Keywords that give a value: kept from an object `allOf` member only when it is the sole member. */
const VALUE_KEYS = ['example', 'examples', 'default', 'const', 'x-default'];

/** How deep nested `allOf`s are merged; members below are left out. */
const MAX_NESTING = 8;

export interface MergedSchema {
  /** One schema without `allOf`: properties and `required` unioned, other keywords laid over. */
  readonly schema: RawSchema;
  /** `$ref`s followed to reach the members: keep them on the expansion stack. */
  readonly refs: readonly string[];
  /**
   * When a member (or the schema itself) says `additionalProperties: false`, the only property
   * names an instance may have: those every such part lists in its own `properties` (JSON
   * Schema does not see the other members' properties from there).
   */
  readonly closed?: readonly string[];
  /**
   * `oneOf`/`anyOf` lists of earlier members that a later member's list replaced in `schema`
   * (`allOf: [{oneOf: […]}, {oneOf: […]}]`): an instance satisfies each of them too.
   */
  readonly moreVariants?: readonly { readonly key: 'oneOf' | 'anyOf'; readonly variants: readonly unknown[] }[];
}

/**
 * Merges `schema.allOf` (members resolved through `$ref`s; nested `allOf`s merged first) with
 * the schema's own keywords, which are laid over the members'. Same-named properties of two
 * members become `{ allOf: [first, second] }`, merged again when expanded. Members that are
 * cycles or unresolvable are skipped. Example-giving keywords of object members count only
 * when there is one member (else one member's example would hide the others' properties).
 */
export function mergeAllOf(schema: RawSchema, document: unknown, stack: ReadonlySet<string>, nesting = 0): MergedSchema {
  const { allOf, ...own } = schema;
  const members = Array.isArray(allOf) ? allOf : [];
  const refs: string[] = [];
  const more: { key: 'oneOf' | 'anyOf'; variants: readonly unknown[] }[] = [];
  let merged: Record<string, unknown> = {};
  let closed = closedNames(own, undefined);
  for (const member of members) {
    if (nesting >= MAX_NESTING) break;
    const resolved = resolveSchema(member, document, new Set([...stack, ...refs]));
    if (resolved === 'cycle' || !resolved) continue;
    refs.push(...resolved.refs);
    let part: RawSchema = resolved.schema;
    if (Array.isArray(part.allOf)) {
      const inner = mergeAllOf(part, document, new Set([...stack, ...refs]), nesting + 1);
      refs.push(...inner.refs);
      if (inner.closed) closed = intersect(closed, inner.closed);
      if (inner.moreVariants) more.push(...inner.moreVariants);
      part = inner.schema;
    }
    closed = closedNames(part, closed);
    if (members.length > 1 && isObjectSchema(part)) part = Object.fromEntries(Object.entries(part).filter(([k]) => !VALUE_KEYS.includes(k)));
    replacedVariants(merged, part, more);
    merged = layer(merged, part);
  }
  replacedVariants(merged, own, more);
  return { schema: layer(merged, own), refs, ...(closed && { closed }), ...(more.length > 0 && { moreVariants: more }) };
}

/** Records the `oneOf`/`anyOf` lists of `base` that `top`'s own lists replace when laid over it. */
function replacedVariants(base: RawSchema, top: RawSchema, more: { key: 'oneOf' | 'anyOf'; variants: readonly unknown[] }[]): void {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const earlier = base[key];
    if (Array.isArray(earlier) && Array.isArray(top[key]) && earlier !== top[key]) more.push({ key, variants: earlier });
  }
}

/** `closed` narrowed by `part` when `part` allows no properties beyond its own (and has no `patternProperties`). */
function closedNames(part: RawSchema, closed: readonly string[] | undefined): readonly string[] | undefined {
  if (part.additionalProperties !== false || part.patternProperties !== undefined) return closed;
  return intersect(closed, isRecord(part.properties) ? Object.keys(part.properties) : []);
}

const intersect = (a: readonly string[] | undefined, b: readonly string[]): readonly string[] => (a === undefined ? b : a.filter((name) => b.includes(name)));

/** `top` laid over `base`: properties and `required` unioned, `items` both applied (`allOf`), everything else replaced. */
function layer(base: Record<string, unknown>, top: RawSchema): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base, ...top };
  if (isRecord(base.properties) && isRecord(top.properties)) {
    const props: Record<string, unknown> = { ...base.properties };
    for (const [name, sub] of Object.entries(top.properties)) {
      const earlier = props[name];
      props[name] = earlier === undefined ? sub : { allOf: [earlier, sub] };
    }
    out.properties = props;
  }
  if (Array.isArray(base.required) && Array.isArray(top.required)) out.required = [...new Set([...base.required, ...top.required])];
  // Both members constrain the items: an item must satisfy both.
  if (isRecord(base.items) && isRecord(top.items) && base.items !== top.items) out.items = { allOf: [base.items, top.items] };
  if (base.readOnly === true || top.readOnly === true) out.readOnly = true;
  if (base.writeOnly === true || top.writeOnly === true) out.writeOnly = true;
  return out;
}

const isObjectSchema = (s: RawSchema): boolean => s.type === 'object' || isRecord(s.properties);
