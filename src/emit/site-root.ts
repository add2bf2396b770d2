import type { NavNode, NavRoot } from '../model/site.js';

/**
 * The page Mintlify shows at `/` when no page has the route `/`: the first page of the
 * navigation (reference/mintlify.md has no rule; the research note, issue11-research.md §4
 * "Page at `/`", reads Mintlify's `getFirstPageFromNavigation`): hidden groups and divisions are
 * skipped, a group's `root` page comes before its pages, and among versions or languages the one
 * marked `default` is tried first. Undefined when the navigation holds no visible page.
 */
export function firstNavigationRoute(navigation: NavRoot): string | undefined {
  return firstOf(navigation.children);
}

function firstOf(nodes: readonly NavNode[]): string | undefined {
  const preferred = nodes.filter((n) => (n.type === 'version' || n.type === 'language') && n.default);
  for (const node of [...preferred, ...nodes.filter((n) => !preferred.includes(n))]) {
    if (node.hidden) continue;
    if (node.type === 'page') return node.route;
    if (node.type === 'group' && node.root) return node.root;
    const below = firstOf(node.children);
    if (below) return below;
  }
  return undefined;
}
