import type { JSX } from 'preact';
import type { NavGroupNode, NavNode, NavPageNode } from '../../model/site.js';
import { routeHref } from './href.js';
import type { LayoutContext } from './layout-context.js';
import { NavIcon } from './nav-icon.js';
import { methodLabel } from './nav-link.js';
import { UiIcon } from './svg.js';

/**
 * The sidebar's page tree. Top-level groups are sections with a title and always open; nested
 * groups are `<details>`, open when they hold the active page or are `expanded`. Consecutive
 * top-level pages share one list. Hidden nodes never render.
 */
export function NavTree({ ctx, nodes }: { readonly ctx: LayoutContext; readonly nodes: readonly NavNode[] }): JSX.Element {
  const blocks: JSX.Element[] = [];
  let pages: NavPageNode[] = [];
  const flush = (): void => {
    if (pages.length) blocks.push(<ul class="sheaf-nav-list">{pages.map((p) => <li><PageLink ctx={ctx} node={p} /></li>)}</ul>);
    pages = [];
  };
  for (const node of nodes) {
    if (node.hidden) continue;
    if (node.type === 'page') pages.push(node);
    else if (node.type === 'group') {
      flush();
      blocks.push(<Section ctx={ctx} group={node} />);
    }
  }
  flush();
  return <>{blocks}</>;
}

function Section({ ctx, group }: { readonly ctx: LayoutContext; readonly group: NavGroupNode }): JSX.Element {
  return (
    <div class="sheaf-nav-section">
      <p class="sheaf-nav-section-title">
        <GroupLabel ctx={ctx} group={group} />
      </p>
      <Items ctx={ctx} nodes={group.children} />
    </div>
  );
}

function Items({ ctx, nodes }: { readonly ctx: LayoutContext; readonly nodes: readonly NavNode[] }): JSX.Element | null {
  const visible = nodes.filter((n) => !n.hidden);
  if (visible.length === 0) return null;
  return (
    <ul class="sheaf-nav-list">
      {visible.map((node) =>
        node.type === 'page' ? (
          <li>
            <PageLink ctx={ctx} node={node} />
          </li>
        ) : node.type === 'group' ? (
          <li>
            <NestedGroup ctx={ctx} group={node} />
          </li>
        ) : null,
      )}
    </ul>
  );
}

function NestedGroup({ ctx, group }: { readonly ctx: LayoutContext; readonly group: NavGroupNode }): JSX.Element {
  const open = ctx.nav.path.has(group) || group.expanded === true;
  return (
    <details class="sheaf-nav-group" open={open}>
      <summary class="sheaf-nav-group-summary">
        <GroupLabel ctx={ctx} group={group} />
        <UiIcon name="chevron-right" class="sheaf-nav-chevron" />
      </summary>
      <Items ctx={ctx} nodes={group.children} />
    </details>
  );
}

/** A group's icon, title (a link to its root page when it has one) and tag. */
function GroupLabel({ ctx, group }: { readonly ctx: LayoutContext; readonly group: NavGroupNode }): JSX.Element {
  const active = group.root !== undefined && group.root === ctx.route;
  const title = group.root ? (
    <a class={active ? 'sheaf-nav-group-link is-active' : 'sheaf-nav-group-link'} href={routeHref(ctx.base, group.root)} aria-current={active ? 'page' : undefined}>
      {group.title}
    </a>
  ) : (
    <span class="sheaf-nav-group-title">{group.title}</span>
  );
  return (
    <>
      <NavIcon ctx={ctx} icon={group.icon} />
      {title}
      {group.tag ? <span class="sheaf-tag">{group.tag}</span> : null}
    </>
  );
}

function PageLink({ ctx, node }: { readonly ctx: LayoutContext; readonly node: NavPageNode }): JSX.Element {
  const active = node.route === ctx.route;
  const deprecated = ctx.pages.get(node.route)?.deprecated === true;
  const cls = ['sheaf-nav-link', active ? 'is-active' : '', deprecated ? 'is-deprecated' : ''].filter(Boolean).join(' ');
  return (
    <a class={cls} href={routeHref(ctx.base, node.route)} aria-current={active ? 'page' : undefined}>
      {node.method ? <MethodBadge method={node.method} /> : null}
      <span class="sheaf-nav-label">{node.title}</span>
    </a>
  );
}

/** The coloured HTTP method pill of API pages (`sheaf-method-get`, …). */
export function MethodBadge({ method }: { readonly method: string }): JSX.Element {
  return <span class={`sheaf-method sheaf-method-${method.toLowerCase()}`}>{methodLabel(method)}</span>;
}
