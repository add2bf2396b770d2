import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { markdownScriptUrls, createMarkdownRenderer } from '../../../src/render/operation/markdown-html.js';
import { isScriptUrl } from '../../../src/render/script-url.js';
import { where } from './run-fixture.js';

/** Every link-like attribute of the rendered HTML, as `tag attribute=value`. */
function links(html: string): string[] {
  const found: string[] = [];
  visit(fromHtml(html, { fragment: true }), 'element', (node: Element) => {
    for (const name of ['href', 'src', 'formAction', 'action', 'xLinkHref']) {
      const value = node.properties[name];
      if (typeof value === 'string') found.push(`${node.tagName} ${name}=${value}`);
    }
  });
  return found;
}

const render = (source: string) => renderMdx({ root: '/nowhere', file: 'page.mdx', source, variables: {}, components, cache: createMdxCache() });

describe('isScriptUrl', () => {
  it('reads javascript: URLs as a browser does', () => {
    const script = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      '\u0001\u0010 javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscr\ript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;&#x61;vascript&colon;alert(1)',
      '&#106avascript:alert(1)',
      'java&Tab;script:alert(1)',
      'javascript&#58;alert(1)',
    ];
    const safe = ['https://example.com/javascript:x', '/javascript:alert(1)', 'javascript%3Aalert(1)', 'mailto:a@b.c', '#javascript:', 'vbscript-not:x', 'java script:alert(1)', ''];
    expect(script.filter((u) => !isScriptUrl(u))).toEqual([]);
    expect(safe.filter(isScriptUrl)).toEqual([]);
  });
});

describe('javascript: links in MDX pages', () => {
  it('are inert, each a build/script-url warning at its place', async () => {
    const source = [
      '---', // 1
      'title: Links', // 2
      '---', // 3
      '', // 4
      '[a](javascript:alert(1)) [b]( JAVASCRIPT:alert(2)) [c](&#x6A;avascript:alert(3))', // 5
      '', // 6
      '[d][ref]', // 7
      '', // 8
      '[ref]: javascript:alert(4)', // 9
      '', // 10
      '<a href="jav&#x09;ascript:alert(5)">e</a> <a href="\u0001javascript:alert(6)">f</a>', // 11
      '', // 12
      '<Card title="Card" href="javascript:alert(7)">g</Card>', // 13
      '', // 14
      '<iframe src="javascript:alert(8)" />', // 15
      '', // 16
      '[good](https://example.com/) [page](/quickstart) [mail](mailto:a@example.com) [anchor](#top)', // 17
      '', // 18
    ].join('\n');
    const body = await render(source);
    expect(body.diagnostics.map(where)).toEqual([
      ['build/script-url', 'page.mdx', 5, 1],
      ['build/script-url', 'page.mdx', 5, 26],
      ['build/script-url', 'page.mdx', 5, 52],
      ['build/script-url', 'page.mdx', 9, 1],
      ['build/script-url', 'page.mdx', 11, 4],
      ['build/script-url', 'page.mdx', 11, 46],
      ['build/script-url', 'page.mdx', 13, 20],
      ['build/script-url', 'page.mdx', 15, 9],
    ]);
    expect(body.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(body.diagnostics[0]?.message).toBe('A Markdown link links to a `javascript:` URL (`javascript:alert(1)`); it is rendered without a target.');
    expect(body.diagnostics[5]?.message).toBe('`<a>` links to a `javascript:` URL (`\\u0001javascript:alert(6)`); it is rendered without a target.');
    expect(links(body.html)).toEqual([
      'a href=#',
      'a href=#',
      'a href=#',
      'a href=#',
      'a href=https://example.com/',
      'a href=/quickstart',
      'a href=mailto:a@example.com',
      'a href=#top',
    ]);
    expect(body.html).toContain('<a>e</a>\n<a>f</a>');
    expect(body.html).toContain('<div class="sheaf-card card"><div class="sheaf-card-main"><div class="sheaf-card-text"><p class="sheaf-card-title">Card</p>');
    expect(body.html).toContain('<iframe></iframe>');
    expect(body.markdown).not.toMatch(/javascript/i);
  });

  it('made by expressions or components at render time, are cleared and reported by page', async () => {
    const source = [
      'export const target = "javascript:alert(1)";',
      '',
      '<a href={target}>x</a> <Card title="c" href={"JAVASCRIPT:alert(2)"}>y</Card>',
      '',
      '<ParamField path="id" type="string">Use [this](javascript:alert(3)).</ParamField>',
      '',
    ].join('\n');
    const body = await render(source);
    expect(body.diagnostics.map((d) => [d.code, d.file, d.line, d.message])).toEqual([
      ['build/script-url', 'page.mdx', 5, 'A Markdown link links to a `javascript:` URL (`javascript:alert(3)`); it is rendered without a target.'],
      ['build/script-url', 'page.mdx', undefined, 'A link made by an expression or a component links to a `javascript:` URL (`javascript:alert(1)`); it is rendered without a target.'],
      ['build/script-url', 'page.mdx', undefined, 'A link made by an expression or a component links to a `javascript:` URL (`JAVASCRIPT:alert(2)`); it is rendered without a target.'],
    ]);
    expect(links(body.html).filter((l) => isScriptUrl(l.slice(l.indexOf('=') + 1)))).toEqual([]);
  });

  it('in a page without any, give no diagnostic and keep every link', async () => {
    const body = await render('[a](https://example.com/javascript) <Card title="c" href="/javascript-guide">x</Card> [b](./javascript:colon)\n');
    expect(body.diagnostics).toEqual([]);
    expect(links(body.html)).toEqual(['a href=https://example.com/javascript', 'a href=/javascript-guide', 'a href=./javascript:colon']);
  });
});

describe('javascript: links in OpenAPI descriptions', () => {
  it('are found (for the warning) and removed by the sanitizer', () => {
    const text = 'See [this](javascript:alert(1)), [ref][r], <a href="&#106;avascript:alert(2)">that</a> and [ok](https://example.com/).\n\n[r]: JAVASCRIPT:alert(3)';
    expect(markdownScriptUrls(text)).toEqual(['javascript:alert(1)', 'JAVASCRIPT:alert(3)', 'javascript:alert(2)']);
    const html = createMarkdownRenderer()(text);
    expect(links(html)).toEqual(['a href=https://example.com/']);
    expect(markdownScriptUrls('Plain [link](https://example.com/) about javascript & co.')).toEqual([]);
  });
});
