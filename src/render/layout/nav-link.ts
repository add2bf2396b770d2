import { resolveHref, routeHref } from './href.js';
import type { NavTarget } from './nav-context.js';

/** The relative URL of a navigation target from a page with `base`; undefined for a `javascript:` URL (an inert link). */
export function targetHref(base: string, target: NavTarget): string | undefined {
  return 'route' in target ? routeHref(base, target.route) : resolveHref(base, target.href);
}

/** Short method labels of the sidebar badges (`DELETE` → `DEL`); others as written. */
const METHOD_LABELS: Readonly<Record<string, string>> = { DELETE: 'DEL', OPTIONS: 'OPT', WEBHOOK: 'HOOK' };

export function methodLabel(method: string): string {
  return METHOD_LABELS[method] ?? method;
}
