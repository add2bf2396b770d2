import { fragmentPointer, resolvePointer } from '../openapi/resolve-pointer.js';
import { isRecord } from '../parse/is-record.js';

/** `$ref` hops followed for one value, at most (a longer chain, or a cycle, does not resolve). */
const MAX_HOPS = 16;

/** A value of the document with the pointer where it lives. */
export interface Located {
  readonly value: unknown;
  /** Where the value lives after following `$ref`s; `at` when it was not a reference. */
  readonly pointer: string;
}

/**
 * Follows a value's internal `$ref`s (`#/components/messages/Chat`) to what they name. A value
 * that is no reference is itself, at `at`. Undefined for an external reference (another file or
 * URL: not read), a pointer to nothing, or a chain longer than 16 hops (a cycle).
 */
export function followRef(doc: unknown, value: unknown, at: string): Located | undefined {
  let node = value;
  let pointer = at;
  for (let hop = 0; hop <= MAX_HOPS; hop += 1) {
    if (!isRecord(node) || typeof node.$ref !== 'string') return { value: node, pointer };
    if (!node.$ref.startsWith('#')) return undefined;
    const target = resolvePointer(doc, fragmentPointer(node.$ref));
    if (!target) return undefined;
    node = target.value;
    pointer = target.pointer;
  }
  return undefined;
}

/** A string field, or undefined when absent, blank or not a string. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
