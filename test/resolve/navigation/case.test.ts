import { describe, expect, it } from 'vitest';
import { parseNavigationReference, uppercaseMethodSuggestion } from '../../../src/resolve/navigation/case.js';
import { index, op } from '../builders.js';
import { runNavigation } from './run-navigation.js';

describe('rule 9: case (src/resolve/navigation/case.ts)', () => {
  it('only an uppercase HTTP method makes a navigation entry a reference', () => {
    expect(parseNavigationReference('GET /users')).toEqual({ method: 'get', path: '/users' });
    expect(parseNavigationReference('api.json DELETE /users/{id}')).toEqual({ file: 'api.json', method: 'delete', path: '/users/{id}' });
    expect(parseNavigationReference('webhook orderUpdated')).toEqual({ method: 'webhook', path: 'orderUpdated' });
    expect(parseNavigationReference('get /users')).toBeUndefined();
    expect(parseNavigationReference('Get /users')).toBeUndefined();
  });

  it('suggests the uppercase form of an entry written with a lowercase method', () => {
    expect(uppercaseMethodSuggestion('  get /users ')).toBe('GET /users');
    expect(uppercaseMethodSuggestion('api.json post /orders')).toBe('api.json POST /orders');
    expect(uppercaseMethodSuggestion('guides/intro')).toBeUndefined();
  });

  it('a lowercase method is a missing page, with the uppercase form as hint', () => {
    const doc = index('openapi.json', [op('get', '/users', { summary: 'List users' })]);
    const result = runNavigation({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['get /users'] }] }, { docs: [doc] });
    expect(result.diagnostics).toEqual([
      {
        code: 'nav/page-not-found',
        severity: 'error',
        message: 'Navigation entry `get /users` is not a page of this project nor an operation reference.',
        file: 'docs.json',
        pointer: '/navigation/tabs/0/pages/0',
        hint: 'HTTP methods in navigation entries are uppercase: did you mean `GET /users`?',
      },
    ]);
    // Not a reference, so the document is still generated in full.
    expect(result.pages).toEqual([{ route: '/api-reference/list-users', hidden: false }]);
  });

  it('paths are matched case-sensitively', () => {
    const doc = index('openapi.json', [op('get', '/users', { summary: 'List users' })]);
    const result = runNavigation({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['GET /Users'] }] }, { docs: [doc] });
    expect(result.children).toEqual([{ type: 'tab', title: 'API', children: [] }]);
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['ref/operation-not-found', '`GET /Users` matches no operation in `openapi.json`.'],
    ]);
  });
});
