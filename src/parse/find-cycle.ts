/** A value that holds itself: the member at `path` is the very object at `target`, an ancestor of it. */
export interface ValueCycle {
  /** Keys from the root to the member that closes the cycle (array indexes as strings). */
  readonly path: readonly string[];
  /** Keys from the root to the object that member is: a prefix of `path`. */
  readonly target: readonly string[];
  /** The object at `target`. */
  readonly node: object;
}

/**
 * The first member (in key order, depth first) of `value` that is one of its own ancestors, or
 * undefined when the value is a tree or a graph of shared, acyclic subtrees (a YAML alias to a
 * node that is not around it): JSON.stringify, yaml.dump and every recursive walk accept those,
 * and end on none of these. Each object is entered once, without recursion, so the cost is linear
 * in the distinct objects and their members whatever the sharing.
 */
export function findCycle(value: unknown): ValueCycle | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const done = new Set<object>();
  // The chain from the root to the object being walked; `keys[i]` leads from `frames[i]` to `frames[i + 1]`.
  const frames: { node: object; members: [string, unknown][]; next: number }[] = [{ node: value, members: Object.entries(value), next: 0 }];
  const onChain = new Set<object>([value]);
  const keys: string[] = [];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as (typeof frames)[number];
    const member = frame.members[frame.next];
    if (member === undefined) {
      frames.pop();
      onChain.delete(frame.node);
      done.add(frame.node);
      keys.pop();
      continue;
    }
    frame.next += 1;
    const [key, child] = member;
    if (typeof child !== 'object' || child === null || done.has(child)) continue;
    if (onChain.has(child)) {
      const depth = frames.findIndex((f) => f.node === child);
      return { path: [...keys, key], target: keys.slice(0, depth), node: child };
    }
    keys.push(key);
    frames.push({ node: child, members: Object.entries(child), next: 0 });
    onChain.add(child);
  }
  return undefined;
}
