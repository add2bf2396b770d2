import { describe, expect, it } from 'vitest';
import { collectExplicitOwners, referenceCandidates } from '../../../src/resolve/navigation/explicit-references.js';
import { ROOT_SCOPE, withOwnOpenApi } from '../../../src/resolve/navigation/inheritance.js';
import { readNavigationTree } from '../../../src/resolve/navigation/read-navigation-tree.js';
import { index, op } from '../builders.js';
import { runNavigation, routesIn, validNavigation } from './run-navigation.js';

const a = index('specs/a.json', [
  op('get', '/users', { summary: 'List users', tags: ['Users'] }),
  op('post', '/users', { summary: 'Create user', tags: ['Users'] }),
  op('get', '/orders', { summary: 'List orders', tags: ['Orders'] }),
]);
const b = index('b.json', [op('get', '/items', { summary: 'List items' })]);
const docs = new Map([[a.file, a], [b.file, b]]);

describe('rule 6: explicit references (src/resolve/navigation/explicit-references.ts)', () => {
  it('candidates: a file token names documents among all, no token the inherited ones that loaded', () => {
    const scope = withOwnOpenApi(ROOT_SCOPE, [{ source: 'b.json' }, { source: 'gone.json' }], '/navigation').inner;
    expect(referenceCandidates({ file: 'a.json', method: 'get', path: '/users' }, scope, docs, [a, b])).toEqual([a]);
    expect(referenceCandidates({ method: 'get', path: '/users' }, scope, docs, [a, b])).toEqual([b]);
    const failedOnly = withOwnOpenApi(ROOT_SCOPE, [{ source: 'gone.json' }], '/navigation').inner;
    expect(referenceCandidates({ method: 'get', path: '/users' }, failedOnly, docs, [a, b])).toBeUndefined();
    expect(referenceCandidates({ method: 'get', path: '/users' }, ROOT_SCOPE, docs, [a, b])).toEqual([]);
  });

  it('the first pass lists every element whose document a nested reference may name', () => {
    const tree = readNavigationTree(
      validNavigation({
        dropdowns: [
          {
            dropdown: 'All',
            openapi: 'specs/a.json',
            tabs: [
              { tab: 'Items', openapi: 'b.json', groups: [{ group: 'Nested', pages: [{ group: 'Deeper', pages: ['GET /nothing-here'] }] }] },
              { tab: 'Other', openapi: 'b.json', groups: [{ group: 'G', pages: ['a.json GET /users'] }] },
            ],
          },
        ],
      }),
      new Map(),
    );
    expect([...collectExplicitOwners(tree, docs)]).toEqual(['/navigation/dropdowns/0/tabs/0', '/navigation/dropdowns/0']);
  });

  it('once one operation is referenced, only referenced operations appear; others are not generated', () => {
    const result = runNavigation(
      { groups: [{ group: 'Outer', openapi: 'specs/a.json', pages: [{ group: 'Inner', pages: ['GET /orders'] }] }] },
      { docs: [a] },
    );
    expect(routesIn(result.children)).toEqual(['/api-reference/orders/list-orders']);
    expect(result.pages).toEqual([{ route: '/api-reference/orders/list-orders', hidden: false }]);
    expect(result.diagnostics).toEqual([]);
  });

  it('without any reference the whole document is generated after the listed pages', () => {
    const result = runNavigation(
      { tabs: [{ tab: 'API', openapi: 'specs/a.json', groups: [{ group: 'Empty but generated', pages: [] }] }] },
      { docs: [a] },
    );
    const [tab] = result.children;
    expect(tab?.type === 'tab' ? tab.children.map((n) => (n.type === 'page' ? n.route : n.title)) : []).toEqual([
      'Empty but generated',
      'Users',
      'Orders',
    ]);
    expect(routesIn(result.children)).toEqual([
      '/api-reference/users/list-users',
      '/api-reference/users/create-user',
      '/api-reference/orders/list-orders',
    ]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['nav/empty-group']);
  });

  it('a reference to an operation that does not exist still switches generation off', () => {
    const result = runNavigation({ tabs: [{ tab: 'API', openapi: 'specs/a.json', pages: ['GET /missing'] }] }, { docs: [a] });
    expect(result.children).toEqual([{ type: 'tab', title: 'API', children: [] }]);
    expect(result.pages).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['ref/operation-not-found', '/navigation/tabs/0/pages/0']]);
  });
});
