import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { gfmSyntax } from '../../src/parse/gfm-syntax.js';

const tree = (markdown: string, extension: ReturnType<typeof gfm>) => fromMarkdown(markdown, { extensions: [extension], mdastExtensions: [gfmFromMarkdown()] });

/** Autolink literals before, inside and after closed, unclosed and unused labels. */
const CASES = [
  'a www.example.com b http://x.org c me@example.com',
  'See the [Service Settings www.example.com and https://example.com/a and me@example.com',
  '[x](https://a.org) www.b.com [y www.c.com',
  '![alt [inner www.a.com',
  '[a] www.x.com and [b [c] http://y.org',
  '[ http://a.com ](http://b.org) http://c.org me@d.org',
  '[one\n\nwww.second-paragraph.com',
  '[a [b [c www.d.com](http://e.org) www.f.com',
  'text *[emph www.a.com* **www.b.com** [c](www.d.com) x@y.z',
  '| a | b |\n| - | - |\n| [x www.a.com | www.b.com |\n\n~~[y www.c.com~~ - [ ] task www.d.com',
];

describe('gfmSyntax', () => {
  it.each(CASES)('parses %j exactly as micromark-extension-gfm does', (markdown) => {
    expect(tree(markdown, gfmSyntax())).toEqual(tree(markdown, gfm()));
  });

  it('links literals outside labels, and none inside the text of a link', () => {
    const links: string[] = [];
    const visit = (node: { type: string; url?: string; children?: unknown[] }): void => {
      if (node.type === 'link' && node.url) links.push(node.url);
      for (const child of node.children ?? []) visit(child as typeof node);
    };
    visit(tree('www.a.com [b www.c.com](/x) [d me@e.org\n\n[f http://g.org](http://h.org) http://i.org', gfmSyntax()));
    expect(links).toEqual(['http://www.a.com', '/x', 'mailto:me@e.org', 'http://h.org', 'http://i.org']);
  });

  it('parses 60,000 words after an unclosed `[` in one paragraph into one text node', () => {
    // Quadratic in micromark-extension-gfm-autolink-literal 2.1.0 (92 s at 300,000 characters).
    const markdown = `See the [Service Settings\n${'word '.repeat(60_000)}`;
    const paragraph = tree(markdown, gfmSyntax()).children[0] as { type: string; children: { type: string; value: string }[] };
    expect(paragraph.type).toBe('paragraph');
    expect(paragraph.children).toHaveLength(1);
    expect(paragraph.children[0]?.value.length).toBe(markdown.trimEnd().length);
  });
});
