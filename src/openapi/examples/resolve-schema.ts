import type { RawSchema } from '../operation-model/model.js';
import { fragmentPointer, resolvePointer } from '../resolve-pointer.js';
import { isRecord } from '../../parse/is-record.js';

/** `$ref` hops followed for one schema node, at most (a chain longer than this is treated as a cycle). */
const MAX_HOPS = 16;

/** A schema node with its internal `$ref`s followed. */
export interface ResolvedSchema {
  readonly schema: RawSchema;
  /** The `$ref`s followed to reach it, in order: the caller keeps them on its stack while expanding. */
  readonly refs: readonly string[];
}

/**
 * Follows the `$ref` chain of `node` through `document`. Keywords written beside a `$ref`
 * (3.1 allows `description`, `readOnly`, `example`…) are laid over the target. Returns `'cycle'`
 * when a `$ref` on the chain is already on `stack` (being expanded by an ancestor), and
 * `undefined` when the node is not a schema object or a `$ref` does not resolve (external or
 * broken). Never throws.
 */
export function resolveSchema(node: unknown, document: unknown, stack: ReadonlySet<string>): ResolvedSchema | 'cycle' | undefined {
  if (!isRecord(node)) return undefined;
  let current: Record<string, unknown> = node;
  let overlay: Record<string, unknown> | undefined;
  const refs: string[] = [];
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (stack.has(ref) || refs.includes(ref) || refs.length >= MAX_HOPS) return 'cycle';
    if (!ref.startsWith('#')) return undefined;
    const { $ref: _, ...siblings } = current;
    if (Object.keys(siblings).length > 0) overlay = { ...siblings, ...overlay };
    const target = resolvePointer(document, fragmentPointer(ref))?.value;
    if (!isRecord(target)) return undefined;
    refs.push(ref);
    current = target;
  }
  return { schema: overlay ? { ...current, ...overlay } : current, refs };
}
