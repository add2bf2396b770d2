import type { NavDivision, NavDivisionNode, NavGroupNode, NavNode, NavRoot } from '../../model/site.js';

/** Where a navigation link goes: a route of the site, or an href as written in docs.json. */
export type NavTarget = { readonly route: string } | { readonly href: string };

export interface NavItem {
  readonly title: string;
  readonly icon?: string;
  readonly target: NavTarget;
  readonly active: boolean;
}

/** A menu choosing one division among its siblings (version, language, product, dropdown, menu item). */
export interface NavSwitcher {
  readonly type: NavDivision;
  readonly current: string;
  readonly options: readonly NavItem[];
}

/** The navigation as one page sees it. */
export interface NavContext {
  /** Header tabs of the current division path, then global tabs. */
  readonly tabs: readonly NavItem[];
  /** Sidebar links on top: global anchors (and other global divisions), then anchors. */
  readonly anchors: readonly NavItem[];
  readonly switchers: readonly NavSwitcher[];
  /** Groups and pages of the sidebar, visible ones only, in order. */
  readonly content: readonly NavNode[];
  /** The nodes from the top to the active page (its groups, and the page node itself). */
  readonly path: ReadonlySet<NavNode>;
  /** Groups above the active page, outermost first (a group whose root is the page excluded). */
  readonly trail: readonly NavGroupNode[];
}

/** The page being shown; without a route (404 page) the default divisions are chosen. */
export interface NavWhere {
  readonly route?: string;
  readonly version?: string;
  readonly language?: string;
}

const isDivision = (n: NavNode): n is NavDivisionNode => n.type !== 'page' && n.type !== 'group';

/** The visible nodes from the top down to the page (or the group whose `root` it is). */
export function findPath(nodes: readonly NavNode[], route: string): NavNode[] | undefined {
  for (const node of nodes) {
    if (node.hidden) continue;
    if (node.type === 'page') {
      if (node.route === route) return [node];
      continue;
    }
    if (node.type === 'group' && node.root === route) return [node];
    const below = findPath(node.children, route);
    if (below) return [node, ...below];
  }
  return undefined;
}

/** The first visible page route under a node, in navigation order (a group's root first). */
export function firstRoute(node: NavNode): string | undefined {
  if (node.hidden) return undefined;
  if (node.type === 'page') return node.route;
  if (node.type === 'group' && node.root) return node.root;
  for (const child of node.children) {
    const route = firstRoute(child);
    if (route) return route;
  }
  return undefined;
}

function targetOf(node: NavDivisionNode): NavTarget | undefined {
  const route = firstRoute(node);
  if (route) return { route };
  return node.href ? { href: node.href } : undefined;
}

function item(node: NavDivisionNode, active: boolean): NavItem | undefined {
  const target = targetOf(node);
  return target ? { title: node.title, ...(node.icon ? { icon: node.icon } : {}), target, active } : undefined;
}

/** The division shown when the page is not under any: the page's version/language, `default`, else the first with pages. */
function pickDefault(divisions: readonly NavDivisionNode[], where: NavWhere): NavDivisionNode | undefined {
  const named = divisions[0]?.type === 'version' ? where.version : divisions[0]?.type === 'language' ? where.language : undefined;
  return (
    (named !== undefined ? divisions.find((d) => d.title === named) : undefined) ??
    divisions.find((d) => d.default && firstRoute(d)) ??
    divisions.find((d) => firstRoute(d))
  );
}

/**
 * Walks from the root down the divisions leading to the page: at each level the sibling
 * divisions become header tabs (`tab`), sidebar links (`anchor`) or a switcher (the others), and
 * the walk goes on inside the active one. Groups and pages met on the way make the sidebar.
 * Hidden nodes are never shown and never chosen.
 */
export function resolveNavContext(root: NavRoot, where: NavWhere): NavContext {
  const found = where.route === undefined ? undefined : findPath(root.children, where.route);
  const path = new Set<NavNode>(found ?? []);
  const tabs: NavItem[] = [];
  const globalTabs: NavItem[] = [];
  const anchors: NavItem[] = [];
  const globalAnchors: NavItem[] = [];
  const switchers: NavSwitcher[] = [];
  const content: NavNode[] = [];
  let level: readonly NavNode[] = root.children;
  for (;;) {
    const visible = level.filter((n) => !n.hidden);
    content.push(...visible.filter((n) => !isDivision(n)));
    for (const g of visible.filter((n): n is NavDivisionNode => isDivision(n) && n.global === true)) {
      const link = item(g, false);
      if (link) (g.type === 'tab' ? globalTabs : globalAnchors).push(link);
    }
    const divisions = visible.filter((n): n is NavDivisionNode => isDivision(n) && n.global !== true);
    if (divisions.length === 0) break;
    const onPath = divisions.find((d) => path.has(d));
    const type = onPath?.type ?? (divisions[0] as NavDivisionNode).type;
    const same = divisions.filter((d) => d.type === type);
    const active = onPath ?? pickDefault(same, where);
    const items = same.flatMap((d) => item(d, d === active) ?? []);
    if (type === 'tab') tabs.push(...items);
    else if (type === 'anchor') anchors.push(...items);
    else if (items.length > 1) switchers.push({ type, current: active?.title ?? '', options: items });
    if (!active) break;
    level = active.children;
  }
  const trail = (found ?? []).slice(0, -1).filter((n): n is NavGroupNode => n.type === 'group');
  return { tabs: [...tabs, ...globalTabs], anchors: [...globalAnchors, ...anchors], switchers, content, path, trail };
}

/** A page in reading order: its route, and the navigation's title and method when it has a page entry. */
export interface OrderedPage {
  readonly route: string;
  readonly title?: string;
  readonly method?: string;
}

/** The visible pages under `nodes`, in navigation order, each once: the reading order of previous/next. */
export function pageOrder(nodes: readonly NavNode[]): OrderedPage[] {
  const seen = new Map<string, OrderedPage>();
  const walk = (list: readonly NavNode[]): void => {
    for (const node of list) {
      if (node.hidden) continue;
      if (node.type === 'page') {
        if (!seen.has(node.route)) seen.set(node.route, { route: node.route, title: node.title, ...(node.method ? { method: node.method } : {}) });
      } else {
        if (node.type === 'group' && node.root && !seen.has(node.root)) seen.set(node.root, { route: node.root });
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return [...seen.values()];
}
