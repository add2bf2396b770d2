import { describe, expect, it } from 'vitest';
import { collectExplicitOwners } from '../../../src/resolve/navigation/explicit-references.js';
import { readNavigationTree } from '../../../src/resolve/navigation/read-navigation-tree.js';
import { collectRouteTables, operationRouteTable, routeTableOf } from '../../../src/resolve/navigation/x-mint-href.js';
import { index, op } from '../builders.js';
import { mdx, runNavigation, validNavigation } from './run-navigation.js';

describe('rule 7, x-mint href (src/resolve/navigation/x-mint-href.ts)', () => {
  const doc = index('openapi.json', [
    op('get', '/users', { summary: 'List users', tags: ['Users'] }),
    op('get', '/orders', { summary: 'Orders', xMint: { href: '/Shop/All-Orders/' } }),
    op('get', '/bad', { summary: 'Bad', xMint: { href: '/a/../b' } }),
  ]);

  it('x-mint.href replaces the computed route, lowercased, slashes trimmed', () => {
    const table = operationRouteTable(doc, 'reference');
    expect(Object.fromEntries(table.routes)).toEqual({
      'get /users': '/reference/users/list-users',
      'get /orders': '/shop/all-orders',
    });
    expect(table.diagnostics.map((d) => [d.code, d.file, d.pointer])).toEqual([
      ['nav/unwritable-route', 'openapi.json', '/paths/~1bad/get/x-mint/href'],
    ]);
  });

  // Tab A generates the document into api-reference, B lists one of its operations (the same
  // table), C generates it into reference; D names it by file token with a source that failed.
  const navigation = {
    tabs: [
      { tab: 'A', openapi: 'openapi.json' },
      { tab: 'B', openapi: 'openapi.json', pages: ['GET /users'] },
      { tab: 'C', openapi: { source: 'openapi.json', directory: 'reference' } },
      { tab: 'D', openapi: { source: 'gone.json', directory: 'gone' }, pages: ['openapi.json GET /orders'] },
    ],
  };

  it('tables are computed before pass 3, once per document and directory the tree publishes into', () => {
    const docs = new Map([[doc.file, doc]]);
    const tree = readNavigationTree(validNavigation(navigation), new Map());
    const tables = collectRouteTables(tree, collectExplicitOwners(tree, docs), docs);
    expect([...tables.keys()]).toEqual(['openapi.json\u0000api-reference', 'openapi.json\u0000reference']);
    expect(routeTableOf(tables, doc, undefined)).toBe(routeTableOf(tables, doc, 'api-reference'));
    expect(routeTableOf(tables, doc, 'reference').routes.get('get /users')).toBe('/reference/users/list-users');
    expect(() => routeTableOf(tables, doc, 'elsewhere')).toThrow('No route table for openapi.json in elsewhere');
  });

  it("a table's errors are reported once, at its first use in document order", () => {
    const result = runNavigation(navigation, { docs: [doc] });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.pointer])).toEqual([
      ['nav/unwritable-route', 'openapi.json', '/paths/~1bad/get/x-mint/href'],
      ['nav/unwritable-route', 'openapi.json', '/paths/~1bad/get/x-mint/href'],
    ]);
    expect(result.diagnostics[0]).not.toBe(result.diagnostics[1]);
    // B's use of A's table adds no error; x-mint.href is absolute, so `/shop/all-orders` is claimed once.
    expect(result.pages.map((p) => p.route)).toEqual(['/api-reference/users/list-users', '/reference/users/list-users', '/shop/all-orders']);
  });

  it('an operation whose route an MDX page holds conflicts; x-mint.href moves it aside', () => {
    const plain = index('openapi.json', [op('get', '/users', { summary: 'List users' })]);
    const clash = runNavigation({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['api-reference/list-users'] }] }, { pages: [mdx('api-reference/list-users')], docs: [plain] });
    expect(clash.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['nav/route-conflict', '/navigation/tabs/0/openapi']]);

    const moved = index('openapi.json', [op('get', '/users', { summary: 'List users', xMint: { href: '/api-reference/users-endpoint' } })]);
    const apart = runNavigation({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['api-reference/list-users'] }] }, { pages: [mdx('api-reference/list-users')], docs: [moved] });
    expect(apart.diagnostics).toEqual([]);
    expect(apart.pages).toEqual([
      { route: '/api-reference/list-users', hidden: false },
      { route: '/api-reference/users-endpoint', hidden: false },
    ]);
  });
});
