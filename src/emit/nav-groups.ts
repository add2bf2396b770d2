import type { NavNode, NavRoot } from '../model/site.js';

/** Title of the outermost group holding a route in the navigation, or `''`. */
export function firstGroupOf(navigation: NavRoot, route: string): string {
  const search = (nodes: readonly NavNode[], group: string): string | undefined => {
    for (const node of nodes) {
      if (node.type === 'page') {
        if (node.route === route) return group;
      } else {
        const found = search(node.children, group || (node.type === 'group' ? node.title : ''));
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return search(navigation.children, '') ?? '';
}
