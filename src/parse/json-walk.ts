/** One value of a JSON document, with where it is. */
export interface JsonEntry {
  readonly value: unknown;
  /** Its JSON pointer (`/navigation/tabs/0/icon`; `` for the root). */
  readonly pointer: string;
  /** Its key in the parent object, or its index as a string (`` for the root). */
  readonly key: string;
  /** Whether the parent is an array (so `key` is an index). */
  readonly inArray: boolean;
}

/**
 * Every value of a parsed JSON/YAML document, depth-first in document order, without recursion
 * (a hostile document may nest deeply). An object or array met twice (YAML aliases) is entered
 * once; holes of a sparse array (a converted Swagger 2.0 document can hold one) are visited as
 * `undefined`, never skipped or failed on.
 */
export function* walkJson(root: unknown): Generator<JsonEntry> {
  const stack: JsonEntry[] = [{ value: root, pointer: '', key: '', inArray: false }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const entry = stack.pop() as JsonEntry;
    yield entry;
    const node = entry.value;
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const inArray = Array.isArray(node);
    const children = inArray ? Array.from(node as unknown[], (v, i) => [String(i), v] as const) : Object.entries(node);
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const [key, value] = children[i] as readonly [string, unknown];
      stack.push({ value, pointer: `${entry.pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, key, inArray });
    }
  }
}
