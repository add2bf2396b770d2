import { defaultFeatures } from '../../../src/deployment/features.js';
import type { DocsConfig } from '../../../src/config/loaded-config.js';
import type { RenderedBody } from '../../../src/model/render.js';
import type { NavNode, NavRoot, SitePage } from '../../../src/model/site.js';
import type { DocumentInput } from '../../../src/render/layout/page-display.js';
import type { SiteAssets } from '../../../src/render/layout/types.js';
import { clientBundle } from '../../client/client-bundle.js';

/**
 * A small site for the layout tests: versions v1 (default) and v2; v1 has the tabs Guides
 * (groups, a nested group, a hidden group, a group with a root page), API Reference (operation
 * pages) and a link tab; a global anchor; a hidden tab.
 */
export const config: DocsConfig = {
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Acme',
  description: 'Acme developer documentation',
  colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
  logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' },
  favicon: '/favicon.svg',
  appearance: { default: 'system' },
  navbar: {
    links: [{ label: 'Support', href: 'mailto:help@acme.test' }, { type: 'github', href: 'https://github.com/acme/acme' }],
    primary: { type: 'button', label: 'Dashboard', href: 'https://app.acme.test' },
  },
  footer: {
    socials: { x: 'https://x.com/acme', github: 'https://github.com/acme' },
    links: [{ header: 'Company', items: [{ label: 'About', href: 'https://acme.test/about' }, { label: 'Changelog', href: '/changelog' }] }],
  },
  navigation: {},
};

const page = (route: string, title: string, extra: Partial<NavNode> = {}): NavNode => ({ type: 'page', route, title, ...extra }) as NavNode;

export const navigation: NavRoot = {
  type: 'root',
  children: [
    {
      type: 'version',
      title: 'v1',
      default: true,
      children: [
        {
          type: 'tab',
          title: 'Guides',
          icon: 'book',
          children: [
            { type: 'group', title: 'Get started', icon: 'rocket', children: [page('/', 'Introduction'), page('/quickstart', 'Quickstart')] },
            {
              type: 'group',
              title: 'Advanced',
              children: [
                page('/advanced/config', 'Configuration'),
                {
                  type: 'group',
                  title: 'Deployment',
                  tag: 'NEW',
                  children: [page('/advanced/deploy/docker', 'Docker'), page('/advanced/deploy/kubernetes', 'Kubernetes')],
                },
                { type: 'group', title: 'Plugins', root: '/advanced/plugins', expanded: true, children: [page('/advanced/plugins/writing', 'Writing plugins')] },
                { type: 'group', title: 'Internals', children: [page('/advanced/internals', 'Internals')] },
              ],
            },
            { type: 'group', title: 'Secret group', hidden: true, children: [page('/secret/one', 'Secret one', { hidden: true })] },
          ],
        },
        {
          type: 'tab',
          title: 'API Reference',
          icon: 'code',
          children: [
            {
              type: 'group',
              title: 'Users',
              children: [
                page('/api-reference/users/list-users', 'List users', { method: 'GET' }),
                page('/api-reference/users/create-user', 'Create user', { method: 'POST' }),
                page('/api-reference/users/delete-user', 'Delete user', { method: 'DELETE' }),
              ],
            },
          ],
        },
        { type: 'tab', title: 'Hidden tab', hidden: true, children: [page('/hidden-tab/page', 'Hidden tab page', { hidden: true })] },
        { type: 'tab', title: 'Blog', href: 'https://acme.test/blog', children: [] },
      ],
    },
    { type: 'version', title: 'v2', children: [{ type: 'group', title: 'Start', children: [page('/v2/intro', 'Introduction v2')] }] },
    { type: 'anchor', title: 'Community', icon: 'https://acme.test/community.svg', href: 'https://community.acme.test', global: true, children: [] },
  ],
};

const sitePage = (route: string, title: string, extra: Partial<SitePage> = {}): SitePage => ({
  route,
  kind: 'mdx',
  source: `${route === '/' ? 'index' : route.slice(1)}.mdx`,
  title,
  hidden: false,
  version: route.startsWith('/v2') ? 'v2' : 'v1',
  ...extra,
});

export const sitePages: readonly SitePage[] = [
  sitePage('/', 'Introduction', { description: 'Welcome to Acme.' }),
  sitePage('/quickstart', 'Quickstart', { description: 'Start in five minutes.' }),
  sitePage('/advanced/config', 'Configuration'),
  sitePage('/advanced/deploy/docker', 'Deploy with Docker', { sidebarTitle: 'Docker' }),
  sitePage('/advanced/deploy/kubernetes', 'Deploy on Kubernetes', { sidebarTitle: 'Kubernetes' }),
  sitePage('/advanced/plugins', 'Plugins'),
  sitePage('/advanced/plugins/writing', 'Writing plugins'),
  sitePage('/advanced/internals', 'Internals'),
  sitePage('/secret/one', 'Secret one', { hidden: true }),
  sitePage('/hidden-tab/page', 'Hidden tab page', { hidden: true }),
  sitePage('/orphan', 'Orphan', { hidden: true }),
  sitePage('/api-reference/users/list-users', 'List users', { kind: 'operation', operation: { document: 'openapi.yaml', method: 'GET', path: '/users' } }),
  sitePage('/api-reference/users/create-user', 'Create user', { kind: 'operation', operation: { document: 'openapi.yaml', method: 'POST', path: '/users' } }),
  sitePage('/api-reference/users/delete-user', 'Delete user', { kind: 'operation', deprecated: true, operation: { document: 'openapi.yaml', method: 'DELETE', path: '/users/{id}' } }),
  sitePage('/v2/intro', 'Introduction v2'),
];

export const pages: ReadonlyMap<string, SitePage> = new Map(sitePages.map((p) => [p.route, p]));

export const assets: SiteAssets = {
  css: ['_sheaf/sheaf.abc123.css'],
  js: ['_sheaf/sheaf.def456.js'],
  // The head script sites get (src/client/theme-head.ts as `npm run build` bundles it), so the goldens show it.
  headScript: clientBundle('theme-head').trimEnd(),
  features: { math: { css: ['_sheaf/katex/katex.min.css'] }, mermaid: { js: ['_sheaf/mermaid.min.js'] } },
  searchIndex: '_sheaf/search-index.js',
  files: new Set(['logo/light.svg', 'logo/dark.svg', 'favicon.svg']),
};

export const body: RenderedBody = {
  html: '<p>Body text with a <a href="#install">link</a>.</p>\n<h2 id="install">Install</h2>\n<p>Run it.</p>\n<h3 id="from-npm">From npm</h3>\n<p>npm i acme</p>',
  headings: [
    { depth: 2, text: 'Install', id: 'install' },
    { depth: 3, text: 'From npm', id: 'from-npm' },
    { depth: 4, text: 'Deep', id: 'deep' },
  ],
  sections: [],
  markdown: '',
  features: [],
  diagnostics: [],
};

/** Relative prefix of a route's folder, as emit computes it. */
export function baseOf(route: string): string {
  return route === '/' ? '' : '../'.repeat(route.split('/').length - 1);
}

/** The layout input of the page at `route`, with overrides. */
export function inputFor(route: string, overrides: Partial<DocumentInput> = {}): DocumentInput {
  const p = pages.get(route);
  if (!p) throw new Error(`no fixture page ${route}`);
  return { config, navigation, page: p, body, base: baseOf(route), urlStyle: 'directory', assets, pages, features: defaultFeatures('cloud'), ...overrides };
}
