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
  let merged: Record<string, unknown> = {};
  for (const member of members) {
    if (nesting >= MAX_NESTING) break;
    const resolved = resolveSchema(member, document, new Set([...stack, ...refs]));
    if (resolved === 'cycle' || !resolved) continue;
    refs.push(...resolved.refs);
    let part: RawSchema = resolved.schema;
    if (Array.isArray(part.allOf)) {
      const inner = mergeAllOf(part, document, new Set([...stack, ...refs]), nesting + 1);
      refs.push(...inner.refs);
      part = inner.schema;
    }
    if (members.length > 1 && isObjectSchema(part)) part = Object.fromEntries(Object.entries(part).filter(([k]) => !VALUE_KEYS.includes(k)));
    merged = layer(merged, part);
  }
  return { schema: layer(merged, own), refs };
}

/** `top` laid over `base`: properties and `required` unioned, everything else replaced. */
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
  if (base.readOnly === true || top.readOnly === true) out.readOnly = true;
  if (base.writeOnly === true || top.writeOnly === true) out.writeOnly = true;
  return out;
}

const isObjectSchema = (s: RawSchema): boolean => s.type === 'object' || isRecord(s.properties);
