import { defaultFeatures } from '../../../src/deployment/features.js';
import type { NavGroupNode, NavNode, NavRoot, SitePage } from '../../../src/model/site.js';
import type { DocumentInput } from '../../../src/render/layout/page-display.js';
import { assets, baseOf, body, config } from './fixture.js';

/**
 * A site whose sidebar is large: a `Guides` section of 4 pages, an `API reference` section of 30
 * generated tag groups of 20 operation pages each (routes `/api/tag-G/op-P`), and a one-page
 * `Help` section. Tag 4 also has a hidden page and a nested group of 4 pages (`/api/tag-4/extra/…`),
 * tag 9 a nested group of one page (`/api/tag-9/notes`); op 5 of tag 2 is deprecated.
 */
export const GROUPS = 30;
export const PER_GROUP = 20;

export const opRoute = (g: number, p: number): string => `/api/tag-${g}/op-${p}`;

const page = (route: string, title: string, extra: Partial<NavNode> = {}): NavNode => ({ type: 'page', route, title, ...extra }) as NavNode;

function tagGroup(g: number): NavGroupNode {
  const children: NavNode[] = Array.from({ length: PER_GROUP }, (_, p) => page(opRoute(g, p), `Operation ${g}.${p}`, { method: p % 3 === 0 ? 'POST' : 'GET' }));
  if (g === 4) {
    children.push(page('/api/tag-4/secret', 'Secret', { hidden: true }));
    children.push({ type: 'group', title: 'Tag 4 extras', children: ['one', 'two', 'three', 'four'].map((n) => page(`/api/tag-4/extra/${n}`, `Extra ${n}`)) });
  }
  if (g === 9) children.push({ type: 'group', title: 'Tag 9 notes', children: [page('/api/tag-9/notes', 'Notes')] });
  return { type: 'group', title: `Tag ${g}`, generated: true, children };
}

export const largeNavigation: NavRoot = {
  type: 'root',
  children: [
    { type: 'group', title: 'Guides', children: [page('/', 'Introduction'), page('/quickstart', 'Quickstart'), page('/guides/auth', 'Authentication'), page('/guides/errors', 'Errors')] },
    { type: 'group', title: 'API reference', children: Array.from({ length: GROUPS }, (_, g) => tagGroup(g)) },
    { type: 'group', title: 'Help', children: [page('/help', 'Help')] },
  ],
};

function collectRoutes(nodes: readonly NavNode[]): string[] {
  return nodes.flatMap((n) => (n.type === 'page' ? [n.route] : collectRoutes(n.children)));
}

export const largePages: ReadonlyMap<string, SitePage> = new Map(
  collectRoutes(largeNavigation.children).map((route): [string, SitePage] => [
    route,
    {
      route,
      kind: route.startsWith('/api/') ? 'operation' : 'mdx',
      source: route.startsWith('/api/') ? 'openapi.yaml' : `${route === '/' ? 'index' : route.slice(1)}.mdx`,
      title: route,
      hidden: route === '/api/tag-4/secret',
      ...(route === opRoute(2, 5) ? { deprecated: true } : {}),
    },
  ]),
);

/** The layout input of a page of the large site. */
export function largeInputFor(route: string, overrides: Partial<DocumentInput> = {}): DocumentInput {
  const p = largePages.get(route);
  if (!p) throw new Error(`no large-site page ${route}`);
  return { config, navigation: largeNavigation, page: p, body, base: baseOf(route), urlStyle: 'directory', assets, pages: largePages, features: defaultFeatures('cloud'), ...overrides };
}
