import { describe, expect, it } from 'vitest';
import { bulkOperations } from '../../../src/resolve/navigation/x-hidden.js';
import { index, op } from '../builders.js';
import { runNavigation, routesIn } from './run-navigation.js';

const doc = index(
  'openapi.json',
  [
    op('get', '/public', { summary: 'Public' }),
    op('get', '/secret', { summary: 'Secret', hidden: true }),
    op('get', '/gone', { summary: 'Gone', excluded: true }),
  ],
  [op('post', 'order-updated', { hidden: true })],
);

describe('rule 5: x-hidden (src/resolve/navigation/x-hidden.ts)', () => {
  it('bulk generation publishes hidden operations unlisted and skips those without a route', () => {
    const routes = new Map([
      ['get /public', '/api-reference/public'],
      ['get /secret', '/api-reference/secret'],
      ['webhook post order-updated', '/api-reference/order-updated'],
    ]);
    expect(bulkOperations(doc, routes).map((b) => [b.op.path, b.webhook, b.route, b.listed])).toEqual([
      ['/public', false, '/api-reference/public', true],
      ['/secret', false, '/api-reference/secret', false],
      ['order-updated', true, '/api-reference/order-updated', false],
    ]);
  });

  it('generated navigation leaves hidden operations out; their pages exist, hidden', () => {
    const result = runNavigation({ tabs: [{ tab: 'API', openapi: 'openapi.json' }] }, { docs: [doc] });
    expect(routesIn(result.children)).toEqual(['/api-reference/public']);
    expect(result.pages).toEqual([
      { route: '/api-reference/order-updated', hidden: true },
      { route: '/api-reference/public', hidden: false },
      { route: '/api-reference/secret', hidden: true },
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it('an explicit entry lists a hidden operation (its page keeps hidden: true from x-hidden)', () => {
    const result = runNavigation({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['GET /secret'] }] }, { docs: [doc] });
    expect(result.children).toEqual([
      { type: 'tab', title: 'API', children: [{ type: 'page', route: '/api-reference/secret', title: 'Secret', method: 'GET' }] },
    ]);
    expect(result.pages).toEqual([{ route: '/api-reference/secret', hidden: true }]);
  });
});
