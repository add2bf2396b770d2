import type { JSX } from 'preact';
import type { NavGroupNode, NavNode, NavPageNode, SitePage } from '../../model/site.js';
import { routeUrlPath } from '../../resolve/route-segments.js';
import { routeHref } from './href.js';
import type { LayoutContext } from './layout-context.js';
import type { LayoutMemo } from './layout-memo.js';
import { NavIcon } from './nav-icon.js';
import { methodLabel } from './nav-link.js';

/** What the page tree reads: a page's view of it, or a fragment's (no base, no page). */
export interface TreeScope {
  /**
   * Relative prefix to the site root. Absent in fragments: links are written root-relative as
   * `data-route="/a/b"` (and site images as `data-sheaf-src`), and nav.js makes them relative.
   */
  readonly base: string | undefined;
  /** The route of the page shown, marked active. */
  readonly route: string | undefined;
  readonly pages: ReadonlyMap<string, SitePage>;
  readonly features: LayoutContext['features'];
  /** Nodes on the way to the active page: their groups are open (and inlined in large mode). */
  readonly path: ReadonlySet<NavNode>;
  /** Where collapsed groups, the same on every page at one depth, are rendered once. */
  readonly memo: LayoutMemo | undefined;
}

/**
 * The attributes of a link to `route`: `href`, or `data-route` in a fragment (no base), the
 * route as a URL path (percent-encoded like every link, and like the page's own `data-route`).
 */
function target(scope: TreeScope, route: string): { href: string } | { 'data-route': string } {
  return scope.base === undefined ? { 'data-route': routeUrlPath(route) } : { href: routeHref(scope.base, route) };
}

/** A group's icon, title (a link to its root page when it has one) and tag. */
export function GroupLabel({ scope, group }: { readonly scope: TreeScope; readonly group: NavGroupNode }): JSX.Element {
  const active = group.root !== undefined && group.root === scope.route;
  const title = group.root ? (
    <a class={active ? 'sheaf-nav-group-link is-active' : 'sheaf-nav-group-link'} {...target(scope, group.root)} aria-current={active ? 'page' : undefined}>
      {group.title}
    </a>
  ) : (
    <span class="sheaf-nav-group-title">{group.title}</span>
  );
  return (
    <>
      <NavIcon ctx={scope} icon={group.icon} />
      {title}
      {group.tag ? <span class="sheaf-tag">{group.tag}</span> : null}
    </>
  );
}

/** A page of the tree: method badge, title; active and deprecated ones marked. */
export function PageLink({ scope, node }: { readonly scope: TreeScope; readonly node: NavPageNode }): JSX.Element {
  const active = node.route === scope.route;
  const deprecated = scope.pages.get(node.route)?.deprecated === true;
  const cls = ['sheaf-nav-link', active ? 'is-active' : '', deprecated ? 'is-deprecated' : ''].filter(Boolean).join(' ');
  return (
    <a class={cls} {...target(scope, node.route)} aria-current={active ? 'page' : undefined}>
      {node.method ? <MethodBadge method={node.method} /> : null}
      <span class="sheaf-nav-label">{node.title}</span>
    </a>
  );
}

/** The coloured HTTP method pill of API pages (`sheaf-method-get`, …). */
export function MethodBadge({ method }: { readonly method: string }): JSX.Element {
  return <span class={`sheaf-method sheaf-method-${method.toLowerCase()}`}>{methodLabel(method)}</span>;
}
