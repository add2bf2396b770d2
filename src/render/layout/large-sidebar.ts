import type { NavDivisionNode, NavGroupNode, NavNode, NavRoot } from '../../model/site.js';

/**
 * Visible links (pages and group root pages) a sidebar holds at most before it turns large.
 * Above it, a page inlines only the groups on its own path; every other group is a collapsed
 * `<details>` whose list is loaded by nav.js from the section's fragment file. 250 links is
 * about 55 KB of sidebar HTML per page.
 */
export const LARGE_SIDEBAR_LINKS = 250;

/**
 * Links a group off the active path may hold and still be inlined in a large sidebar: a
 * collapsed group with its first-page link weighs about as much as three inlined links.
 */
export const INLINE_GROUP_LINKS = 3;

/** Folder of the fragment files, relative to the site root. */
const FRAGMENT_DIR = '_sheaf/nav';

/** A large sidebar: the fragment file (root-relative path) of each top-level group with something to collapse. */
export interface LazySidebar {
  readonly files: ReadonlyMap<NavNode, string>;
}

const isDivision = (n: NavNode): n is NavDivisionNode => n.type !== 'page' && n.type !== 'group';

/**
 * Visible links under `nodes`: pages, and root pages of visible groups. Counting stops as soon as
 * it passes `limit`, so a large tree costs no more than a small one to classify.
 */
export function countLinks(nodes: readonly NavNode[], limit = Number.POSITIVE_INFINITY): number {
  let count = 0;
  const walk = (list: readonly NavNode[]): void => {
    for (const node of list) {
      if (count > limit) return;
      if (node.hidden) continue;
      if (node.type === 'page') count += 1;
      else if (node.type === 'group') {
        if (node.root) count += 1;
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return count;
}

/** True when a sidebar holding `content` renders in large mode. */
export function isLargeSidebar(content: readonly NavNode[]): boolean {
  return countLinks(content, LARGE_SIDEBAR_LINKS) > LARGE_SIDEBAR_LINKS;
}

/** True for a group that a large sidebar collapses when it is off the active path. */
export function isCollapsible(group: NavGroupNode): boolean {
  return countLinks(group.children, INLINE_GROUP_LINKS) > INLINE_GROUP_LINKS;
}

/**
 * Where each top-level node of a sidebar sits in the tree: the child indices from the root
 * through divisions, joined by `-` (`0-2-1`). Only divisions are walked, not groups.
 */
function sectionPositions(root: NavRoot): Map<NavNode, string> {
  const positions = new Map<NavNode, string>();
  const walk = (nodes: readonly NavNode[], prefix: string): void => {
    nodes.forEach((node, i) => {
      const at = prefix ? `${prefix}-${i}` : String(i);
      if (isDivision(node)) walk(node.children, at);
      else positions.set(node, at);
    });
  };
  walk(root.children, '');
  return positions;
}

/** The fragment file of the top-level group at `position`, relative to the site root. */
function fragmentPath(position: string): string {
  return `${FRAGMENT_DIR}/${position}.js`;
}

/** The large-mode plan of a page's sidebar (`content` as in `NavContext`); undefined when it is not large. */
export function planLazySidebar(root: NavRoot, content: readonly NavNode[]): LazySidebar | undefined {
  if (!isLargeSidebar(content)) return undefined;
  return { files: new Map(sectionFiles(content, sectionPositions(root))) };
}

/** The top-level groups of a large sidebar that need a fragment file (small ones never collapse anything), with its path. */
function sectionFiles(content: readonly NavNode[], positions: ReadonlyMap<NavNode, string>): [NavGroupNode, string][] {
  return content.flatMap((node): [NavGroupNode, string][] => {
    const at = positions.get(node);
    return node.type === 'group' && at !== undefined && isCollapsible(node) ? [[node, fragmentPath(at)]] : [];
  });
}

/**
 * Every top-level group of every large sidebar a page can show, with its fragment file, in
 * tree order. A sidebar is the visible groups and pages met along one chain of divisions (see
 * `resolveNavContext`); all chains are walked, so every page's plan finds its files here.
 */
export function lazySections(root: NavRoot): { readonly section: NavGroupNode; readonly path: string }[] {
  const positions = sectionPositions(root);
  const found = new Map<NavGroupNode, string>();
  const walk = (level: readonly NavNode[], above: readonly NavNode[]): void => {
    const visible = level.filter((n) => !n.hidden);
    const content = [...above, ...visible.filter((n) => !isDivision(n))];
    const divisions = visible.filter((n): n is NavDivisionNode => isDivision(n) && n.global !== true);
    if (isLargeSidebar(content)) for (const [section, path] of sectionFiles(content, positions)) found.set(section, path);
    for (const division of divisions) walk(division.children, content);
  };
  walk(root.children, []);
  return [...found].map(([section, path]) => ({ section, path }));
}
