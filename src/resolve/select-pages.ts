import type { NavNode, Site, SitePage } from '../model/site.js';

/** Characters of a page path at most (a docs.json page path, a route without its slash). */
export const MAX_PAGE_PATH = 200;

/**
 * The route a page path names, as Mintlify's static-export `paths` name pages (`index`,
 * `guides/getting-started`): with or without a leading slash, a trailing slash, `.mdx`/`.md` or a
 * final `index` segment (`index` and `/` name the home page `/`). Undefined for a string that is
 * no page path at all: empty, longer than MAX_PAGE_PATH, holding white space, a control
 * character, `?`, `#` or `\`, an empty segment (`a//b`) or a `.`/`..` segment.
 */
export function routeOfPagePath(entry: string): string | undefined {
  if (entry.length === 0 || entry.length > MAX_PAGE_PATH || /[\s\p{Cc}?#\\]/u.test(entry)) return undefined;
  const bare = entry.replace(/^\//, '').replace(/\/$/, '');
  if (bare === '') return '/';
  const segments = bare.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  const last = segments.length - 1;
  segments[last] = (segments[last] as string).replace(/\.mdx?$/, '');
  if (segments[last] === 'index' || segments[last] === '') segments.pop();
  return '/' + segments.join('/');
}

/** The entries of `paths` that are no page path (see routeOfPagePath), each once, in order. */
export function malformedPagePaths(paths: readonly string[]): string[] {
  return [...new Set(paths.filter((p) => routeOfPagePath(p) === undefined))];
}

export interface PageSelection {
  /** The site with only the selected pages, its navigation pruned to them. */
  readonly site: Site;
  /** The pages of the site left out, by route. */
  readonly leftOut: readonly SitePage[];
  /** The entries that name no page of the site (malformed ones among them), each once, in order. */
  readonly unknown: readonly string[];
}

/**
 * The site reduced to the pages `paths` names (routeOfPagePath; a route differing only in letter
 * case names the page too, as links do). The navigation keeps only their entries: a group
 * keeps its `root` only when that page is selected, and a group or division left without
 * children goes (a division that never had any, a link, stays). Pure.
 */
export function selectPages(site: Site, paths: readonly string[]): PageSelection {
  const byRoute = new Map(site.pages.map((p) => [p.route, p]));
  const byLowerRoute = new Map(site.pages.map((p) => [p.route.toLowerCase(), p]));
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const entry of paths) {
    const route = routeOfPagePath(entry);
    const page = route === undefined ? undefined : (byRoute.get(route) ?? byLowerRoute.get(route.toLowerCase()));
    if (page) chosen.add(page.route);
    else if (!unknown.includes(entry)) unknown.push(entry);
  }
  const pages = site.pages.filter((p) => chosen.has(p.route));
  return {
    site: { ...site, pages, navigation: { ...site.navigation, children: pruneNodes(site.navigation.children, chosen) } },
    leftOut: site.pages.filter((p) => !chosen.has(p.route)),
    unknown,
  };
}

function pruneNodes(nodes: readonly NavNode[], chosen: ReadonlySet<string>): NavNode[] {
  return nodes.flatMap((node): NavNode[] => {
    if (node.type === 'page') return chosen.has(node.route) ? [node] : [];
    const children = pruneNodes(node.children, chosen);
    if (node.type === 'group') {
      const keepRoot = node.root !== undefined && chosen.has(node.root);
      if (!children.length && !keepRoot) return [];
      const { root: _root, directory: _directory, ...rest } = node;
      return [{ ...(keepRoot ? node : rest), children }];
    }
    if (!children.length && node.children.length) return [];
    return [{ ...node, children }];
  });
}
