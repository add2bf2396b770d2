import type { NavNode, SitePage } from '../../model/site.js';

/**
 * HTML that many pages of one site share, rendered once: pass the same memo (`createLayoutMemo`)
 * to every `renderDocument` call of a build. Entries are keyed by the `pages` map and the
 * navigation node they render (weakly: a new build's objects start empty), then by a string of
 * everything else the HTML depends on. Without a memo every page renders everything.
 */
export interface LayoutMemo {
  readonly entries: WeakMap<ReadonlyMap<string, SitePage>, WeakMap<NavNode, Map<string, string>>>;
}

export function createLayoutMemo(): LayoutMemo {
  return { entries: new WeakMap() };
}

/** The memoised HTML of `node` under `key`, rendered by `make` the first time. */
export function memoHtml(memo: LayoutMemo, pages: ReadonlyMap<string, SitePage>, node: NavNode, key: string, make: () => string): string {
  let byNode = memo.entries.get(pages);
  if (!byNode) memo.entries.set(pages, (byNode = new WeakMap()));
  let byKey = byNode.get(node);
  if (!byKey) byNode.set(node, (byKey = new Map()));
  let html = byKey.get(key);
  if (html === undefined) byKey.set(key, (html = make()));
  return html;
}
