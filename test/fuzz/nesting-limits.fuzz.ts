import { describe, expect, it } from 'vitest';
import { components } from '../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../src/render/mdx/index.js';
import { guardNesting } from '../../src/render/mdx/preprocess/source-nesting.js';
import { where } from '../render/mdx/run-fixture.js';

/**
 * Hostile nesting found by the fuzz suite: each page below overflowed the stack (an
 * `internal/error`) or ran for seconds to minutes. Each now renders, deeper content as text, with
 * `mdx/too-deep` where the limit was hit.
 */

const render = (source: string) => renderMdx({ root: '/nowhere', file: 'page.mdx', source, variables: {}, components, cache: createMdxCache() });

describe('nesting limits of MDX pages', () => {
  it('a run of 30,000 emphasis markers: the run past 50 is text', async () => {
    const body = await render(`${'*'.repeat(30_000)}x${'*'.repeat(30_000)}`);
    expect(body.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 51]]);
    expect(body.diagnostics[0]?.message).toBe('A run of more than 50 `*`, `_` or `~` starts here; the characters past 50 are shown as text.');
    expect(body.html).toContain('*'.repeat(100));
  });

  it('30,000 list markers on one line: the 51st is escaped, the tree flattened at 100 levels', async () => {
    const body = await render(`${'* '.repeat(30_000)}x`);
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/too-deep', 'page.mdx', 1, 101],
      ['mdx/too-deep', 'page.mdx', 1, 99],
    ]);
    expect(body.diagnostics.map((d) => d.message)).toEqual([
      'This line opens more than 50 block quotes or list items; the rest of it is shown as text.',
      'The content here is nested more than 100 levels deep; what lies deeper is shown as plain text.',
    ]);
    expect(body.html.match(/<ul>/g)).toHaveLength(50);
  });

  it('30,000 block quotes on one line, 10,000 nested elements and components', async () => {
    const quotes = await render(`${'>'.repeat(30_000)} x`);
    expect(quotes.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 51]]);
    expect(quotes.html.match(/<blockquote>/g)).toHaveLength(50);
    const divs = await render(`${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`);
    expect(divs.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 491]]);
    expect(divs.html.match(/<div>/g)).toHaveLength(99);
    const notes = await render(`${'<Note>'.repeat(10_000)}x${'</Note>'.repeat(10_000)}`);
    expect(notes.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 589]]);
  });

  it('30,000 nested link labels: the ] past 1,000 in the paragraph are text', async () => {
    const body = await render(`${'['.repeat(30_000)}x${'](/y)'.repeat(30_000)}`);
    expect(body.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 35_002]]);
    expect(body.diagnostics[0]?.message).toBe('This paragraph holds more than 1000 `]`; from here on they are shown as text.');
    // A new paragraph counts from zero: its links are links.
    const next = await render(`${'[a](/b) '.repeat(1_001)}\n\n[c](/d)\n`);
    expect(next.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 8_003]]);
    expect(next.html.match(/<a href="\/b" class="link">/g)).toHaveLength(1_000);
    expect(next.html).toContain('<p><a href="/d" class="link">c</a></p>');
  });

  it('20,000 lines continuing a list item: a break every 2,000 lines; a long table is never split', async () => {
    const body = await render(`- item\n${'line\n'.repeat(20_000)}`);
    expect(body.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 2_001, 1]]);
    expect(body.diagnostics[0]?.message).toBe('A paragraph runs on for more than 2000 lines; it is split every 2000 lines.');
    // The list item keeps its first 1,999 lines; each further 2,000 are a paragraph.
    expect(body.html.match(/<p>/g)).toHaveLength(10);
    const table = await render(`| a |\n| - |\n${'| x |\n'.repeat(3_000)}`);
    expect(table.diagnostics).toEqual([]);
    expect(table.html.match(/<tr>/g)).toHaveLength(3_001);
  });

  it('an expression nesting 10,000 brackets is text', async () => {
    const body = await render(`${'{['.repeat(10_000)}1${']}'.repeat(10_000)}`);
    expect(body.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 1, 1]]);
    expect(body.diagnostics[0]?.message).toBe('This expression nests brackets more than 100 levels deep; it is shown as text.');
    expect(body.html).toContain('{[{[{[');
  });

  it('an unclosed expression of 600,000 braces: its first 1,000 characters shown, cut with …', async () => {
    // Found by fuzzing (seed 302, case 1423): 600,000 escapes overflowed a call's arguments.
    const body = await render(`# T\n\n${'{'.repeat(300_000)}\n${'{'.repeat(300_000)}\n`);
    expect(body.diagnostics.map(where)).toEqual([['mdx/too-deep', 'page.mdx', 3, 1]]);
    expect(body.html).toBe(`<h1>T</h1>\n<p>${'{'.repeat(1_000)}…</p>`);
  });

  it('2,000 lines nested by indentation: indentation cut at 128, the tree flattened', async () => {
    const body = await render(Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'));
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/too-deep', 'page.mdx', 66, 129],
      ['mdx/too-deep', 'page.mdx', 50, 99],
    ]);
    expect(body.html).toContain('item 1999');
  });

  it('holds in the plain-Markdown fallback after a syntax error too', async () => {
    // 60 lists nested by indentation (under 128 columns): 120 levels of the tree.
    const lines = Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');
    const body = await render(`{unclosed\n\n${lines}\n`);
    expect(body.diagnostics.map(where)).toEqual([
      // The unclosed expression is reported where the file ends, as MDX reports it.
      ['mdx/syntax', 'page.mdx', 63, 1],
      ['mdx/too-deep', 'page.mdx', 52, 99],
    ]);
    expect(body.html).toContain('item 59');
  });

  it('code blocks: lines over 1,000 characters and blocks over 500,000 are not highlighted', async () => {
    const nested = (n: number) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');
    const block = (code: string) => `\`\`\`bash\necho "short"\n${code}\n\`\`\`\n`;
    const colored = '<span style="color:#005CC5;--shiki-dark:#79B8FF">echo</span><span style="color:#032F62;--shiki-dark:#9ECBFF"> "short"</span></span>\n';
    // 600 lines, 366,000 characters: highlighted up to `item 494` (998 characters), plain from 1,000.
    const some = (await render(block(nested(600)))).html.split('<span class="line">').slice(1);
    expect(some).toHaveLength(601);
    expect(some[0]).toBe(colored);
    expect(some[495]).toBe(`<span style="color:#6F42C1;--shiki-dark:#B392F0">${' '.repeat(988)}-</span><span style="color:#032F62;--shiki-dark:#9ECBFF"> item</span><span style="color:#005CC5;--shiki-dark:#79B8FF"> 494</span></span>\n`);
    expect(some[496]).toBe(`<span>${' '.repeat(990)}- item 495</span></span>\n`);
    // 2,000 lines, 4 million characters (ran past a minute before): plain throughout.
    const body = await render(block(nested(2_000)));
    expect(body.diagnostics).toEqual([]);
    const all = body.html.split('<span class="line">').slice(1);
    expect(all).toHaveLength(2_001);
    expect(all[0]).toBe('<span>echo "short"</span></span>\n');
  });

  it('leaves ordinary pages alone: no diagnostic, nothing escaped', async () => {
    const source = ['# Title', '', '- a', '  - b', '    - c', '', '> quote', '', '**bold *em***', '', '{[1, [2, [3]]].flat(2).length}', '', '---', '', '*'.repeat(60), ''].join('\n');
    expect(guardNesting(source, [])).toEqual({ edits: [], containers: [], runs: [], expressions: [], indentation: [], closers: [], paragraphs: [] });
    const body = await render(source);
    expect(body.diagnostics).toEqual([]);
    expect(body.html).toContain('<ul>\n<li>a\n<ul>\n<li>b\n<ul>\n<li>c</li>');
    expect(body.html).toContain('<strong>bold <em>em</em></strong>');
    expect(body.html).toContain('\n3\n');
    expect(body.html.match(/<hr>/g)).toHaveLength(2);
  });
});
