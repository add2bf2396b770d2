import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/load/frontmatter.js';

const page = (yaml: string) => `---\n${yaml}\n---\n\nBody\n`;

describe('frontmatter limits', () => {
  it('reads frontmatter nested exactly at the cap and refuses one level more, where it starts', () => {
    // The root map is one level; `x` holds the rest.
    const flow = (levels: number) => `title: T\nx: ${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}`;
    const under = parseFrontmatter(page(flow(256)));
    expect(under.error).toBeUndefined();
    expect(under.data['title']).toBe('T');
    const over = parseFrontmatter(page(flow(10_000)));
    expect(over.data).toEqual({});
    expect(over.error?.message).toBe("it nests lists and maps more than 256 levels deep, past Sheaf's limit; the page is built without its metadata.");
    expect(over.error?.line).toBe(3);
  });

  it('refuses aliases past the cap with one error naming it, a "billion laughs" included', () => {
    const lines = ['title: T', 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const result = parseFrontmatter(page(lines.join('\n')));
    expect(result.data).toEqual({});
    expect(result.error).toEqual({
      message: "its aliases (`*name`) would add 12,345,678,990 nodes, over Sheaf's limit of 1,000,000; the page is built without its metadata.",
      line: 2,
      column: 1,
    });
  });

  it('keeps frontmatter whose aliases stay under the cap', () => {
    const result = parseFrontmatter(page('base: &b {icon: star, tag: new}\nfirst: *b\nsecond: *b'));
    expect(result.error).toBeUndefined();
    expect(result.data['second']).toEqual({ icon: 'star', tag: 'new' });
  });
});
