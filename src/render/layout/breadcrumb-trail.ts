import type { NavNode, NavRoot } from '../../model/site.js';
import { findPath, firstRoute } from './nav-context.js';

/** One step of a page's place in the navigation: a tab, anchor, dropdown, product or group. */
export interface Crumb {
  readonly title: string;
  /** Where the step leads: a group's root page, else the first page under it; absent when it holds no visible page. */
  readonly route?: string;
}

/**
 * Versions and languages choose a copy of the whole navigation (their titles are `v2`, `en`):
 * they are switchers, not places in the hierarchy, so no step names them.
 */
const SKIPPED: ReadonlySet<NavNode['type']> = new Set(['version', 'language']);

/**
 * The navigation above a page, outermost first (docs.json's tabs, anchors, dropdowns, products,
 * menu items and groups on the way down to it; a group whose `root` is the page is the page
 * itself and no step). Empty for a page outside the navigation (hidden pages indexed with
 * `seo.indexing: "all"`); where a page is listed twice, its first place counts, as in the sidebar.
 */
export function breadcrumbTrail(navigation: NavRoot, route: string): Crumb[] {
  const path = findPath(navigation.children, route) ?? [];
  return path.slice(0, -1).flatMap((node) => {
    if (node.type === 'page' || SKIPPED.has(node.type) || !node.title.trim()) return [];
    const to = firstRoute(node);
    return [{ title: node.title, ...(to !== undefined ? { route: to } : {}) }];
  });
}
