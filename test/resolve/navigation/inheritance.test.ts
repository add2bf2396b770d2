import { describe, expect, it } from 'vitest';
import { elementScope, inheritedSource, ROOT_SCOPE, withOwnOpenApi } from '../../../src/resolve/navigation/inheritance.js';
import { index, op } from '../builders.js';
import { runNavigation, routesIn } from './run-navigation.js';

const a = index('a.json', [op('get', '/users', { summary: 'List users' })]);
const b = index('b.json', [op('get', '/users', { summary: 'List users' }), op('get', '/orders', { summary: 'List orders' })]);

describe('rule 4: inheritance (src/resolve/navigation/inheritance.ts)', () => {
  it('a version or language division names its own; a group inherits them and adds its hiding', () => {
    const version = elementScope(ROOT_SCOPE, false, { type: 'version', title: 'v2' });
    const language = elementScope(version, true, { type: 'language', title: 'fr' });
    expect(version).toEqual({ sources: [], owners: [], hidden: false, version: 'v2' });
    expect(elementScope(language, false)).toEqual({ sources: [], owners: [], hidden: true, version: 'v2', language: 'fr' });
  });

  it("an element's own openapi replaces the inherited sources and joins the owners", () => {
    const outer = withOwnOpenApi(ROOT_SCOPE, [{ source: 'a.json' }], '/navigation');
    const inner = withOwnOpenApi(outer.inner, [{ source: 'b.json', directory: 'b-ref' }, { source: 'a.json' }], '/navigation/tabs/0');
    expect(outer.owner).toEqual({ pointer: '/navigation', source: { source: 'a.json' } });
    expect(inner.inner.sources).toEqual([{ source: 'b.json', directory: 'b-ref' }, { source: 'a.json' }]);
    expect(inner.inner.owners.map((o) => o.pointer)).toEqual(['/navigation', '/navigation/tabs/0']);
    expect(withOwnOpenApi(inner.inner, [], '/navigation/tabs/0/groups/0')).toEqual({ inner: inner.inner });
  });

  it('a reference uses the directory of the inherited source that loaded as its document', () => {
    const docs = new Map([['a.json', a], ['b.json', b]]);
    const scope = withOwnOpenApi(ROOT_SCOPE, [{ source: 'missing.json', directory: 'm' }, { source: 'b.json', directory: 'b-ref' }], '/navigation').inner;
    expect(inheritedSource(scope, b, docs, false)).toEqual({ source: 'b.json', directory: 'b-ref' });
    expect(inheritedSource(scope, a, docs, false)).toEqual({ source: 'missing.json', directory: 'm' });
    expect(inheritedSource(scope, a, docs, true)).toBeUndefined();
  });

  it('child groups inherit the parent document or set their own', () => {
    const result = runNavigation(
      {
        tabs: [
          {
            tab: 'API',
            openapi: 'a.json',
            groups: [
              { group: 'Inherited', pages: ['GET /users'] },
              { group: 'Own', openapi: { source: 'b.json', directory: 'b-ref' }, pages: ['GET /orders'] },
            ],
          },
        ],
      },
      { docs: [a, b] },
    );
    expect(routesIn(result.children)).toEqual(['/api-reference/list-users', '/b-ref/list-orders']);
    expect(result.diagnostics).toEqual([]);
    expect(result.pages).toEqual([
      { route: '/api-reference/list-users', hidden: false },
      { route: '/b-ref/list-orders', hidden: false },
    ]);
  });

  it('pages inside a version division carry its version', () => {
    const result = runNavigation({ versions: [{ version: 'v2', openapi: 'a.json', groups: [{ group: 'G', pages: ['GET /users'] }] }] }, { docs: [a] });
    expect(result.children).toEqual([
      {
        type: 'version',
        title: 'v2',
        children: [{ type: 'group', title: 'G', children: [{ type: 'page', route: '/api-reference/list-users', title: 'List users', method: 'GET' }] }],
      },
    ]);
  });
});
