import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/render/components/index.js';
import { renderHtml } from './helpers.js';
import { codeBlock, p } from './mdx-like.js';

/** Key structure, asserted explicitly: what a reader without JavaScript gets, and the script's hooks. */

const c = components as Record<string, any>;
const { Tree, GitHub } = c;

function count(html: string, needle: string): number {
  return html.split(needle).length - 1;
}

describe('Tabs', () => {
  const html = renderHtml(
    h(c['Tabs'], null, [h(c['Tab'], { title: 'npm' }, p('npm i')), h(c['Tab'], { title: 'pnpm' }, p('pnpm add')), h(c['Tab'], { title: 'yarn' }, p('yarn add'))]),
  );

  it('shows every panel with its title without JavaScript (bar hidden, no panel hidden)', () => {
    expect(html).toContain('<div hidden class="sheaf-tabs-bar">');
    for (const t of ['npm', 'pnpm', 'yarn']) expect(html).toContain(`<div class="sheaf-tab-title"><span>${t}</span></div>`);
    expect(count(html, 'class="sheaf-tab"')).toBe(3);
    expect(html).not.toMatch(/<div [^>]*hidden[^>]* class="sheaf-tab">/);
    for (const t of ['npm i', 'pnpm add', 'yarn add']) expect(html).toContain(`<p>${t}</p>`);
  });

  it('marks the group for the script: data-tabs, data-sync, default index, one button per tab', () => {
    expect(html).toMatch(/^<div data-tabs data-sync data-default-tab="0" class="sheaf-tabs tabs">/);
    expect(count(html, 'role="tab"')).toBe(3);
    expect(html).toContain('data-tab-title="pnpm" aria-selected="false"');
  });

  it('sync={false} drops data-sync; defaultTabIndex selects', () => {
    const off = renderHtml(h(c['Tabs'], { sync: false, defaultTabIndex: '1' }, [h(c['Tab'], { title: 'A' }), h(c['Tab'], { title: 'B' })]));
    expect(off).not.toContain('data-sync');
    expect(off).toContain('data-default-tab="1"');
    expect(off).toContain('data-tab-title="B" aria-selected="true"');
  });
});

describe('CodeGroup', () => {
  it('labels tabs with the code titles and keeps each block whole', () => {
    const html = renderHtml(h(c['CodeGroup'], null, [codeBlock('js', 'index.js', 'a()'), codeBlock('py', 'main.py', 'b()')]));
    expect(html).toContain('<div data-tabs data-sync data-default-tab="0" class="sheaf-code-group code-group">');
    expect(html).toContain('data-tab-title="index.js" aria-selected="true"');
    expect(html).toContain('data-tab-title="main.py" aria-selected="false"');
    expect(count(html, '<pre class="shiki">')).toBe(2);
  });

  it('reads a title from raw HTML and falls back to the language, then to Example N', () => {
    const raw = h('div', {
      class: 'code-block',
      dangerouslySetInnerHTML: { __html: '<div class="code-header"><span class="code-title">a &amp; b.sh</span></div><pre>x</pre>' },
    });
    const untitled = codeBlock('rust', '', 'fn main() {}');
    const bare = h('pre', null, 'plain');
    const html = renderHtml(h(c['CodeGroup'], { dropdown: 'true' }, [raw, untitled, bare]));
    expect(html).toContain('<option value="0" selected data-tab-title="a &amp; b.sh">a &amp; b.sh</option>');
    expect(html).toContain('data-tab-title="rust"');
    expect(html).toContain('data-tab-title="Example 3"');
    expect(html).toMatch(/<select [^>]*class="sheaf-tabs-select">/);
  });

  it('RequestExample, ResponseExample and Panel render into .sheaf-aside wrappers', () => {
    expect(renderHtml(h(c['RequestExample'], null, codeBlock('bash', 'cURL', 'curl')))).toMatch(/^<div data-aside="request" class="sheaf-aside"><div [^>]*class="sheaf-code-group code-group">/);
    expect(renderHtml(h(c['ResponseExample'], null, codeBlock('json', '200', '{}')))).toMatch(/^<div data-aside="response" class="sheaf-aside">/);
    expect(renderHtml(h(c['Panel'], null, p('x')))).toBe('<div data-aside="panel" class="sheaf-aside panel"><p>x</p></div>');
  });

  it('examples inside a Panel join it instead of nesting a second .sheaf-aside', () => {
    const html = renderHtml(h(c['Panel'], null, h(c['RequestExample'], null, codeBlock('bash', 'cURL', 'curl'))));
    expect(html.split('class="sheaf-aside')).toHaveLength(2);
    expect(html).toMatch(/^<div data-aside="panel" class="sheaf-aside panel"><div [^>]*class="sheaf-code-group code-group">/);
  });
});

describe('Accordion and Expandable', () => {
  it('Accordion is a <details> with a <summary>, closed unless defaultOpen', () => {
    const closed = renderHtml(h(c['Accordion'], { title: 'FAQ' }, p('Answer')));
    expect(closed).toMatch(/^<details id="faq" data-anchor class="sheaf-accordion accordion"><summary class="sheaf-accordion-summary">/);
    expect(closed).toContain('<span class="sheaf-accordion-title">FAQ</span>');
    expect(closed).toContain('<p>Answer</p>');
    expect(renderHtml(h(c['Accordion'], { title: 'FAQ', defaultOpen: true }))).toMatch(/^<details id="faq" data-anchor open class="sheaf-accordion accordion">/);
  });

  it('ids come from the page slugger when the renderer passes one', () => {
    const seen = new Map<string, number>();
    const slug = (t: string): string => {
      const base = t.toLowerCase().replace(/\s+/g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return n === 0 ? base : `${base}-${n}`;
    };
    const html = renderHtml(h('div', null, [h(c['Accordion'], { title: 'Same' }), h(c['Accordion'], { title: 'Same' })]), { slug });
    expect(html).toContain('id="same"');
    expect(html).toContain('id="same-1"');
  });

  it('Expandable is a <details>, open with defaultOpen="true"', () => {
    expect(renderHtml(h(c['Expandable'], { title: 'fields' }))).toMatch(/^<details class="sheaf-expandable expandable">/);
    expect(renderHtml(h(c['Expandable'], { defaultOpen: 'true' }))).toMatch(/^<details open class="sheaf-expandable expandable">/);
    expect(renderHtml(h(c['Expandable'], { defaultOpen: 'false' }))).toMatch(/^<details class="sheaf-expandable expandable">/);
  });
});

describe('Steps', () => {
  it('numbers steps in the HTML and continues after an explicit stepNumber', () => {
    const html = renderHtml(h(c['Steps'], null, [h(c['Step'], { title: 'A' }), h(c['Step'], { title: 'B', stepNumber: '5' }), h(c['Step'], { title: 'C' })]));
    expect(html.match(/<span aria-hidden="true" class="sheaf-step-marker">(\d+)<\/span>/g)).toEqual([
      '<span aria-hidden="true" class="sheaf-step-marker">1</span>',
      '<span aria-hidden="true" class="sheaf-step-marker">5</span>',
      '<span aria-hidden="true" class="sheaf-step-marker">6</span>',
    ]);
    expect(html).toMatch(/^<ol class="sheaf-steps steps">/);
  });
});

describe('fields', () => {
  it('ParamField takes its name from query/path/body/header and shows required', () => {
    const html = renderHtml(h(c['ParamField'], { header: 'X-Key', type: 'string', required: true }, 'desc'));
    expect(html).toContain('data-location="header" id="param-x-key"');
    expect(html).toContain('<a href="#param-x-key" class="sheaf-field-name">X-Key</a>');
    expect(html).toContain('<span class="sheaf-field-required">required</span>');
  });
});

describe('Card', () => {
  it('a link card links its title and never nests anchors', () => {
    const html = renderHtml(h(c['Card'], { title: 'Go', href: '/go' }, p('see ', h('a', { href: '/x' }, 'x'))));
    expect(html).toContain('<a href="/go" class="sheaf-card-link">Go</a>');
    expect(html).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<a /);
  });
});

describe('Visibility, Tree, GitHub.Repo', () => {
  it('renders humans content and drops agents content', () => {
    expect(renderHtml(h(c['Visibility'], { for: 'humans' }, p('web')))).toBe('<p>web</p>');
    expect(renderHtml(h(c['Visibility'], { for: 'agents' }, p('md')))).toBe('');
  });

  it('Tree.Folder is a <details> unless openable={false}', () => {
    expect(renderHtml(h(Tree.Folder, { name: 'src', defaultOpen: true }, h(Tree.File, { name: 'a.ts' })))).toMatch(/^<li class="sheaf-tree-folder tree-folder"><details open>/);
    expect(renderHtml(h(Tree.Folder, { name: 'dist', openable: false }))).not.toContain('<details');
  });

  it('GitHub.Repo is a plain link to the repository', () => {
    expect(renderHtml(h(GitHub.Repo, { repo: 'https://github.com/owner/name/' }))).toContain('href="https://github.com/owner/name"');
    expect(renderHtml(h(GitHub.Repo, { repo: '../etc' }))).toBe('');
  });
});
