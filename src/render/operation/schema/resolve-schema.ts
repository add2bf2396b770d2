import { fragmentPointer, resolvePointer } from '../../../openapi/resolve-pointer.js';
import type { Obj } from '../../../openapi/operation-model/deref.js';
import { isRecord } from '../../../parse/is-record.js';

/** `$ref` hops followed for one schema, at most (longer chains are shown as unresolved). */
const MAX_HOPS = 16;

/** Folders of named schemas: a `$ref` into one of them gives the schema its name. */
const NAMED = /\/(?:schemas|definitions|\$defs)\/([^/]+)$/;

export interface ResolvedSchema {
  /** The schema, with the keywords written beside its `$ref` laid over the target. */
  readonly schema: Obj;
  /** Where the schema lives (after following `$ref`s): its identity for cycle detection. */
  readonly pointer?: string;
  /** The component name (`#/components/schemas/Pet` → `Pet`), when the `$ref` names one. */
  readonly name?: string;
  /** The `$ref` as written, when it does not resolve (external, broken, or a chain too long). */
  readonly unresolved?: string;
}

/**
 * Follows a raw schema's `$ref`s (lazily, one schema at a time: never a whole graph). Keywords
 * written beside a `$ref` (`description`, `nullable`, `title`, … as 3.1 allows and 3.0 documents
 * often do) override the target's. A non-object schema is `{}` (anything).
 */
export function resolveSchema(doc: unknown, raw: unknown): ResolvedSchema {
  if (!isRecord(raw)) return { schema: raw === false ? { not: {} } : {} };
  if (typeof raw.$ref !== 'string') return { schema: raw };
  let node: Obj = raw;
  let siblings: Record<string, unknown> | undefined;
  let pointer: string | undefined;
  for (let hop = 0; hop < MAX_HOPS && typeof node.$ref === 'string'; hop += 1) {
    const ref = node.$ref;
    for (const key of Object.keys(node)) {
      if (key !== '$ref' && (siblings === undefined || !(key in siblings))) (siblings ??= {})[key] = node[key];
    }
    const target = ref.startsWith('#') ? resolvePointer(doc, fragmentPointer(ref)) : undefined;
    if (!target || !isRecord(target.value)) return { schema: siblings ?? {}, unresolved: raw.$ref };
    node = target.value;
    pointer = target.pointer;
  }
  if (typeof node.$ref === 'string') return { schema: siblings ?? {}, unresolved: raw.$ref };
  const name = pointer !== undefined ? NAMED.exec(pointer)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
  return { schema: siblings ? { ...node, ...siblings } : node, ...(pointer !== undefined ? { pointer } : {}), ...(name !== undefined ? { name } : {}) };
}

/** The name a `$ref` string points at (`#/components/schemas/Pet` → `Pet`), for labels of unresolved references. */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return last.replace(/~1/g, '/').replace(/~0/g, '~') || ref;
}

/**
 * Like `resolveSchema`, and for the common wrapper `{allOf: [{$ref: …}], description: …}` (a
 * reference with its own keywords, as 3.0 has to write it) the wrapped schema's pointer and name,
 * with `wrapped` set: the schema itself stays the wrapper (merge it with `mergeAllOf` *without*
 * that pointer among the ancestors, or the member would be skipped as a cycle).
 */
export function resolveNamed(doc: unknown, raw: unknown): ResolvedSchema & { readonly wrapped?: true } {
  const r = resolveSchema(doc, raw);
  const members = r.schema.allOf;
  if (r.pointer !== undefined || r.unresolved !== undefined || !Array.isArray(members) || members.length !== 1 || r.schema.properties !== undefined) return r;
  const inner = resolveSchema(doc, members[0]);
  if (inner.pointer === undefined) return r;
  return { schema: r.schema, pointer: inner.pointer, ...(inner.name !== undefined ? { name: inner.name } : {}), wrapped: true };
}
