import { describe, expect, it } from 'vitest';
import { createRouteTables, operationRouteTable } from '../../../src/resolve/navigation/x-mint-href.js';
import { index, op } from '../builders.js';
import { mdx, runNavigation } from './run-navigation.js';

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

  it('a table is computed once per document and directory; its errors come with the first use only', () => {
    const tables = createRouteTables();
    const first = tables.routesFor(doc, undefined);
    const again = tables.routesFor(doc, 'api-reference');
    const other = tables.routesFor(doc, 'reference');
    expect(first.diagnostics.length).toBe(1);
    expect(again.diagnostics).toEqual([]);
    expect(again.routes).toBe(first.routes);
    expect(other.diagnostics.length).toBe(1);
    expect(other.routes.get('get /users')).toBe('/reference/users/list-users');
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
