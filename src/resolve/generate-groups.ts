import type { IndexedOperation, OperationIndex } from '../model/openapi.js';
import type { NavGroupNode, NavPageNode } from '../model/site.js';
import { slugToTitle } from '../openapi/slug.js';
import { navigationTag, tagPath, tagTitle } from '../openapi/tag-path.js';
import { operationKey } from './operation-routes.js';

/** Group label of untagged operations. */
export const DEFAULT_API_GROUP = 'API Reference';

/** A group while it is filled: its pages and subgroups in the order first seen. */
interface Draft {
  readonly title: string;
  readonly children: (NavPageNode | Draft)[];
  /** Subgroups by title. */
  readonly groups: Map<string, Draft>;
}

/**
 * The navigation Mintlify generates for a whole document: one group per tag (label `x-group`,
 * else in 3.2 the tag's `summary`, else the tag name; the tag is the first, or in 3.2 the
 * `navigationTag`), in the order tags are first seen, pages in operation order, webhooks after
 * paths. In 3.2 a tag with a `parent` is a group inside its parent's group (and so on up), the
 * parent's own pages and subgroups in the order first seen. Excluded and `x-hidden` operations are
 * left out; a group is made only when a page goes into it or below it.
 */
export function generateGroups(doc: OperationIndex, routes: ReadonlyMap<string, string>, hidden: boolean): NavGroupNode[] {
  const top = new Map<string, Draft>();
  const add = (op: IndexedOperation, webhook: boolean): void => {
    if (op.excluded || op.hidden) return;
    const route = routes.get(operationKey(op, webhook));
    if (!route) return;
    const tag = navigationTag(op, doc);
    const titles = tag === undefined ? [DEFAULT_API_GROUP] : tagPath(tag, doc).map((t) => tagTitle(t, doc));
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
    let groups = top;
    let draft: Draft | undefined;
    for (const groupTitle of titles) {
      let next = groups.get(groupTitle);
      if (!next) {
        next = { title: groupTitle, children: [], groups: new Map() };
        groups.set(groupTitle, next);
        draft?.children.push(next);
      }
      draft = next;
      groups = next.groups;
    }
    draft?.children.push(page);
  };
  doc.operations.forEach((op) => add(op, false));
  doc.webhooks.forEach((op) => add(op, true));
  const finish = (draft: Draft): NavGroupNode => ({
    type: 'group',
    title: draft.title,
    generated: true,
    ...(hidden ? { hidden: true } : {}),
    children: draft.children.map((child) => ('type' in child ? child : finish(child))),
  });
  return [...top.values()].map(finish);
}
