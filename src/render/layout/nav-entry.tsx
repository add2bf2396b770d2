import type { JSX } from 'preact';
import type { NavGroupNode, NavNode, NavPageNode, SitePage } from '../../model/site.js';
import type { UrlStyle } from '../../model/url-style.js';
import { routeUrlPath } from '../../resolve/route-segments.js';
import { linkAttributes, mintlifyRouteHref, type LinkAttributes } from './href.js';
import type { LayoutContext } from './layout-context.js';
import type { LayoutMemo } from './layout-memo.js';
import { NavIcon } from './nav-icon.js';
import { methodLabel } from './nav-link.js';

/** What the page tree reads: a page's view of it, or a fragment's (no base, no page). */
export type TreeScope = TreeCommon & (PageScope | FragmentScope);

/** A page's tree: links relative to the page, in the site's URL style. */
interface PageScope {
  /** Relative prefix to the site root. */
  readonly base: string;
  /** How the site links its pages (`LayoutInput.urlStyle`). */
  readonly urlStyle: UrlStyle;
}

/**
 * A fragment's tree: links are written root-relative as `data-route="/a/b"` (and site images as
 * `data-sheaf-src`), and nav.js makes them relative in the page's URL style.
 */
interface FragmentScope {
  readonly base: undefined;
}

interface TreeCommon {
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
 * The attributes of a link to `route`: `href` and `data-href` (`linkAttributes`), or in a
 * fragment (no base) `data-route`, the route as a URL path (percent-encoded like every link, and
 * like the page's own `data-route`), which nav.js turns into `href`, and the same `data-href`.
 */
function target(scope: TreeScope, route: string): LinkAttributes | { 'data-route': string; 'data-href': string } {
  return scope.base === undefined ? { 'data-route': routeUrlPath(route), 'data-href': mintlifyRouteHref(route) } : linkAttributes(scope.base, { route }, scope.urlStyle);
}

/** Whether a group has a name to show: a legacy mint.json allows groups without one, shown without a heading. */
export function isTitled(group: NavGroupNode): boolean {
  return group.title.trim() !== '';
}

/**
 * A group's icon, title (a link to its root page when it has one) and tag; Mintlify's
 * `.sidebar-group-icon`, `.sidebar-title` (top-level groups: `section`) and `.nav-tag-pill`.
 * Callers leave out the label of an untitled group (`isTitled`).
 */
export function GroupLabel({ scope, group, section }: { readonly scope: TreeScope; readonly group: NavGroupNode; readonly section?: boolean }): JSX.Element {
  const active = group.root !== undefined && group.root === scope.route;
  const extra = section ? ' sidebar-title' : '';
  const title = group.root ? (
    <a class={`sheaf-nav-group-link${extra}${active ? ' is-active' : ''}`} {...target(scope, group.root)} aria-current={active ? 'page' : undefined}>
      {group.title}
    </a>
  ) : (
    <span class={`sheaf-nav-group-title${extra}`}>{group.title}</span>
  );
  return (
    <>
      <NavIcon ctx={scope} icon={group.icon} class="sheaf-nav-icon sidebar-group-icon" />
      {title}
      {group.tag ? <span class="sheaf-tag nav-tag-pill">{group.tag}</span> : null}
    </>
  );
}

/**
 * A page of the tree: method badge (`.method-nav-pill`), title; active and deprecated ones
 * marked. Its `<li>` is `PageItem`.
 */
export function PageLink({ scope, node }: { readonly scope: TreeScope; readonly node: NavPageNode }): JSX.Element {
  const active = node.route === scope.route;
  const deprecated = scope.pages.get(node.route)?.deprecated === true;
  const cls = ['sheaf-nav-link', active ? 'is-active' : '', deprecated ? 'is-deprecated' : ''].filter(Boolean).join(' ');
  return (
    <a class={cls} {...target(scope, node.route)} aria-current={active ? 'page' : undefined}>
      {node.method ? <MethodBadge method={node.method} class="method-nav-pill" /> : null}
      <span class="sheaf-nav-label">{node.title}</span>
    </a>
  );
}

/** The `<li>` of a page of the tree, with Mintlify's `data-active` when it is the page shown (`#sidebar-content li[data-active]`). */
export function PageItem({ scope, node }: { readonly scope: TreeScope; readonly node: NavPageNode }): JSX.Element {
  return (
    <li data-active={node.route === scope.route ? '' : undefined}>
      <PageLink scope={scope} node={node} />
    </li>
  );
}

/** The coloured HTTP method pill of API pages (`sheaf-method-get`, …); `class` adds classes. */
export function MethodBadge({ method, class: extra }: { readonly method: string; readonly class?: string }): JSX.Element {
  return <span class={`sheaf-method sheaf-method-${method.toLowerCase()}${extra ? ` ${extra}` : ''}`}>{methodLabel(method)}</span>;
}
