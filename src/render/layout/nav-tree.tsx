import type { JSX } from 'preact';
import type { NavGroupNode, NavNode, NavPageNode } from '../../model/site.js';
import { countLinks, isCollapsible } from './large-sidebar.js';
import type { LayoutContext } from './layout-context.js';
import { LazyGroup, LazyGroupItem, type LazyList } from './lazy-group.js';
import { Chevron, ChevronSymbol } from './nav-chevron.js';
import { GroupLabel, isTitled, PageItem, type TreeScope } from './nav-entry.js';

/**
 * The sidebar's page tree. Top-level groups are sections with a title and always open; nested
 * groups are `<details>`, open when they hold the active page or are `expanded`. Consecutive
 * top-level pages share one list. Hidden nodes never render. In large mode (`ctx.lazy`), groups
 * off the active path, top-level ones included, render as collapsed `LazyGroup`s unless they
 * hold only a few links. A group without a name has no heading: a top-level one is a section
 * without a title, a nested one's entries are inlined in the list above (never collapsed).
 * Mintlify's hooks: `.sidebar-group` (with `data-active` on the path to the page shown),
 * `.sidebar-group-header`, and `data-active` on the `<li>` of the page shown.
 */
export function NavTree({ ctx, nodes }: { readonly ctx: LayoutContext; readonly nodes: readonly NavNode[] }): JSX.Element {
  const scope: TreeScope = { base: ctx.base, urlStyle: ctx.urlStyle, route: ctx.route, pages: ctx.pages, features: ctx.features, path: ctx.nav.path, memo: ctx.memo };
  const blocks: JSX.Element[] = [];
  let pages: NavPageNode[] = [];
  const flush = (): void => {
    if (pages.length) blocks.push(<ul class="sheaf-nav-list">{pages.map((p) => <PageItem scope={scope} node={p} />)}</ul>);
    pages = [];
  };
  for (const node of nodes) {
    if (node.hidden) continue;
    if (node.type === 'page') pages.push(node);
    else if (node.type === 'group') {
      flush();
      const file = ctx.lazy?.files.get(node); // only for sections with something to collapse
      const lazy = file === undefined ? undefined : { file, index: '0' };
      blocks.push(lazy && !scope.path.has(node) && isTitled(node) ? <LazyGroup scope={scope} group={node} lazy={lazy} section /> : <Section scope={scope} group={node} lazy={lazy} />);
    }
  }
  flush();
  return (
    <>
      {ctx.lazy ? <ChevronSymbol /> : null}
      {blocks}
    </>
  );
}

function Section({ scope, group, lazy }: { readonly scope: TreeScope; readonly group: NavGroupNode; readonly lazy: LazyList | undefined }): JSX.Element {
  return (
    <div class="sheaf-nav-section sidebar-group" data-active={scope.path.has(group) ? '' : undefined}>
      {isTitled(group) ? (
        <p class="sheaf-nav-section-title sidebar-group-header">
          <GroupLabel scope={scope} group={group} section />
        </p>
      ) : null}
      <Items scope={scope} nodes={group.children} lazy={lazy} />
    </div>
  );
}

function Items({ scope, nodes, lazy }: { readonly scope: TreeScope; readonly nodes: readonly NavNode[]; readonly lazy: LazyList | undefined }): JSX.Element | null {
  if (!nodes.some((n) => !n.hidden)) return null;
  return (
    <ul class="sheaf-nav-list">
      <ItemList scope={scope} nodes={nodes} lazy={lazy} />
    </ul>
  );
}

/**
 * The `<li>` items of a list. In large mode (`lazy`), a group off the active path with more than
 * a few links (`isCollapsible`) is a `LazyGroup` under `lazy.index` + its position among `nodes`.
 */
export function ItemList({ scope, nodes, lazy }: { readonly scope: TreeScope; readonly nodes: readonly NavNode[]; readonly lazy: LazyList | undefined }): JSX.Element {
  const items: JSX.Element[] = [];
  nodes.forEach((node, i) => {
    if (node.hidden) return;
    if (node.type === 'page') {
      items.push(<PageItem scope={scope} node={node} />);
    } else if (node.type === 'group') {
      const below = lazy && { file: lazy.file, index: `${lazy.index}.${i}` };
      if (!isTitled(node)) {
        items.push(<ItemList scope={scope} nodes={node.children} lazy={below} />);
        return;
      }
      const collapsed = below !== undefined && !scope.path.has(node) && isCollapsible(node);
      items.push(
        collapsed ? (
          <LazyGroupItem scope={scope} group={node} lazy={below} />
        ) : (
          <li>
            <NestedGroup scope={scope} group={node} lazy={below} />
          </li>
        ),
      );
    }
  });
  return <>{items}</>;
}

/** A nested group, inlined; in large mode (`lazy`) with its number of links, like the collapsed ones. */
function NestedGroup({ scope, group, lazy }: { readonly scope: TreeScope; readonly group: NavGroupNode; readonly lazy: LazyList | undefined }): JSX.Element {
  const open = scope.path.has(group) || group.expanded === true;
  return (
    <details class="sheaf-nav-group sidebar-group" open={open} data-active={scope.path.has(group) ? '' : undefined}>
      <summary class="sheaf-nav-group-summary sidebar-group-header">
        <GroupLabel scope={scope} group={group} />
        {lazy ? <span class="sheaf-nav-count">{countLinks(group.children)}</span> : null}
        <Chevron compact={lazy !== undefined} />
      </summary>
      <Items scope={scope} nodes={group.children} lazy={lazy} />
    </details>
  );
}
