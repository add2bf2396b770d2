import { describe, expect, it } from 'vitest';
import type { NavNode, NavRoot } from '../../../src/model/site.js';
import { findPath, firstRoute, pageOrder, resolveNavContext } from '../../../src/render/layout/nav-context.js';
import { navigation } from './fixture.js';

const page = (route: string, extra: Partial<NavNode> = {}): NavNode => ({ type: 'page', route, title: route, ...extra }) as NavNode;
const titles = (nodes: readonly NavNode[]): string[] => nodes.map((n) => (n.type === 'page' ? n.route : n.title));

describe('resolveNavContext', () => {
  it('walks the divisions down to the page: tabs, switchers, sidebar content, path and trail', () => {
    const ctx = resolveNavContext(navigation, { route: '/advanced/deploy/docker', version: 'v1' });
    expect(ctx.tabs.map((t) => [t.title, t.target, t.active])).toEqual([
      ['Guides', { route: '/' }, true],
      ['API Reference', { route: '/api-reference/users/list-users' }, false],
      ['Blog', { href: 'https://acme.test/blog' }, false],
    ]);
    expect(ctx.switchers.map((s) => [s.type, s.current, s.options.map((o) => o.title)])).toEqual([['version', 'v1', ['v1', 'v2']]]);
    expect(ctx.anchors.map((a) => a.title)).toEqual(['Community']);
    expect(titles(ctx.content)).toEqual(['Get started', 'Advanced']);
    expect(titles([...ctx.path])).toEqual(['v1', 'Guides', 'Advanced', 'Deployment', '/advanced/deploy/docker']);
    expect(ctx.trail.map((g) => g.title)).toEqual(['Advanced', 'Deployment']);
  });

  it('chooses the page\'s version when the page is not in the navigation, else the default one', () => {
    expect(resolveNavContext(navigation, { route: '/nowhere', version: 'v2' }).switchers[0]?.current).toBe('v2');
    expect(resolveNavContext(navigation, { route: '/nowhere' }).switchers[0]?.current).toBe('v1');
    expect(resolveNavContext(navigation, {}).path.size).toBe(0);
  });

  it('never chooses or lists hidden divisions, and does not find pages under them', () => {
    const ctx = resolveNavContext(navigation, { route: '/hidden-tab/page', version: 'v1' });
    expect(ctx.tabs.map((t) => [t.title, t.active])).toEqual([
      ['Guides', true],
      ['API Reference', false],
      ['Blog', false],
    ]);
    expect(ctx.path.size).toBe(0);
  });

  it('makes anchors sidebar links and other divisions switchers; a single option makes no switcher', () => {
    const root: NavRoot = {
      type: 'root',
      children: [
        { type: 'language', title: 'en', children: [{ type: 'anchor', title: 'Docs', children: [page('/a')] }, { type: 'anchor', title: 'API', children: [page('/b')] }] },
        { type: 'language', title: 'fr', children: [{ type: 'anchor', title: 'Docs', children: [page('/fr/a')] }] },
        { type: 'dropdown', title: 'Only', global: true, href: 'https://x.test', children: [] },
      ],
    };
    const ctx = resolveNavContext(root, { route: '/b', language: 'en' });
    expect(ctx.switchers.map((s) => [s.type, s.current])).toEqual([['language', 'en']]);
    expect(ctx.anchors.map((a) => [a.title, a.active])).toEqual([
      ['Only', false],
      ['Docs', false],
      ['API', true],
    ]);
    expect(titles(ctx.content)).toEqual(['/b']);
    expect(resolveNavContext(root, { route: '/fr/a', language: 'fr' }).switchers[0]?.current).toBe('fr');
  });

  it('skips a division with neither pages nor href', () => {
    const root: NavRoot = { type: 'root', children: [{ type: 'tab', title: 'Empty', children: [] }, { type: 'tab', title: 'Real', children: [page('/r')] }] };
    const ctx = resolveNavContext(root, {});
    expect(ctx.tabs.map((t) => [t.title, t.active])).toEqual([['Real', true]]);
    expect(titles(ctx.content)).toEqual(['/r']);
  });
});

describe('findPath, firstRoute and pageOrder', () => {
  const nodes: NavNode[] = [
    { type: 'group', title: 'G', root: '/g', children: [page('/g/a'), page('/g/h', { hidden: true }), { type: 'group', title: 'N', children: [page('/g/n')] }] },
    page('/x'),
    page('/g/a'),
  ];

  it('finds the nodes down to a page or the group it is the root of', () => {
    expect(titles(findPath(nodes, '/g/n') ?? [])).toEqual(['G', 'N', '/g/n']);
    expect(titles(findPath(nodes, '/g') ?? [])).toEqual(['G']);
    expect(findPath(nodes, '/g/h')).toBeUndefined();
  });

  it('takes a group\'s root as its first page', () => {
    expect(firstRoute(nodes[0] as NavNode)).toBe('/g');
  });

  it('orders visible pages once each, a group root before its children', () => {
    expect(pageOrder(nodes).map((p) => p.route)).toEqual(['/g', '/g/a', '/g/n', '/x']);
  });
});
