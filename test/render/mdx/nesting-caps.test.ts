import { describe, expect, it } from 'vitest';
import { components } from '../../../src/render/components/index.js';
import { MAX_NESTING, MAX_SCRIPT_DEPTH } from '../../../src/render/mdx/compile/cap-nesting.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { MAX_CONTAINERS_PER_LINE, MAX_DELIMITER_RUN, MAX_EXPRESSION_DEPTH, MAX_INDENT } from '../../../src/render/mdx/preprocess/source-nesting.js';
import { where } from './run-fixture.js';

/**
 * Each nesting cap of MDX pages (see nesting.test.ts for the hostile inputs far past them) at its
 * edge: exactly at the cap the page renders as written with no diagnostic; one past it, one
 * `mdx/too-deep` where the cap was hit.
 */

const render = (source: string) => renderMdx({ root: '/nowhere', file: 'page.mdx', source, variables: {}, components, cache: createMdxCache() });
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('MDX nesting caps, just under and just over', () => {
  it('block quotes opened on one line: 50 render, the 51st is text', async () => {
    expect(MAX_CONTAINERS_PER_LINE).toBe(50);
    const under = await render(`${'>'.repeat(50)} x`);
    expect(under.diagnostics).toEqual([]);
    expect(count(under.html, /<blockquote>/g)).toBe(50);
    expect(under.html).toContain('<p>x</p>');
    const over = await render(`${'>'.repeat(51)} x`);
    expect(over.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 51]]);
    expect(over.diagnostics[0]?.message).toBe('This line opens more than 50 block quotes or list items; the rest of it is shown as text.');
    expect(count(over.html, /<blockquote>/g)).toBe(50);
    expect(over.html).toContain('<p>> x</p>');
  });

  it('a run of emphasis markers: 50 are markup, the 51st is text', async () => {
    expect(MAX_DELIMITER_RUN).toBe(50);
    const under = await render(`${'*'.repeat(50)}x${'*'.repeat(50)}`);
    expect(under.diagnostics).toEqual([]);
    // 50 markers on each side: 25 pairs of `**`, strong inside strong.
    expect(count(under.html, /<strong>/g)).toBe(25);
    expect(under.html).not.toContain('*');
    const over = await render(`${'*'.repeat(51)}x${'*'.repeat(51)}`);
    expect(over.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 51]]);
    expect(over.diagnostics[0]?.message).toBe('A run of more than 50 `*`, `_` or `~` starts here; the characters past 50 are shown as text.');
    expect(count(over.html, /<strong>/g)).toBe(25);
    // One marker of each run is text.
    expect(count(over.html, /\*/g)).toBe(2);
  });

  it('an expression nesting 100 brackets is evaluated, 101 is text', async () => {
    expect(MAX_EXPRESSION_DEPTH).toBe(100);
    // `{` and 99 `[`: 100 levels.
    const expression = (levels: number) => `a {${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}} b`;
    const under = await render(expression(100));
    expect(under.diagnostics).toEqual([]);
    expect(under.html).toBe('<p>a 1 b</p>');
    const over = await render(expression(101));
    expect(over.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 3]]);
    expect(over.diagnostics[0]?.message).toBe('This expression nests brackets more than 100 levels deep; it is shown as text.');
    expect(over.html).toBe(`<p>a {${'['.repeat(100)}1${']'.repeat(100)}} b</p>`);
  });

  // Fuzz finding (FUZZ_SEED=456812889, case 1044: 110 s): a deep expression on an unindented line
  // inside a list item's code fence is markup (the line ends the list item, and the fence with it),
  // but the guard took it for code and left it to the expression parser.
  it("an expression after the end of a list item's unclosed fence is capped", async () => {
    const source = `1. Run:\n   \`\`\`bash\n   make\n\n{${'['.repeat(100)}1${']'.repeat(100)}}\n\n   \`\`\`\n`;
    const page = await render(source);
    expect(page.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 5, 1]]);
    expect(page.html).toContain(`<p>{${'['.repeat(100)}1${']'.repeat(100)}}</p>`);
    expect(count(page.html, /<pre/g)).toBe(2);
  });

  // Fuzz finding (FUZZ_SEED=456812889, case 1417): 10,000 nested elements in an `export` overflowed
  // the stack of the Markdown-to-HTML step's clone of its syntax tree (an internal/error).
  it('JavaScript nesting: 300 elements in an expression render, 1,100 are text', async () => {
    expect(MAX_SCRIPT_DEPTH).toBe(1_000);
    const nested = (levels: number) => `a {${'<b>'.repeat(levels)}x${'</b>'.repeat(levels)}} b`;
    const under = await render(nested(300));
    expect(under.diagnostics).toEqual([]);
    expect(count(under.html, /<b>/g)).toBe(300);
    const over = await render(nested(1_100));
    expect(over.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 3]]);
    expect(over.diagnostics[0]?.message).toContain('nests more than 1000 levels deep');
    expect(count(over.html, /<b>/g)).toBe(0);
    expect(over.html).toContain(`<p>a ${'&#x3C;b>'.repeat(1_100)}x`);
  });

  it('JavaScript nesting: an export of 1,100 nested elements is text, and the page renders', async () => {
    const over = await render(`export const Deep = () => ${'<b>'.repeat(1_100)}x${'</b>'.repeat(1_100)};\n\n# Title\n\nText.\n`);
    expect(over.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 1]]);
    expect(over.html).toContain('<p>Text.</p>');
    expect(count(over.html, /<b>/g)).toBe(0);
  });

  it('indentation: 128 columns are kept, the 129th is cut', async () => {
    expect(MAX_INDENT).toBe(128);
    // MDX has no indented code: the paragraph belongs to the list item either way.
    const indented = (columns: number) => `- a\n\n${' '.repeat(columns)}b\n`;
    const html = '<ul>\n<li>\n<p>a</p>\n<p>b</p>\n</li>\n</ul>';
    const under = await render(indented(128));
    expect(under.diagnostics).toEqual([]);
    expect(under.html).toBe(html);
    const over = await render(indented(129));
    expect(over.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 3, 129]]);
    expect(over.diagnostics[0]?.message).toBe('This line is indented more than 128 characters; the indentation past that is cut.');
    expect(over.html).toBe(html);
  });

  it('the tree: 99 nested elements and their text render; with one more, what is inside the 99th is text', async () => {
    expect(MAX_NESTING).toBe(100);
    // Inline elements: the root, a paragraph, then the elements; the 99th is 100 levels down, where
    // a node may hold only text.
    const divs = (n: number) => `${'<div>'.repeat(n)}x${'</div>'.repeat(n)}`;
    const under = await render(divs(99));
    expect(under.diagnostics).toEqual([]);
    expect(count(under.html, /<div>/g)).toBe(99);
    const over = await render(divs(100));
    expect(over.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 491]]);
    expect(over.diagnostics[0]?.message).toBe('The content here is nested more than 100 levels deep; what lies deeper is shown as plain text.');
    expect(count(over.html, /<div>/g)).toBe(99);
  });
});
