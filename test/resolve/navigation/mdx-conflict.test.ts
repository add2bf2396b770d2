import { describe, expect, it } from 'vitest';
import { mdxConflict } from '../../../src/resolve/navigation/mdx-conflict.js';
import { index, op } from '../builders.js';
import { mdx, runNavigation } from './run-navigation.js';

const users = op('get', '/users', { summary: 'List users' });
const doc = index('openapi.json', [users]);
const origin = { file: 'docs.json', pointer: '/navigation/pages/1' };

describe('rule 7, MDX conflict (src/resolve/navigation/mdx-conflict.ts)', () => {
  it('reports an MDX page and a navigation entry for the same operation, pointing at both', () => {
    const page = { ...mdx('users'), frontmatterPositions: { openapi: { line: 2, column: 1 } } };
    expect(mdxConflict(' GET /users ', doc, users, false, new Map([['openapi.json|get /users', page]]), origin)).toEqual({
      code: 'nav/operation-page-conflict',
      severity: 'error',
      message: '`GET /users` has both a navigation entry and the MDX page `users.mdx`.',
      file: 'docs.json',
      pointer: '/navigation/pages/1',
      hint: 'Keep one: remove the navigation entry and list `users` instead, or delete the MDX page (use `x-mint` on the operation to add content).',
      related: [{ file: 'users.mdx', line: 2, column: 1, message: 'the MDX page for the same operation' }],
    });
  });

  it('says nothing when no MDX page documents the operation, or it is a webhook key of another kind', () => {
    expect(mdxConflict('GET /users', doc, users, false, new Map(), origin)).toBeUndefined();
    expect(mdxConflict('GET /users', doc, users, true, new Map([['openapi.json|get /users', mdx('users')]]), origin)).toBeUndefined();
  });

  it('through navigation: the conflict is reported and both pages are still published', () => {
    const result = runNavigation(
      { tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['users', 'GET /users'] }] },
      { pages: [mdx('users', { openapi: 'GET /users' })], docs: [doc] },
    );
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['nav/operation-page-conflict', '/navigation/tabs/0/pages/1']]);
    expect(result.children).toEqual([
      {
        type: 'tab',
        title: 'API',
        children: [
          { type: 'page', route: '/users', title: 'List users', method: 'GET' },
          { type: 'page', route: '/api-reference/list-users', title: 'List users', method: 'GET' },
        ],
      },
    ]);
  });
});
