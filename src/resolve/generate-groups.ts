import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import type { NavGroupNode, NavPageNode } from '../model/site.js';
import { slugToTitle } from '../openapi/slug.js';
import { operationKey } from './operation-routes.js';

/** Group label of untagged operations. */
export const DEFAULT_API_GROUP = 'API Reference';

/**
 * The navigation Mintlify generates for a whole document: one group per first tag (label
 * `x-group`, else the tag name), in the order tags are first seen, pages in operation order,
 * webhooks after paths. Excluded and `x-hidden` operations are left out.
 */
export function generateGroups(doc: OperationIndex, routes: ReadonlyMap<string, string>, hidden: boolean): NavGroupNode[] {
  const groups = new Map<string, NavPageNode[]>();
  const labels = new Map(doc.tags.map((t) => [t.name, t.displayName ?? t.name]));
  const add = (op: IndexedOperation, webhook: boolean): void => {
    if (op.excluded || op.hidden) return;
    const route = routes.get(operationKey(op, webhook));
    if (!route) return;
    const tag = op.tags[0];
    const label = tag === undefined ? DEFAULT_API_GROUP : (labels.get(tag) ?? tag);
    const meta = op.xMint?.metadata ?? {};
    const title =
      (typeof meta['sidebarTitle'] === 'string' && meta['sidebarTitle']) ||
      (typeof meta['title'] === 'string' && meta['title']) ||
      (!webhook && op.summary?.trim()) ||
      slugToTitle(route);
    const page: NavPageNode = {
      type: 'page',
      route,
      title,
      method: webhook ? 'WEBHOOK' : op.method.toUpperCase(),
      ...(hidden ? { hidden: true } : {}),
    };
    const list = groups.get(label);
    if (list) list.push(page);
    else groups.set(label, [page]);
  };
  doc.operations.forEach((op) => add(op, false));
  doc.webhooks.forEach((op) => add(op, true));
  return [...groups].map(([title, children]) => ({
    type: 'group',
    title,
    generated: true,
    ...(hidden ? { hidden: true } : {}),
    children,
  }));
}
