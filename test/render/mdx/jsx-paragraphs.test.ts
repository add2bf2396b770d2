import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { h, type ComponentChildren } from 'preact';
import { describe, expect, it } from 'vitest';
import type { ComponentMap } from '../../../src/render/components/index.js';
import { renderMdx } from '../../../src/render/mdx/index.js';
import { testComponents } from './test-components.js';

type Props = { children?: ComponentChildren };

/** The stand-in map plus inline components named as Mintlify's (the unwrapping goes by name). */
const components: ComponentMap = {
  ...testComponents,
  Badge: ({ children }: Props) => h('span', { class: 'badge' }, children),
  Tooltip: ({ children }: Props) => h('span', { class: 'tip' }, children),
};

const root = mkdtempSync(path.join(tmpdir(), 'sheaf-jsx-paragraphs-'));
const render = async (source: string) => {
  const body = await renderMdx({ root, file: 'page.mdx', source, variables: {}, components });
  expect(body.diagnostics).toEqual([]);
  return body;
};

describe('text on its own line inside a JSX element', () => {
  it('h1–h6 hold their text directly and keep their classes (a hero title, as Mintlify unwraps it)', async () => {
    const body = await render('<h1 className="block text-4xl text-center">\n  Documentation\n</h1>\n\n<h6 className="x">\n  Small\n</h6>');
    expect(body.html).toBe('<h1 class="block text-4xl text-center">Documentation</h1>\n<h6 class="x">Small</h6>');
  });

  it('a heading keeps inline JSX, and two paragraphs run together as Mintlify runs them', async () => {
    const body = await render('<h2 className="t">\n  Build with <span className="text-primary">Sheaf</span>\n</h2>\n\n<h3>\n  One\n\n  Two\n</h3>');
    expect(body.html).toBe(
      '<h2 class="t" id="build-with-sheaf">Build with <span class="text-primary">Sheaf</span><a class="heading-anchor" href="#build-with-sheaf" aria-label="Link to this section">#</a></h2>\n' +
        '<h3 id="onetwo">OneTwo<a class="heading-anchor" href="#onetwo" aria-label="Link to this section">#</a></h3>',
    );
    expect(body.headings).toEqual([
      { depth: 2, text: 'Build with Sheaf', id: 'build-with-sheaf' },
      { depth: 3, text: 'OneTwo', id: 'onetwo' },
    ]);
  });

  it('a classed <p> is one paragraph with its classes, not an empty one beside the text (the browser splits <p><p>)', async () => {
    const body = await render('<p className="mt-3 text-lg text-gray-500">\n  Dify is an open-source platform.\n</p>');
    expect(body.html).toBe('<p class="mt-3 text-lg text-gray-500">Dify is an open-source platform.</p>');
  });

  it('two paragraphs in a <p> stay apart by a line break; inline Markdown is kept', async () => {
    const body = await render('<p className="lead">\n  First **line**.\n\n  Second [line](/x).\n</p>');
    expect(body.html).toBe('<p class="lead">First <strong>line</strong>.<br>\nSecond <a href="/x">line</a>.</p>');
  });

  it('the other phrasing-only elements (span, button, strong, label) lose the paragraph too', async () => {
    const body = await render(
      '<span className="s">\n  Spanned\n</span>\n\n<button type="button">\n  Press\n</button>\n\n<strong>\n  Loud\n</strong>\n\n<label>\n  Name\n</label>',
    );
    expect(body.html).toBe('<span class="s">Spanned</span>\n<button type="button">Press</button>\n<strong>Loud</strong>\n<label>Name</label>');
  });

  it('Badge and Tooltip lose a single paragraph (as Mintlify); with two they are left as written', async () => {
    const body = await render('<Badge>\n  Beta\n</Badge>\n\n<Tooltip>\n  Hover\n</Tooltip>\n\n<Badge>\n  One\n\n  Two\n</Badge>');
    expect(body.html).toBe('<span class="badge">Beta</span>\n<span class="tip">Hover</span>\n<span class="badge"><p>One</p><p>Two</p></span>');
  });

  it('elements that take flow content keep their paragraphs: div, a, li, and components', async () => {
    const body = await render(
      '<div className="d">\n  Divided\n</div>\n\n<a href="/x" className="card">\n  Linked\n</a>\n\n<ul>\n  <li>\n    Item\n  </li>\n</ul>\n\n<Note>\n  Noted\n</Note>',
    );
    expect(body.html).toBe(
      '<div class="d"><p>Divided</p></div>\n<a href="/x" class="card"><p>Linked</p></a>\n<ul><li><p>Item</p></li></ul>\n<div class="callout note"><p>Noted</p></div>',
    );
  });

  it('block content other than paragraphs stays where it is in a <p>', async () => {
    const body = await render('<p>\n  Text\n\n  - a list\n</p>');
    // Not valid HTML either way; only the paragraph is taken out, the list is left to the parser.
    expect(body.html).toBe('<p>Text</p><ul>\n<li>a list</li>\n</ul><p></p>');
  });

  it('an element written inline, on one line, was never wrapped and is unchanged', async () => {
    const body = await render('Some <span className="x">inline</span> text.\n\n<p className="y">One line</p>');
    expect(body.html).toBe('<p>Some <span class="x">inline</span> text.</p>\n<p class="y">One line</p>');
  });

  it('leaves the Markdown copy as it was (taken from the tree as written)', async () => {
    const body = await render('<p className="lead">\n  Dify is here.\n</p>\n\n<h2 className="t">\n  Title\n</h2>');
    expect(body.markdown).toBe('Dify is here.\n\nTitle\n');
  });
});
