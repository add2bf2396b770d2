import type { Obj } from '../../../openapi/operation-model/deref.js';
import type { RenderContext } from '../render-context.js';

/** Where in a schema tree a renderer is. */
export interface TreeState {
  /** Request schemas hide `readOnly` fields, response schemas hide `writeOnly` ones. */
  readonly mode: 'request' | 'response';
  /** Pointers of the named schemas being expanded above: meeting one again is a cycle. */
  readonly ancestors: ReadonlySet<string>;
  /** Nesting level below the root (0 for the root's own fields). */
  readonly depth: number;
  /** Id of the enclosing element, the prefix of nested field ids. */
  readonly idPath: string;
}

/** Nested schema levels expanded below a root, at most; deeper ones show as a reference label. */
export const MAX_DEPTH = 6;

/**
 * Referenced schemas expanded one inside another, at most (the root's included). Stripe's
 * expandable fields nest whole objects in objects (payment intent → charge → customer → source…):
 * without this bound one page held megabytes of fields.
 */
export const MAX_NESTED_REFS = 4;

/** Renders what is nested in a (resolved, allOf-merged) schema; `''` when nothing is. */
export type ChildrenRenderer = (schema: Obj, state: TreeState, ctx: RenderContext) => Nested;

export interface Nested {
  readonly html: string;
  /** What the nested part holds, for the "Show …" summary: `properties`, `options`, `items`. */
  readonly title: string;
}

export const NOTHING: Nested = { html: '', title: '' };

/** `ancestors` plus `pointer` (the same set when there is none). */
export function withAncestor(ancestors: ReadonlySet<string>, pointer: string | undefined): ReadonlySet<string> {
  if (pointer === undefined || ancestors.has(pointer)) return ancestors;
  const next = new Set(ancestors);
  next.add(pointer);
  return next;
}
