import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/api/check.js';
import type { NavNode } from '../../src/model/site.js';

const pagesOf = (nodes: readonly NavNode[]): NavNode[] => nodes.flatMap((n) => (n.type === 'page' ? [n] : pagesOf(n.children)));

describe('pages with `api:` frontmatter', () => {
  it('carry their method into the page list and the sidebar badge', async () => {
    const result = await check({ root: path.resolve('test/fixtures/api-frontmatter-pages') });
    const page = result.site?.pages.find((p) => p.source === 'bearer.mdx');
    expect(page?.apiMethod).toBe('DELETE');
    expect(page?.kind).toBe('mdx');
    const nav = pagesOf(result.site?.navigation.children ?? []).find((n) => n.type === 'page' && n.route === page?.route);
    expect(nav).toMatchObject({ type: 'page', method: 'DELETE' });
  });

  it('get no badge when the value names no method', async () => {
    const result = await check({ root: path.resolve('test/fixtures/api-frontmatter-problems') });
    const bad = result.site?.pages.find((p) => p.source === 'bad-method.mdx');
    expect(bad).toBeDefined();
    expect(bad?.apiMethod).toBeUndefined();
    expect(result.site?.pages.find((p) => p.source === 'good.mdx')?.apiMethod).toBe('GET');
  });
});
