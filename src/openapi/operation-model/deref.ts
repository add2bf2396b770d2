import { fragmentPointer, resolvePointer } from '../resolve-pointer.js';
import { isRecord } from '../../parse/is-record.js';

/** `$ref` hops followed for one object, at most; a longer chain counts as broken (and catches cycles). */
const MAX_HOPS = 16;

export type Obj = Readonly<Record<string, unknown>>;

/**
 * The object `value` stands for, internal `$ref`s (`#/…`) followed. A 3.1 Reference Object's
 * `summary` and `description` override the target's (the outermost reference wins). Returns
 * `undefined` for a non-object, an external or broken `$ref`, or a chain longer than `MAX_HOPS`.
 * Never copies more than the top level of an object, and only when there are overrides.
 */
export function deref(doc: unknown, value: unknown): Obj | undefined {
  let node: unknown = value;
  let overrides: Record<string, unknown> | undefined;
  for (let hop = 0; hop <= MAX_HOPS; hop += 1) {
    if (!isRecord(node)) return undefined;
    const ref = node.$ref;
    if (typeof ref !== 'string') {
      return overrides ? { ...node, ...overrides } : node;
    }
    if (!ref.startsWith('#')) return undefined;
    for (const key of ['summary', 'description'] as const) {
      if (typeof node[key] === 'string' && (overrides === undefined || !(key in overrides))) (overrides ??= {})[key] = node[key];
    }
    node = resolvePointer(doc, fragmentPointer(ref))?.value;
  }
  return undefined;
}

/** The entries of an object-valued field, in document order (none when it is not an object). */
export function entriesOf(value: unknown): [string, unknown][] {
  return isRecord(value) ? Object.entries(value) : [];
}

/** `value` when it is a string, else `undefined`. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `value` when it is a non-empty string, else `undefined`. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
