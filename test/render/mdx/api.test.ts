import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { ComponentContext } from '../../../src/render/components/index.js';
import * as api from '../../../src/render/mdx/index.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { useContext } from 'preact/hooks';
import { renderFixture } from './run-fixture.js';
import { testComponents } from './test-components.js';

/** A throwaway project folder with the given files. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-mdx-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const render = (root: string, file: string, source: string, extra: Partial<Parameters<typeof renderMdx>[0]> = {}) =>
  renderMdx({ root, file, source, variables: {}, components: testComponents, ...extra });

describe('the mdx module', () => {
  it('exports exactly its API', () => {
    expect(Object.keys(api).sort()).toEqual(['createMdxCache', 'renderMdx']);
  });

  it('gives the same bytes for the same input, with a fresh or a shared cache', async () => {
    const a = await renderFixture('mdx-snippet-imports', 'guides/page.mdx');
    const b = await renderFixture('mdx-snippet-imports', 'guides/page.mdx');
    expect(b).toEqual(a);
    const root = project({ 'snippets/s.mdx': 'Shared {x}.\n\n```js\nlet a = 1\n```' });
    const cache = createMdxCache();
    const source = 'import S from "/snippets/s.mdx"\n\n<S x="1" />';
    const first = await render(root, 'a.mdx', source, { cache });
    expect(await render(root, 'b.mdx', source, { cache })).toEqual(first);
    expect(await render(root, 'a.mdx', source)).toEqual(first);
  });

  it('renders pages concurrently without deadlock when their snippets import each other', async () => {
    const root = project({
      'snippets/a.mdx': 'import B from "./b.mdx"\n\nA <B />',
      'snippets/b.mdx': 'import A from "./a.mdx"\n\nB <A />',
    });
    const cache = createMdxCache();
    const [one, two] = await Promise.all([
      render(root, 'one.mdx', 'import A from "/snippets/a.mdx"\n\n<A />', { cache }),
      render(root, 'two.mdx', 'import B from "/snippets/b.mdx"\n\n<B />', { cache }),
    ]);
    expect(one?.diagnostics.map((d) => d.code)).toEqual(['mdx/import-cycle']);
    expect(two?.diagnostics.map((d) => d.code)).toEqual(['mdx/import-cycle']);
  });

  it('never throws: odd input gives a body and diagnostics', async () => {
    const root = project({});
    for (const source of ['', '\u0000\u0001<<<', '{', '<A><B></A>', '---\ntitle: [unclosed\n---\n# x', 'export default 1\n\nx']) {
      const body = await render(root, 'odd.mdx', source);
      expect(body.diagnostics.filter((d) => d.code === 'internal/error')).toEqual([]);
      expect(typeof body.html).toBe('string');
    }
  });

  it('passes component settings and a per-page slugger through ComponentContext', async () => {
    const Probe = () => {
      const settings = useContext(ComponentContext);
      return h('h2', { id: settings.slug?.('Same') }, `${settings.iconLibrary} ${settings.slug?.('Same')}`);
    };
    const body = await render(project({}), 'p.mdx', '<Probe />\n\n## Same', {
      components: { ...testComponents, Probe },
      componentSettings: { iconLibrary: 'lucide' },
    });
    // The component's own h2 keeps the id it took from the slugger; the page's `## Same` goes on
    // to `same-1`. Only the heading written in the document is in the table of contents.
    expect(body.html).toBe('<h2 id="same">lucide same-1</h2>\n<h2 id="same-1">Same<a class="heading-anchor" href="#same-1" aria-label="Link to this section">#</a></h2>');
    expect(body.headings).toEqual([{ depth: 2, text: 'Same', id: 'same-1' }]);
  });

  it('collects math and mermaid from snippets into the page features', async () => {
    const root = project({ 'snippets/m.mdx': 'Inline $x$.\n\n```mermaid\nA-->B\n```' });
    const body = await render(root, 'p.mdx', 'import M from "/snippets/m.mdx"\n\n<M />');
    expect(body.features).toEqual(['math', 'mermaid']);
    expect(body.diagnostics).toEqual([]);
  });
});

describe('variables on good input', () => {
  it('reports nothing when every {{name}} outside code is defined', async () => {
    const source = '---\ntitle: "{{a}}"\n---\n{{a}} and {{b-c}}.\n\n```yaml\nx: ${{ secrets.TOKEN }} {{undefinedInCode}}\n```\n';
    const body = await render(project({}), 'v.mdx', source, { variables: { a: 'A', 'b-c': 'BC' } });
    expect(body.diagnostics).toEqual([]);
    expect(body.html.startsWith('<p>A and BC.</p>')).toBe(true);
    expect(body.markdown.startsWith('# A\n\nA and BC.')).toBe(true);
  });
});
