import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RenderedBody } from '../../../src/model/render.js';
import { expectGoldens, FIXTURES, renderFixture, where } from './run-fixture.js';

const NAMES = readdirSync(FIXTURES).filter((n) => n.startsWith('mdx-')).sort();
const FILE: Readonly<Record<string, string>> = { 'mdx-snippet-imports': 'guides/page.mdx' };

const results = new Map<string, Promise<RenderedBody>>();
const run = (name: string) => {
  let r = results.get(name);
  if (!r) results.set(name, (r = renderFixture(name, FILE[name])));
  return r;
};
const diagnostics = async (name: string) => (await run(name)).diagnostics.map(where);

describe('MDX fixture goldens (UPDATE=1 rewrites expected.html and expected.md; read the diff before committing)', () => {
  it.each(NAMES)('%s', async (name) => {
    expectGoldens(name, await run(name));
  });
});

describe('good input gives no diagnostics', () => {
  it.each(['mdx-markdown-basics', 'mdx-code-blocks', 'mdx-math', 'mdx-snippet-imports', 'mdx-authoring-leniency', 'mdx-visibility', 'mdx-aside'])(
    '%s',
    async (name) => {
      expect(await diagnostics(name)).toEqual([]);
    },
  );
});

describe('Markdown', () => {
  it('gives h2–h4 unique ids and anchors, in order', async () => {
    const body = await run('mdx-markdown-basics');
    expect(body.headings).toEqual([
      { depth: 2, text: 'Install', id: 'install' },
      { depth: 2, text: 'Install', id: 'install-1' },
      { depth: 3, text: 'Deep dive', id: 'deep-dive' },
    ]);
    expect(body.html).toContain('<h2 id="install-1">Install<a class="heading-anchor" href="#install-1" aria-label="Link to this section">#</a></h2>');
    expect(body.html).toContain('<h1>A level-one heading</h1>');
  });

  it('cuts the text into sections at headings, the intro first', async () => {
    const body = await run('mdx-markdown-basics');
    expect(body.sections.map((s) => [s.anchor, s.heading])).toEqual([
      ['', ''],
      ['install', 'Install'],
      ['install-1', 'Install'],
      ['deep-dive', 'Deep dive'],
    ]);
    expect(body.sections[0]?.text).toBe('Welcome to Sheaf, with inline code, strike and a guide link.');
    expect(body.sections[2]?.text).toBe('Name Value a 1 A level-one heading');
  });

  it('leaves links and images as written, and titles the Markdown copy', async () => {
    const body = await run('mdx-markdown-basics');
    expect(body.html).toContain('<a href="/guides/start">guide</a>');
    expect(body.html).toContain('<img src="/images/diagram.png" alt="Diagram">');
    expect(body.markdown.startsWith('# Getting started\n\nWelcome to **Sheaf**')).toBe(true);
    expect(body.features).toEqual([]);
  });
});

describe('code blocks', () => {
  it('renders the code-block markup with title, highlighted lines, numbers and wrap', async () => {
    const { html } = await run('mdx-code-blocks');
    expect(html).toContain(
      '<div data-language="python" class="code-block"><div class="code-header"><span class="code-title">example.py</span><button type="button" aria-label="Copy code" class="copy-button code-block-copy-button">Copy</button></div><pre class="shiki"',
    );
    const python = html.slice(html.indexOf('data-language="python"'), html.indexOf('data-language="javascript"'));
    expect(python.match(/<span class="line highlighted">/g)).toHaveLength(3);
    expect(python).toContain('&#x3C;!-- not a comment to remove -->');
    expect(html).toMatch(/<pre class="shiki" style="[^"]*--shiki-dark[^"]*" tabindex="0" data-line-numbers="" data-wrap="">/);
    expect(html).toContain('<span class="code-title">utils/hello.js</span>');
    expect(html).toContain('<div data-language="notalanguage" class="code-block">');
    expect(html).toContain('<div data-language="text" class="code-block"><div class="code-header"><span class="code-title"></span>');
    expect(html).toContain('<code>&#x3C;!-- kept --></code>');
  });

  it('keeps CodeGroup children as code blocks titled by their meta', async () => {
    const { html } = await run('mdx-code-blocks');
    expect(html).toMatch(/<div class="code-group"><div data-language="bash" class="code-block"><div class="code-header"><span class="code-title">npm<\/span>/);
    expect(html).toContain('<span class="code-title">pnpm</span>');
  });

  it('turns mermaid blocks into pre.mermaid and asks for the mermaid feature', async () => {
    const body = await run('mdx-code-blocks');
    expect(body.html).toContain('<pre class="mermaid">graph TD\n  A --> B</pre>');
    expect(body.features).toEqual(['mermaid']);
    expect(body.markdown).toContain('```python example.py {1,3-4}\nimport os');
  });
});

describe('math', () => {
  it('renders $…$ and $$…$$ with KaTeX and asks for the math feature', async () => {
    const body = await run('mdx-math');
    expect(body.features).toEqual(['math']);
    expect(body.html).toContain('<span class="katex">');
    expect(body.html).toContain('<span class="katex-display">');
    expect(body.markdown).toBe('The identity $e^{i\\pi} + 1 = 0$ is famous.\n\n$$\nE = mc^2\n$$\n');
  });
});

describe('variables', () => {
  it('replaces known variables everywhere and reports unknown ones outside code, once each', async () => {
    const body = await run('mdx-variables');
    expect(body.html).toContain('<p>Sheaf costs $0.</p>');
    expect(body.html).toContain('<strong>Sheaf card</strong>Try Sheaf.');
    expect(body.html).toContain('Unknown: {{missing}} and {{api-url}}.');
    expect(body.markdown.startsWith('# About Sheaf\n')).toBe(true);
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/unknown-variable', 'page.mdx', 9, 10],
      ["mdx/unknown-variable", "page.mdx", 9, 26],
    ]);
    expect(body.diagnostics[0]?.severity).toBe('warning');
    expect(body.diagnostics[0]?.message).toBe('`{{missing}}` names no docs.json variable; it is shown as written.');
  });
});

describe('snippets', () => {
  it('renders MDX snippets with props, exported constants, relative and nested imports, and JSX components', async () => {
    const body = await run('mdx-snippet-imports');
    expect(body.html).toContain('<p>Hello, my word is <strong>bananas</strong> (3 times, ).</p>');
    expect(body.html).toContain('<p>Sheaf since 2026, page-2026.</p>');
    expect(body.html).toContain('<p>Inner says hi to outer.</p>\n<div class="callout note">A note inside a nested snippet.</div>');
    expect(body.html).toContain('<span data-label="new" class="badge">Fresh!</span> and <button type="button">Count: 2</button>');
  });

  it('counts snippet headings as page headings and inlines snippets in the Markdown copy', async () => {
    const body = await run('mdx-snippet-imports');
    expect(body.headings).toEqual([{ depth: 2, text: 'From the greeting', id: 'from-the-greeting' }]);
    expect(body.markdown).toContain('Hello, my word is **bananas** (3 times, ).\n\n## From the greeting\n\nSheaf since 2026, page-2026.');
    expect(body.markdown).toContain('> **Note:** A note inside a nested snippet.');
  });

  it('inlines legacy <Snippet file> from _snippets/, then snippets/', async () => {
    const body = await run('mdx-legacy-snippet');
    expect(body.html).toBe(
      '<p>Before.</p>\n<p>Need help? Ask on <a href="https://discord.gg/x">Discord</a>.</p>\n<p>Only in <code>snippets/</code>.</p>',
    );
    expect(body.markdown).toBe('Before.\n\nNeed help? Ask on [Discord](https://discord.gg/x).\n\nOnly in `snippets/`.\n');
  });
});

describe('Visibility and the aside', () => {
  it('shows humans content on the web and agents content in the Markdown copy', async () => {
    const body = await run('mdx-visibility');
    expect(body.html).toContain('Only people on the web see this.');
    expect(body.html).not.toContain('Only agents');
    expect(body.markdown).toContain('Only agents read this in Markdown.');
    expect(body.markdown).not.toContain('Only people');
    expect(body.markdown).toContain('> **Note:** A note is a blockquote in Markdown.');
  });

  it('moves top-level RequestExample and ResponseExample to the aside, in order; nested ones stay', async () => {
    const body = await run('mdx-aside');
    expect(body.aside?.match(/class="(request|response)-example"/g)).toEqual(['class="request-example"', 'class="response-example"']);
    expect(body.html).toContain('<section data-title="Nested" class="tab"><div class="request-example">');
    expect(body.html).not.toContain('curl');
    expect(body.sections.map((s) => s.text)).toEqual(['Body text. bash stays in the article']);
  });
});
