import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { InlineMarkdown } from '../../src/render/components/inline-markdown.js';
import { parseInlineMarkdown } from '../../src/render/inline-markdown-syntax.js';
import { renderInlineMarkdown } from '../../src/render/layout/inline-markdown.js';

const component = (text: string) => renderToString(h(InlineMarkdown, { text }));

describe('inline Markdown: one syntax for banner, Frame caption and Prompt description', () => {
  it('reads strong, emphasis, code and links, nested', () => {
    expect(parseInlineMarkdown('**a [b *c*](/d)** `e*f*` __g__ _h_')).toEqual([
      { type: 'strong', children: ['a ', { type: 'link', href: '/d', children: ['b ', { type: 'em', children: ['c'] }] }] },
      ' ',
      { type: 'code', text: 'e*f*' },
      ' ',
      { type: 'strong', children: ['g'] },
      ' ',
      { type: 'em', children: ['h'] },
    ]);
  });

  it('keeps underscores inside words, unclosed markers and spaced asterisks as text', () => {
    expect(parseInlineMarkdown('my_var_name **open *a * b')).toEqual(['my_var_name **open *a * b']);
  });

  it('takes one level of parentheses in a link target', () => {
    expect(parseInlineMarkdown('[w](https://en.wikipedia.org/wiki/Tar_(computing)) x')).toEqual([
      { type: 'link', href: 'https://en.wikipedia.org/wiki/Tar_(computing)', children: ['w'] },
      ' x',
    ]);
  });

  // The banner used to read only `**`, `*`, `` ` `` and links without parentheses: before the
  // syntaxes were made one it showed the first text as written, cut the second link at its
  // first `)`, and read `*a *` as emphasis.
  it.each([
    ['__New__ _docs_', '<strong>New</strong> <em>docs</em>'],
    ['see [tar](https://e.test/Tar_(computing))', 'see <a href="https://e.test/Tar_(computing)">tar</a>'],
    ['*a *', '*a *'],
  ])('banner and component agree on %j', (text, html) => {
    expect(renderInlineMarkdown(text, '', 'directory')).toBe(html);
    expect(component(text)).toBe(html);
  });

  it('the banner resolves site links and drops javascript: targets; the component leaves them to the page', () => {
    expect(renderInlineMarkdown('[a](/guide) [b](javascript:alert(1))', '../', 'directory')).toBe('<a href="../guide/" data-href="/guide">a</a> <a>b</a>');
    expect(component('[a](/guide)')).toBe('<a href="/guide">a</a>');
  });
});
