import { describe, expect, it } from 'vitest';
import { normalizePage, normalizePages } from '../../src/config/normalize-pages.js';
import { loadFixture } from './helpers.js';

describe('page entries', () => {
  it.each([
    ['/index', 'index'],
    ['./quickstart', 'quickstart'],
    ['guides/', 'guides/'],
    ['/guides/setup/', 'guides/setup/'],
    ['a//b/./c/../d', 'a/b/d'],
    ['../outside', 'outside'],
    ['plain/path', 'plain/path'],
    ['GET /users', 'GET /users'],
    ['get /users/', 'get /users/'],
    ['openapi.json POST /users/{id}', 'openapi.json POST /users/{id}'],
    ['/specs/api.yaml   GET   /x', '/specs/api.yaml   GET   /x'],
    ['webhook user.created', 'webhook user.created'],
  ])('normalizes %j to %j', (page, expected) => {
    expect(normalizePage(page)).toBe(expected);
  });

  it('normalizes pages and group roots throughout the tree, leaving everything else', () => {
    const navigation = {
      tabs: [{ tab: '/not-a-page', href: '/not/a/page', groups: [{ group: 'G', root: './r', pages: ['/a', { group: 'H', pages: ['./b'] }] }] }],
    };
    expect(normalizePages(navigation)).toEqual({
      tabs: [{ tab: '/not-a-page', href: '/not/a/page', groups: [{ group: 'G', root: 'r', pages: ['a', { group: 'H', pages: ['b'] }] }] }],
    });
    expect(navigation.tabs[0]?.groups[0]?.pages[0]).toBe('/a');
  });

  it('loadConfig returns normalized page entries', async () => {
    const result = await loadFixture('config-page-normalization');
    expect(result.diagnostics).toEqual([]);
    expect(result.output?.config.navigation).toEqual({
      groups: [
        {
          group: 'Start',
          root: 'start/overview',
          pages: [
            'index',
            'quickstart',
            'guides/',
            'guides/setup/',
            'GET /users',
            'openapi.json post /users/{id}',
            'webhook user.created',
            { group: 'Nested', pages: ['nested/page'] },
          ],
        },
      ],
    });
  });
});
