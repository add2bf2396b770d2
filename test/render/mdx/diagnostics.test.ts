import { describe, expect, it } from 'vitest';
import { renderFixture, where } from './run-fixture.js';

describe('mdx diagnostics, with the page still rendered', () => {
  it("'mdx/syntax': placed in the file as written (frontmatter counted), then a plain-Markdown render", async () => {
    const body = await renderFixture('mdx-syntax-error');
    expect(body.diagnostics.map(where)).toEqual([['mdx/syntax', 'page.mdx', 7, 17]]);
    expect(body.diagnostics[0]?.severity).toBe('error');
    expect(body.diagnostics[0]?.hint).toContain('`\\<`');
    expect(body.html).toContain('<p>Values must be &#x3C;5 per second.</p>');
    expect(body.html).toContain('This note is still shown as text.');
    expect(body.headings.map((h) => h.id)).toEqual(['limits']);
  });

  it("'mdx/runtime': ESM that throws fails the module, then a plain-Markdown render", async () => {
    const body = await renderFixture('mdx-runtime-error');
    expect(body.diagnostics.map(where)).toEqual([['mdx/runtime', 'page.mdx', undefined, undefined]]);
    expect(body.diagnostics[0]?.severity).toBe('error');
    // An error of the page's own, not one of V8's messages (those differ between Node 20 and 24).
    expect(body.diagnostics[0]?.message).toBe('Rendering failed: the limits are not configured');
    expect(body.html).toContain('call it with {limits.rate} directly.');
  });

  it("'mdx/expression-failed': each failing expression is a warning at its place and costs only itself", async () => {
    const body = await renderFixture('mdx-expression-failed');
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/expression-failed', 'page.mdx', 13, 24],
      ['mdx/expression-failed', 'page.mdx', 15, 31],
      ['mdx/expression-failed', 'page.mdx', 17, 7],
      ['mdx/expression-failed', 'page.mdx', 21, 1],
      ['mdx/expression-failed', 'snippets/settings.mdx', 1, 39],
    ]);
    expect(body.diagnostics.map((d) => d.severity)).toEqual(['warning', 'warning', 'warning', 'warning', 'warning']);
    expect(body.diagnostics.map((d) => d.message)).toEqual([
      'The expression `{mem0_dir}` reads `mem0_dir`, which nothing defines; it is shown as written and the rest of the page renders.',
      "The expression `{user.profile.id}` failed: Cannot read properties of undefined (reading 'id'); it is shown as written and the rest of the page renders.",
      'The value of `title` (`{heading}`) reads `heading`, which nothing defines; the attribute is left out and the rest of the page renders.',
      'The expression `{ID}` reads `ID`, which nothing defines; it is shown as written and the rest of the page renders.',
      "The expression `{options.level}` failed: Cannot read properties of undefined (reading 'level'); it is shown as written and the rest of the page renders.",
    ]);
    expect(body.diagnostics[0]?.hint).toBe('define it (`export const mem0_dir = …`), or write `\\{mem0_dir}` for literal braces');
    // The rest renders in full: the export, the component, the snippet and its code block.
    expect(body.html).toContain('<td>"{mem0_dir}/history.db"</td>');
    expect(body.html).toContain('<p>Hello Ada, your id is {user.profile.id}.</p>');
    expect(body.html).toContain('<div class="callout note">The note body stays.</div>');
    expect(body.html).toContain('<p>Settings live in <code>{path}</code>: /etc and {options.level}.</p>');
    expect(body.html).toContain('<span class="code-title">Install</span>');
    expect(body.html).toContain('\n{ID}\n<h2 id="after">');
  });

  it("'mdx/unknown-component': once per name, with the nearest known names; children kept", async () => {
    const body = await renderFixture('mdx-unknown-component');
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/unknown-component', 'page.mdx', 8, 1],
      ['mdx/unknown-component', 'page.mdx', 10, 8],
      ['mdx/unknown-component', 'page.mdx', 16, 5],
      ['mdx/unknown-component', 'page.mdx', 22, 1],
      ['mdx/unknown-component', 'page.mdx', 2, 3],
    ]);
    expect(body.diagnostics.map((d) => d.hint)).toEqual([
      'did you mean `Note`?',
      'import it from a snippet (`import { Name } from "/snippets/name.jsx"`) or use a built-in component',
      'did you mean `Tree.Folder`?',
      'did you mean `Warning` or `Card`?',
      'import it from a snippet (`import { Name } from "/snippets/name.jsx"`) or use a built-in component',
    ]);
    expect(body.diagnostics[0]?.severity).toBe('warning');
    expect(body.html).toContain('<div data-component="Nte" class="unknown-component">Close to Note.</div>');
    expect(body.html).toContain('<span data-component="Gadget" class="unknown-component">gadget</span>');
    expect(body.html).toContain('<li class="folder">src<ul>');
    // JSX inside `export const` is checked too, so MDX does not throw for `<Missing>`.
    expect(body.html).toContain('<div data-component="Missing" class="unknown-component"><div class="callout note">Wrapped.</div></div>');
  });

  it("'mdx/snippet-not-found': imports and legacy <Snippet>, with did-you-mean", async () => {
    const missing = await renderFixture('mdx-snippet-not-found');
    expect(missing.diagnostics.map(where)).toEqual([
      ['mdx/snippet-not-found', 'page.mdx', 1, 19],
      ['mdx/snippet-not-found', 'page.mdx', 2, 23],
    ]);
    expect(missing.diagnostics[0]?.hint).toBe('did you mean `/snippets/intro.mdx`?');
    expect(missing.html).toBe('<p>Still rendered. </p>');
    const legacy = await renderFixture('mdx-legacy-snippet');
    expect(legacy.diagnostics.map(where)).toEqual([
      ['mdx/snippet-not-found', 'page.mdx', 7, 1],
      ['mdx/snippet-not-found', 'page.mdx', 9, 1],
    ]);
    expect(legacy.diagnostics[0]?.hint).toBe('did you mean `get-help.mdx`?');
  });

  it("'mdx/import-outside-project': absolute and relative escapes are not read", async () => {
    const body = await renderFixture('mdx-import-outside-project');
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/import-outside-project', 'page.mdx', 1, 20],
      ['mdx/import-outside-project', 'page.mdx', 2, 16],
    ]);
    expect(body.html).toBe('<p>Text stays. </p>');
  });

  it("'mdx/unsupported-import': packages other than react render nothing; react is served by preact", async () => {
    const body = await renderFixture('mdx-unsupported-import');
    expect(body.diagnostics.map(where)).toEqual([['mdx/unsupported-import', 'page.mdx', 1, 20]]);
    expect(body.diagnostics[0]?.severity).toBe('warning');
    expect(body.html).toBe('<p>Still here.</p>');
  });

  it("'mdx/import-cycle': reported where the cycle closes; the rest renders", async () => {
    const body = await renderFixture('mdx-import-cycle');
    expect(body.diagnostics.map(where)).toEqual([['mdx/import-cycle', 'snippets/b.mdx', 1, 15]]);
    expect(body.markdown).toBe('A then B then\n');
  });

  it("'mdx/missing-export': a named import the snippet does not export", async () => {
    const body = await renderFixture('mdx-missing-export');
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/missing-export', 'page.mdx', 1, 18],
      ['mdx/missing-export', 'page.mdx', 2, 8],
    ]);
    expect(body.diagnostics.map((d) => d.hint)).toEqual(['did you mean `Button`?', 'it exports `Button`']);
    expect(body.html).toBe('<p>A <button>ok</button> and  and .</p>');
  });

  it('snippet problems are reported on the snippet file; the page keeps the rest', async () => {
    const body = await renderFixture('mdx-snippet-errors');
    expect(body.diagnostics.map(where)).toEqual([
      ['mdx/syntax', 'snippets/bad.mdx', 1, 21],
      ['mdx/syntax', 'snippets/widget.jsx', 2, 1],
      // Snippet render errors are reported as they happen; expressions once the render has succeeded.
      ['mdx/runtime', 'snippets/broken.jsx', undefined, undefined],
      ['mdx/expression-failed', 'snippets/throws.mdx', 1, 8],
    ]);
    expect(body.diagnostics[2]?.hint).toBe('the snippet renders nothing until this is fixed');
    expect(body.html).toBe('<p>Page text.</p>\n<p>Value: {config.name}</p>\n<p>Bad snippet with a &#x3C;5 in it.</p>\n<p>After.</p>');
  });
});
