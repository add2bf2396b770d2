import { pointerFrom, pointerTokens } from '../diagnostics/positions.js';
import { isRecord } from '../parse/is-record.js';

/**
 * A deep copy of a parsed JSON value that keys and array items can be removed from, one at a
 * time, while pointers into the copy can still be mapped back to the value it was made from
 * (removing an array item shifts the items after it; `original` undoes that shift).
 */
export interface WorkingCopy {
  /** The current copy. */
  readonly value: unknown;
  /** The pointer in the original value of `pointer` in the current copy. */
  original(pointer: string): string;
  /** Removes the key or array item at `pointer`; `false` when there is nothing there. */
  remove(pointer: string): boolean;
}

/** A working copy of `value` (a parsed JSON value: plain objects, arrays and primitives). */
export function workingCopy(value: unknown): WorkingCopy {
  const root: unknown = structuredClone(value);
  /** For each array an item was removed from: the original index of each remaining item. */
  const indices = new WeakMap<unknown[], number[]>();
  const childOf = (node: unknown, token: string): unknown =>
    Array.isArray(node) ? node[Number(token)] : isRecord(node) && Object.hasOwn(node, token) ? node[token] : undefined;
  return {
    value: root,
    original(pointer) {
      let node = root;
      const out: string[] = [];
      for (const token of pointerTokens(pointer)) {
        out.push(Array.isArray(node) && /^\d+$/.test(token) ? String(indices.get(node)?.[Number(token)] ?? token) : token);
        node = childOf(node, token);
      }
      return pointerFrom(out);
    },
    remove(pointer) {
      const tokens = pointerTokens(pointer);
      const last = tokens.pop();
      if (last === undefined) return false;
      const parent = tokens.reduce(childOf, root);
      if (Array.isArray(parent)) {
        const index = Number(last);
        if (!/^\d+$/.test(last) || index >= parent.length) return false;
        const map = indices.get(parent) ?? parent.map((_, i) => i);
        map.splice(index, 1);
        indices.set(parent, map);
        parent.splice(index, 1);
        return true;
      }
      if (!isRecord(parent) || !Object.hasOwn(parent, last)) return false;
      delete parent[last];
      return true;
    },
  };
}
