import { pointerFrom } from '../diagnostics/positions.js';
import { allowedChildren, childKinds, type NavigationKind } from './schema/navigation-structure.js';
import { isRecord } from '../parse/is-record.js';

/** Called for each element; `pointer` is its JSON pointer in the value passed to `visitNavigation`. */
export type NavigationVisitor = (node: Readonly<Record<string, unknown>>, kind: NavigationKind, pointer: string) => void;

/**
 * Visits the navigation tree depth-first, parents before children, in document order. Follows
 * only the child keys `kind` accepts, skips anything that is not an object (strings in `pages`
 * are pages, not elements), and never enters `global` (its entries are links).
 */
export function visitNavigation(navigation: unknown, pointer: string, visit: NavigationVisitor, kind: NavigationKind = 'navigation'): void {
  if (!isRecord(navigation)) return;
  visit(navigation, kind, pointer);
  for (const key of allowedChildren[kind]) {
    const items = navigation[key];
    if (!Array.isArray(items)) continue;
    for (const [index, item] of items.entries()) {
      visitNavigation(item, pointer + pointerFrom([key, index]), visit, childKinds[key]);
    }
  }
}
