import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/load/frontmatter.js';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from '../../src/parse/nesting-limits.js';

const page = (yaml: string) => `---\n${yaml}\n---\n\nBody\n`;

const TOO_DEEP = "it nests lists and maps more than 256 levels deep, past Sheaf's limit; the page is built without its metadata.";

describe('frontmatter limits', () => {
  // The root map is one level; `x` holds the rest.
  const flow = (levels: number) => `title: T\nx: ${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}`;
  // A block list in a block list…, each entry one more space in: `x:\n - \n  - …`.
  const block = (levels: number) => `title: T\nx:\n${Array.from({ length: levels - 1 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}1`;

  it('reads flow-style frontmatter nested exactly at the cap and refuses one level more, at the key it hangs from', () => {
    expect(MAX_NESTING_DEPTH).toBe(256);
    const under = parseFrontmatter(page(flow(256)));
    expect(under.error).toBeUndefined();
    expect(under.data['title']).toBe('T');
    expect(under.positions).toEqual({ title: { line: 2, column: 1 }, x: { line: 3, column: 1 } });
    const over = parseFrontmatter(page(flow(257)));
    expect(over).toEqual({ data: {}, positions: {}, error: { message: TOO_DEEP, line: 3, column: 1 } });
  });

  it('reads block-style frontmatter nested exactly at the cap and refuses one level more (js-yaml counts block lists twice)', () => {
    const under = parseFrontmatter(page(block(256)));
    expect(under.error).toBeUndefined();
    let node: unknown = under.data['x'];
    let levels = 1;
    while (Array.isArray(node)) {
      node = node[0];
      levels += 1;
    }
    expect([levels, node]).toEqual([256, 1]);
    const over = parseFrontmatter(page(block(257)));
    expect(over).toEqual({ data: {}, positions: {}, error: { message: TOO_DEEP, line: 3, column: 1 } });
  });

  it('ends 10,000 levels in either style with one error where js-yaml stopped', () => {
    expect(parseFrontmatter(page(flow(10_000))).error).toEqual({ message: TOO_DEEP, line: 3, column: 517 });
    expect(parseFrontmatter(page(block(10_000))).error).toMatchObject({ message: TOO_DEEP });
  });

  it('counts depth with aliases followed', () => {
    const chain = (anchors: number) => `a0: &a0 [leaf]\n${Array.from({ length: anchors }, (_, i) => `a${i + 1}: &a${i + 1} [*a${i}]`).join('\n')}`;
    // a<n> holds n+1 lists: with the root map, n+2 levels.
    expect(parseFrontmatter(page(chain(254))).error).toBeUndefined();
    expect(parseFrontmatter(page(chain(255))).error).toEqual({ message: TOO_DEEP, line: 257, column: 1 });
  });

  it('caps what aliases add: exactly the cap is read, one node more is one error at the alias', () => {
    expect(MAX_ALIAS_NODES).toBe(1_000_000);
    // An anchored list of 1,000 nodes (the list and 999 numbers); each further alias adds 1,000.
    const aliases = (count: number) => `title: T\na: &a [${Array.from({ length: 999 }, (_, i) => i).join(',')}]\nb: [${Array(count).fill('*a').join(',')}]`;
    const under = parseFrontmatter(page(aliases(1000)));
    expect(under.error).toBeUndefined();
    expect((under.data['b'] as unknown[]).length).toBe(1000);
    expect(parseFrontmatter(page(aliases(1001)))).toEqual({
      data: {},
      positions: {},
      error: {
        message: "its aliases (`*name`) would add 1,001,000 nodes (`*a` here copies 1,000), over Sheaf's limit of 1,000,000; the page is built without its metadata.",
        line: 4,
        column: 5,
      },
    });
  });

  it('refuses a "billion laughs" with one error at the alias that copies the most', () => {
    const lines = ['title: T', 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const result = parseFrontmatter(page(lines.join('\n')));
    expect(result.data).toEqual({});
    expect(result.error).toEqual({
      message: "its aliases (`*name`) would add 12,345,678,990 nodes (`*a8` here copies 1,111,111,111), over Sheaf's limit of 1,000,000; the page is built without its metadata.",
      line: 12,
      column: 10,
    });
  });

  it('keeps frontmatter whose aliases stay under the cap', () => {
    const result = parseFrontmatter(page('base: &b {icon: star, tag: new}\nfirst: *b\nsecond: *b'));
    expect(result.error).toBeUndefined();
    expect(result.data['second']).toEqual({ icon: 'star', tag: 'new' });
  });
});

describe('frontmatter as Mintlify reads it', () => {
  it('reads a double-quoted value that goes on over the next line (js-yaml, as gray-matter), with positions from the one parse', () => {
    const result = parseFrontmatter(page('title: T\ndescription: "first part\n  second part"\n"icon": star'));
    expect(result).toEqual({
      data: { title: 'T', description: 'first part second part', icon: 'star' },
      positions: { title: { line: 2, column: 1 }, description: { line: 3, column: 1 }, icon: { line: 5, column: 1 } },
    });
  });

  it('places keys after a BOM and CRLF line ends, and the last of duplicate keys', () => {
    expect(parseFrontmatter('\uFEFF---\r\ntitle: T\r\n  \r\nx: 1\r\ntitle: U\r\n---\r\n')).toEqual({
      data: { title: 'U', x: 1 },
      positions: { title: { line: 5, column: 1 }, x: { line: 4, column: 1 } },
    });
  });

  it('reports a block of two YAML documents (`...` ends the first) as an error, not an exception', () => {
    expect(parseFrontmatter(page('title: T\n...\nx: 1'))).toEqual({
      data: {},
      positions: {},
      error: { message: 'expected a single document in the stream, but found more', line: 2, column: 1 },
    });
  });

  it('reports a syntax error with js-yaml’s words at its place in the file', () => {
    expect(parseFrontmatter(page('title: Broken: yes: no\n  bad indent'))).toEqual({
      data: {},
      positions: {},
      error: { message: 'bad indentation of a mapping entry', line: 2, column: 14 },
    });
  });

  it('reads `---` directly after `---` as an empty block, not as the start of one that ends lower down', () => {
    expect(parseFrontmatter('---\n---\n# Body\n\n---\ntitle: Not metadata\n---\n')).toEqual({ data: {}, positions: {} });
    expect(parseFrontmatter('---\ntitle: T\n---\n').data).toEqual({ title: 'T' });
  });
});
