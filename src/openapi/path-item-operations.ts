import { HTTP_METHODS, HTTP_METHODS_32 } from '../model/openapi.js';
import { isRecord } from '../parse/is-record.js';

/** One operation slot of a path item. */
export interface PathItemSlot {
  /** Lowercase method: the field name (`get`, `query`), or an `additionalOperations` key lowercased. */
  readonly method: string;
  /** Pointer tokens below the path item: `['get']`, or `['additionalOperations', 'LINK']`. */
  readonly tokens: readonly [string] | readonly [string, string];
  /** The operation as written (not checked to be an object). */
  readonly value: unknown;
}

/** An `additionalOperations` key that is not used: it names a method field (`get`) or repeats an earlier key in another case. */
export interface DuplicateMethod {
  readonly key: string;
  /** Pointer tokens of the slot that has the method. */
  readonly taken: readonly [string] | readonly [string, string];
}

/** True for OpenAPI 3.2.x, as the `openapi` field (or the index's `version`) writes it. */
export function isOpenApi32(version: unknown): boolean {
  return typeof version === 'string' && /^3\.2(\.|$|-)/.test(version);
}

/**
 * The operations of a path item in Mintlify's order: the method fields (`get` … `trace`, and in
 * 3.2 `query`), then (3.2) each entry of `additionalOperations` in document order. An
 * `additionalOperations` key whose lowercase is a method field (`get`, `Query`: the field is the
 * place for it) or an earlier key (`Link` after `LINK`) is left out and returned in `duplicates`:
 * one page per method and path.
 */
export function pathItemSlots(item: Readonly<Record<string, unknown>>, oas32: boolean): { slots: PathItemSlot[]; duplicates: DuplicateMethod[] } {
  const slots: PathItemSlot[] = [];
  const duplicates: DuplicateMethod[] = [];
  const taken = new Map<string, PathItemSlot['tokens']>();
  for (const method of oas32 ? HTTP_METHODS_32 : HTTP_METHODS) {
    taken.set(method, [method]);
    if (item[method] !== undefined) slots.push({ method, tokens: [method], value: item[method] });
  }
  const additional = oas32 ? item.additionalOperations : undefined;
  if (!isRecord(additional)) return { slots, duplicates };
  for (const [key, value] of Object.entries(additional)) {
    const method = key.toLowerCase();
    const before = taken.get(method);
    if (before !== undefined) {
      duplicates.push({ key, taken: before });
      continue;
    }
    taken.set(method, ['additionalOperations', key]);
    slots.push({ method, tokens: ['additionalOperations', key], value });
  }
  return { slots, duplicates };
}
