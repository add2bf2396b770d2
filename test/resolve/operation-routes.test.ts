import { describe, expect, it } from 'vitest';
import type { OperationIndex } from '../../src/model/openapi.js';
import { op } from './builders.js';
import { computeOperationRoutes } from '../../src/resolve/operation-routes.js';


describe('computeOperationRoutes', () => {
  const doc: OperationIndex = {
    file: 'openapi.yaml',
    version: '3.0.3',
    converted: false,
    tags: [],
    operations: [
      op('get', '/users', { tags: ['Users'], summary: 'List users' }),
      op('post', '/users', { tags: ['Users'], summary: 'List users' }),
      op('put', '/users', { tags: ['Users'], summary: 'LIST USERS' }),
      op('get', '/users/{id}'),
      op('get', '/users/{id}/x'),
      op('delete', '/users/{id}', { excluded: true }),
      op('patch', '/a', { xMint: { href: 'Custom/Place/' } }),
    ],
    webhooks: [op('post', 'Order Updated', { tags: ['Hooks'] })],
  };

  it('builds directory/tag/summary routes, numbering case-insensitive collisions', () => {
    const routes = computeOperationRoutes(doc);
    expect(Object.fromEntries(routes)).toEqual({
      'get /users': '/api-reference/users/list-users',
      'post /users': '/api-reference/users/list-users-1',
      'put /users': '/api-reference/users/list-users-2',
      'get /users/{id}': '/api-reference/get-users',
      'get /users/{id}/x': '/api-reference/get-users-x',
      'patch /a': '/custom/place',
      'webhook post Order Updated': '/api-reference/hooks/order-updated',
    });
  });

  it('uses the given directory', () => {
    expect(computeOperationRoutes(doc, 'reference/v2').get('get /users')).toBe('/reference/v2/users/list-users');
  });
});

describe('computeOperationRoutes: long summaries', () => {
  it('cuts a segment to 200 bytes at a character boundary, still numbering collisions', () => {
    const long = 'Ünïcode '.repeat(40);
    const doc: OperationIndex = {
      file: 'a.yaml',
      version: '3.0.0',
      converted: false,
      tags: [],
      operations: [op('get', '/a', { summary: long }), op('put', '/a', { summary: long })],
      webhooks: [],
    };
    const routes = [...computeOperationRoutes(doc).values()];
    const segment = (r: string) => r.split('/').pop() as string;
    expect(Buffer.byteLength(segment(routes[0] as string))).toBeLessThanOrEqual(200);
    expect(routes[0]).toMatch(/^\/api-reference\/ünïcode-ünïcode-/);
    expect(routes[1]).toBe(`${routes[0]}-1`);
    expect(routes[0]?.endsWith('-')).toBe(false);
  });
});
