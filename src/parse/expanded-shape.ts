/** The size of a parsed value as walks see it: every shared node counted once per place it appears. */
export interface ExpandedShape {
  /** Nodes (objects, arrays, scalars) of the value with shared nodes copied out; capped at `Infinity`. */
  readonly nodes: number;
  /** Nodes held in memory: each shared object once. */
  readonly distinct: number;
  /** Levels of objects and arrays with shared nodes copied out (a scalar alone is 0). */
  readonly depth: number;
  /**
   * The keys from the root down the deepest chain of objects and arrays, at most `limit` of them:
   * with `limit` below `depth`, the path of the collection that opens level `limit + 1`.
   */
  deepestPath(limit: number): string[];
  /** Nodes of a collection inside the value with shared nodes copied out (0 for anything else). */
  nodesOf(node: object): number;
}

/**
 * Measures a value parsed from YAML, where an alias (`*name`) is the very object its anchor names:
 * js-yaml shares it instead of copying, so ten anchors of ten aliases each are 10^10 nodes to any
 * walk that follows them, and a chain of anchors nests deeper than the text does. Each object is
 * measured once (memoised), without recursion, so the cost is linear in the distinct nodes
 * whatever the expansion. A cycle (YAML cannot write one) would count as infinitely deep.
 */
export function measureExpanded(value: unknown): ExpandedShape {
  if (typeof value !== 'object' || value === null) return { nodes: 1, distinct: 1, depth: 0, deepestPath: () => [], nodesOf: () => 0 };
  const done = new Map<object, { nodes: number; depth: number; via?: string }>();
  const open = new Set<object>();
  let scalars = 0;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack[stack.length - 1] as object;
    if (done.has(node)) {
      stack.pop();
      continue;
    }
    const children = Object.values(node).filter((c): c is object => typeof c === 'object' && c !== null);
    if (!open.has(node)) {
      open.add(node);
      for (const c of children) {
        if (open.has(c) && !done.has(c)) return { nodes: Infinity, distinct: done.size + scalars, depth: Infinity, deepestPath: () => [], nodesOf: () => Infinity };
        if (!done.has(c)) stack.push(c);
      }
      continue;
    }
    stack.pop();
    let nodes = 1;
    let depth = 0;
    let via: string | undefined;
    for (const [key, c] of Object.entries(node)) {
      const measured = typeof c === 'object' && c !== null ? done.get(c) : undefined;
      if (measured) {
        nodes += measured.nodes;
        if (measured.depth > depth) {
          depth = measured.depth;
          via = key;
        }
      } else {
        nodes += 1;
        scalars += 1;
      }
    }
    done.set(node, { nodes, depth: depth + 1, ...(via !== undefined ? { via } : {}) });
  }
  const root = done.get(value) as { nodes: number; depth: number };
  const deepestPath = (limit: number): string[] => {
    const path: string[] = [];
    for (let node: unknown = value; path.length < limit && typeof node === 'object' && node !== null; ) {
      const via = done.get(node)?.via;
      if (via === undefined) break;
      path.push(via);
      node = (node as Record<string, unknown>)[via];
    }
    return path;
  };
  return { nodes: root.nodes, distinct: done.size + scalars, depth: root.depth, deepestPath, nodesOf: (node) => done.get(node)?.nodes ?? 0 };
}
