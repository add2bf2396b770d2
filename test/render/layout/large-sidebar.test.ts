import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { NavGroupNode, NavNode, NavRoot } from '../../../src/model/site.js';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { countLinks, INLINE_GROUP_LINKS, isCollapsible, isLargeSidebar, LARGE_SIDEBAR_LINKS } from '../../../src/render/layout/large-sidebar.js';
import { createLayoutMemo } from '../../../src/render/layout/layout-memo.js';
import { renderNavFragments } from '../../../src/render/layout/nav-fragments.js';
import { render404 } from '../../../src/render/layout/render-404.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { assets, config, navigation, pages } from './fixture.js';
import { extract } from './golden.js';
import { GROUPS, largeInputFor, largeNavigation, largePages, opRoute, PER_GROUP } from './large-fixture.js';

const sidebarOf = (html: string): string => extract(html, '<nav class="sheaf-nav"');
const hrefs = (html: string): string[] => [...html.matchAll(/\shref="([^"#][^"]*)"/g)].map((m) => m[1] ?? '');
const lazyGroups = (html: string): { file: string; index: string; cls: string; open: boolean }[] =>
  [...html.matchAll(/<details( open)? data-sheaf-nav-fragment="([^"]*)" data-sheaf-nav-index="([^"]*)" class="([^"]*)">/g)].map((m) => ({
    cls: m[4] ?? '',
    open: m[1] !== undefined,
    file: m[2] ?? '',
    index: m[3] ?? '',
  }));

/** The entries the fragment scripts register, by file and index, as a browser would see them. */
function loadFragments(files: readonly { path: string; content: string }[]): Record<string, Record<string, string>> {
  const window: { __SHEAF_NAV__?: Record<string, Record<string, string>> } = {};
  for (const file of files) runInNewContext(file.content, { window });
  return window.__SHEAF_NAV__ ?? {};
}

const fragmentInput = { navigation: largeNavigation, pages: largePages, config, features: defaultFeatures('cloud') };

describe('large sidebars: when they apply', () => {
  const pagesOnly = (n: number): NavNode[] => Array.from({ length: n }, (_, i) => ({ type: 'page', route: `/p${i}`, title: `P${i}` }));

  it('counts visible pages and group root pages, hidden ones left out', () => {
    const group: NavGroupNode = { type: 'group', title: 'G', root: '/g', children: [...pagesOnly(3), { type: 'page', route: '/h', title: 'H', hidden: true }] };
    expect(countLinks([group, ...pagesOnly(2), { ...group, hidden: true }])).toBe(6);
    expect(countLinks(largeNavigation.children)).toBe(4 + GROUPS * PER_GROUP + 4 + 1 + 1);
  });

  it(`turns large above ${LARGE_SIDEBAR_LINKS} links, not at`, () => {
    expect(LARGE_SIDEBAR_LINKS).toBe(250);
    expect(isLargeSidebar(pagesOnly(250))).toBe(false);
    expect(isLargeSidebar(pagesOnly(251))).toBe(true);
  });

  it(`collapses only groups of more than ${INLINE_GROUP_LINKS} links`, () => {
    expect(INLINE_GROUP_LINKS).toBe(3);
    expect(isCollapsible({ type: 'group', title: 'G', children: pagesOnly(3) })).toBe(false);
    expect(isCollapsible({ type: 'group', title: 'G', children: pagesOnly(4) })).toBe(true);
  });

  it('leaves small sites as they are: no fragment files, no lazy groups', () => {
    expect(renderNavFragments({ navigation, pages, config, features: defaultFeatures('cloud') })).toEqual([]);
    const html = renderDocument({ ...largeInputFor('/'), navigation, pages });
    expect(html).not.toContain('data-sheaf-nav-fragment');
    expect(html).not.toContain('sheaf-nav-chevron"><use');
  });
});

describe('large sidebars: the page', () => {
  const route = opRoute(7, 3);
  const html = sidebarOf(renderDocument(largeInputFor(route)));

  it('inlines the active group only; every other group keeps a link to its first page', () => {
    const base = '../../../';
    const expected = [
      `${base}`, // Guides (collapsed): its first page, the home page
      ...Array.from({ length: GROUPS }, (_, g) => (g === 7 ? Array.from({ length: PER_GROUP }, (_, p) => `${base}api/tag-${g}/op-${p}/`) : [`${base}api/tag-${g}/op-0/`])).flat(),
      `${base}help/`, // Help: one link, inlined
    ];
    expect(hrefs(html)).toEqual(expected);
  });

  it('marks the active link and opens its group, as in a small sidebar', () => {
    expect(html).toContain(`<a href="../../../api/tag-7/op-3/" data-href="/api/tag-7/op-3" aria-current="page" class="sheaf-nav-link is-active">`);
    expect(html.match(/<details open data-active class="sheaf-nav-group sidebar-group">/g)).toHaveLength(1);
    expect(html).toContain('<details open data-active class="sheaf-nav-group sidebar-group"><summary class="sheaf-nav-group-summary sidebar-group-header"><span class="sheaf-nav-group-title">Tag 7</span><span class="sheaf-nav-count">20</span>');
    expect(html).toContain('<div data-active class="sheaf-nav-section sidebar-group"><p class="sheaf-nav-section-title sidebar-group-header"><span class="sheaf-nav-group-title sidebar-title">API reference</span></p>');
  });

  it('collapses the other groups and the sections off the path, naming their fragment and index', () => {
    const lazy = lazyGroups(html);
    expect(lazy[0]).toEqual({ cls: 'sheaf-nav-section sheaf-nav-lazy sidebar-group', open: false, file: '_sheaf/nav/0.js', index: '0' });
    expect(lazy.slice(1)).toEqual(
      Array.from({ length: GROUPS }, (_, g) => g)
        .filter((g) => g !== 7)
        .map((g) => ({ cls: 'sheaf-nav-group sheaf-nav-lazy sidebar-group', open: false, file: '_sheaf/nav/1.js', index: `0.${g}` })),
    );
    expect(html).toContain('<span class="sheaf-nav-group-title">Tag 4</span><span class="sheaf-nav-count">24</span>');
    expect(html).toContain('<span class="sheaf-nav-group-title sidebar-title">Guides</span><span class="sheaf-nav-count">4</span>');
  });

  it('draws the chevrons from one symbol', () => {
    expect(html.match(/<symbol id="sheaf-nav-chevron"/g)).toHaveLength(1);
    expect(html.match(/<use href="#sheaf-nav-chevron"><\/use>/g)).toHaveLength(GROUPS + 1);
  });

  it('inlines tiny groups and sections off the path, as in a small sidebar', () => {
    expect(html).toContain('<div class="sheaf-nav-section sidebar-group"><p class="sheaf-nav-section-title sidebar-group-header"><span class="sheaf-nav-group-title sidebar-title">Help</span></p><ul class="sheaf-nav-list"><li><a href="../../../help/" data-href="/help" class="sheaf-nav-link">');
    const tag9 = sidebarOf(renderDocument(largeInputFor(opRoute(9, 0))));
    expect(tag9).toContain('<details class="sheaf-nav-group sidebar-group"><summary class="sheaf-nav-group-summary sidebar-group-header"><span class="sheaf-nav-group-title">Tag 9 notes</span><span class="sheaf-nav-count">1</span>');
    expect(tag9).toContain('href="../../../api/tag-9/notes/"');
  });

  it('opens nested groups on the path and collapses nested ones off it', () => {
    const nested = sidebarOf(renderDocument(largeInputFor('/api/tag-4/extra/two')));
    expect(nested).toContain('<span class="sheaf-nav-group-title">Tag 4 extras</span>');
    expect(nested.match(/<details open data-active class="sheaf-nav-group sidebar-group">/g)).toHaveLength(2);
    expect(nested).toContain('<a href="../../../../api/tag-4/extra/two/" data-href="/api/tag-4/extra/two" aria-current="page" class="sheaf-nav-link is-active">');
    const other = sidebarOf(renderDocument(largeInputFor(opRoute(4, 0))));
    expect(lazyGroups(other).find((g) => g.index === '0.4.21')).toEqual({ cls: 'sheaf-nav-group sheaf-nav-lazy sidebar-group', open: false, file: '_sheaf/nav/1.js', index: '0.4.21' });
  });

  it('collapses every section on a page outside the navigation and on the 404 page', () => {
    const notFound = sidebarOf(render404({ config, navigation: largeNavigation, pages: largePages, base: '/docs/', urlStyle: 'directory', assets, features: defaultFeatures('cloud') }));
    expect(lazyGroups(notFound).map((g) => [g.file, g.index])).toEqual([
      ['_sheaf/nav/0.js', '0'],
      ['_sheaf/nav/1.js', '0'],
    ]);
    expect(hrefs(notFound)).toEqual(['/docs/', '/docs/api/tag-0/op-0/', '/docs/help/']);
  });
});

describe('large sidebars: fragment files', () => {
  const files = renderNavFragments(fragmentInput);
  const entries = loadFragments(files);

  it('writes one script per section of a large sidebar that collapses anything, registering its lists', () => {
    expect(files.map((f) => f.path)).toEqual(['_sheaf/nav/0.js', '_sheaf/nav/1.js']);
    expect(Object.keys(entries)).toEqual(['_sheaf/nav/0.js', '_sheaf/nav/1.js']);
    expect(Object.keys(entries['_sheaf/nav/1.js'] ?? {})).toEqual(['0', ...Array.from({ length: GROUPS }, (_, g) => `0.${g}`), '0.4.21'].sort(byIndexOrder));
  });

  it('holds every link of every group, root-relative as data-route (and Mintlify\'s data-href, the same path), never an href', () => {
    const api = entries['_sheaf/nav/1.js'] ?? {};
    for (let g = 0; g < GROUPS; g += 1) {
      const links = [...(api[`0.${g}`] ?? '').matchAll(/<a data-route="([^"]*)" data-href="([^"]*)" class="sheaf-nav-link[^"]*">/g)];
      expect(links.every((m) => m[1] === m[2])).toBe(true);
      const routes = links.map((m) => m[1]);
      const own = Array.from({ length: PER_GROUP }, (_, p) => opRoute(g, p));
      expect(routes).toEqual(g === 4 ? [...own, '/api/tag-4/extra/one'] : g === 9 ? [...own, '/api/tag-9/notes'] : own); // extras: collapsed, its first page; notes: inlined
    }
    expect(api['0.4.21']).toBe(
      ['one', 'two', 'three', 'four'].map((n) => `<li><a data-route="/api/tag-4/extra/${n}" data-href="/api/tag-4/extra/${n}" class="sheaf-nav-link"><span class="sheaf-nav-label">Extra ${n}</span></a></li>`).join(''),
    );
    expect(entries['_sheaf/nav/0.js']?.['0']).toBe(
      [
        ['/', 'Introduction'],
        ['/quickstart', 'Quickstart'],
        ['/guides/auth', 'Authentication'],
        ['/guides/errors', 'Errors'],
      ]
        .map(([r, t]) => `<li><a data-route="${r}" data-href="${r}" class="sheaf-nav-link"><span class="sheaf-nav-label">${t}</span></a></li>`)
        .join(''),
    );
    const all = files.map((f) => f.content).join('');
    expect(all).not.toMatch(/\shref=\\"[^#]/);
    expect(all).not.toContain('/api/tag-4/secret');
    expect(api['0.2']).toContain('<a data-route="/api/tag-2/op-5" data-href="/api/tag-2/op-5" class="sheaf-nav-link is-deprecated"><span class="sheaf-method sheaf-method-get method-nav-pill">GET</span>');
  });

  it('lists the section as collapsed groups, each with its index', () => {
    const top = entries['_sheaf/nav/1.js']?.['0'] ?? '';
    expect(lazyGroups(top).map((g) => g.index)).toEqual(Array.from({ length: GROUPS }, (_, g) => `0.${g}`));
  });

  it('has every list a page names', () => {
    for (const route of largePages.keys()) {
      if (largePages.get(route)?.hidden) continue;
      for (const g of lazyGroups(sidebarOf(renderDocument(largeInputFor(route))))) {
        expect(typeof entries[g.file]?.[g.index], `${route}: ${g.file} ${g.index}`).toBe('string');
      }
    }
  });

  it('writes site images of group icons as data-sheaf-src, and leaves remote ones out when air-gapped', () => {
    const withIcons = (icon: string): NavRoot => ({
      type: 'root',
      children: largeNavigation.children.map((n) => (n.type === 'group' && n.title === 'API reference' ? { ...n, children: n.children.map((c, i) => (i === 1 && c.type === 'group' ? { ...c, icon } : c)) } : n)),
    });
    const local = loadFragments(renderNavFragments({ ...fragmentInput, navigation: withIcons('/icons/tag.svg') }));
    expect(local['_sheaf/nav/1.js']?.['0']).toContain('<span aria-hidden="true" class="sheaf-nav-icon sidebar-group-icon"><img data-sheaf-src="icons/tag.svg" alt loading="lazy" decoding="async"/></span><span class="sheaf-nav-group-title">Tag 1</span>');
    const remote = renderNavFragments({ ...fragmentInput, navigation: withIcons('https://cdn.test/tag.svg'), features: defaultFeatures('air-gapped') });
    expect(remote.map((f) => f.content).join('')).not.toContain('cdn.test');
  });
});

describe('large sidebars: the build memo', () => {
  it('gives the same bytes with and without a memo, at every depth', () => {
    const memo = createLayoutMemo();
    for (const route of ['/', '/quickstart', opRoute(0, 0), opRoute(7, 3), opRoute(7, 4), '/api/tag-4/extra/one', opRoute(29, 19)]) {
      expect(renderDocument(largeInputFor(route, { memo }))).toBe(renderDocument(largeInputFor(route)));
    }
  });

  it('marks a collapsed group\'s first link active when it is the page itself (a page listed twice)', () => {
    const api = largeNavigation.children[1] as NavGroupNode;
    const shortcuts: NavGroupNode = { type: 'group', title: 'Shortcuts', children: [0, 1, 2, 3].map((g): NavNode => ({ type: 'page', route: opRoute(g, 0), title: `First of tag ${g}` })) };
    const twice: NavRoot = { type: 'root', children: [largeNavigation.children[0] as NavNode, { ...api, children: [...api.children, shortcuts] }] };
    const memo = createLayoutMemo();
    renderDocument(largeInputFor(opRoute(0, 1), { navigation: twice, memo }));
    const html = sidebarOf(renderDocument(largeInputFor(opRoute(0, 0), { navigation: twice, memo })));
    expect(html.match(/aria-current="page"/g)).toHaveLength(2);
    expect(html).toContain('<span class="sheaf-nav-group-title">Shortcuts</span><span class="sheaf-nav-count">4</span>');
    expect(html).toContain('<a href="../../../api/tag-0/op-0/" data-href="/api/tag-0/op-0" aria-current="page" class="sheaf-nav-link is-active"><span class="sheaf-nav-label">First of tag 0</span>');
  });
});

/** Index order as written: `0`, `0.0`, `0.1`, …, `0.4`, `0.4.21`, `0.5`, … */
function byIndexOrder(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}
