import { describe, expect, it } from 'vitest';
import { pagePathForms } from '../../../src/resolve/navigation/trailing-slash.js';
import { index, op } from '../builders.js';
import { mdx, runNavigation } from './run-navigation.js';

describe('rule 3: trailing slash (src/resolve/navigation/trailing-slash.ts)', () => {
  it('a page entry is tried as written, without its trailing slash, then as the folder index', () => {
    expect(pagePathForms(' ./guides/ ')).toEqual(['guides/', 'guides', 'guides/index']);
    expect(pagePathForms('/intro')).toEqual(['intro', 'intro', 'intro/index']);
  });

  it('page entries with a trailing slash find the page or the folder index', () => {
    const result = runNavigation({ pages: ['intro/', './guides/'] }, { pages: [mdx('intro'), mdx('guides/index')] });
    expect(result.children).toEqual([
      { type: 'page', route: '/intro', title: 'Intro' },
      { type: 'page', route: '/guides', title: 'Index' },
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it('an operation entry matches the document path with or without a trailing slash', () => {
    const doc = index('openapi.json', [op('get', '/users', { summary: 'List users' }), op('post', '/orders/', { summary: 'Create order' })]);
    const result = runNavigation({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['GET /users/', 'POST /orders'] }] }, { docs: [doc] });
    expect(result.children).toEqual([
      {
        type: 'tab',
        title: 'API',
        children: [
          { type: 'page', route: '/api-reference/list-users', title: 'List users', method: 'GET' },
          { type: 'page', route: '/api-reference/create-order', title: 'Create order', method: 'POST' },
        ],
      },
    ]);
    expect(result.diagnostics).toEqual([]);
  });
});
