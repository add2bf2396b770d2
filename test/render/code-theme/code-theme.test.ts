import { describe, expect, it } from 'vitest';
import { readCodeBlocksSetting } from '../../../src/config/code-blocks-setting.js';
import { codeSurfaceCss } from '../../../src/render/code-theme/code-surface-css.js';
import { resolveCodeTheme } from '../../../src/render/code-theme/resolve-code-theme.js';
import { components } from '../../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { withSameDark } from '../../../src/render/mdx/code/highlight-code.js';
import { highlightCode } from '../../../src/render/operation/code-samples/highlight/highlight-code.js';
import { DEFAULT_PALETTE } from '../../../src/render/operation/code-samples/highlight/palette.js';
import { renderSamplesPanel } from '../../../src/render/operation/code-samples/index.js';

const theme = (value: unknown) => resolveCodeTheme(readCodeBlocksSetting(value));

/** The `<pre …>` of the first code block and its first line, as rendered from an MDX page. */
async function firstBlock(value: unknown, source = '```js\nconst a = "x";\n```\n'): Promise<string> {
  const code = await theme(value);
  const body = await renderMdx({ root: '/nonexistent', file: 'page.mdx', source, variables: {}, components, cache: createMdxCache({ codeTheme: code.mdx }) });
  return /<pre[^>]*>.*?<\/span><\/span>/s.exec(body.html)?.[0] ?? '';
}

describe('resolveCodeTheme: colours from shiki’s bundled themes', () => {
  it('the default (absent, "system") gives the colours the samples had before themes, and no surface', async () => {
    for (const value of [undefined, 'system']) {
      const t = await theme(value);
      expect(t.palette).toEqual(DEFAULT_PALETTE);
      expect(t.surface).toBeUndefined();
      expect(t.mdx).toEqual({ light: 'github-light', dark: 'github-dark', languages: [], key: '' });
      expect(codeSurfaceCss(t)).toBe('');
    }
  });

  it('"dracula" (one theme): the same colours in both modes, on its background', async () => {
    const t = await theme('dracula');
    expect(t.palette.colours).toEqual({
      keyword: ['#FF79C6', '#FF79C6'],
      string: ['#F1FA8C', '#F1FA8C'],
      constant: ['#BD93F9', '#BD93F9'],
      property: ['#8BE9FD', '#8BE9FD'],
      comment: ['#6272A4', '#6272A4'],
      function: ['#50FA7B', '#50FA7B'],
      variable: ['#F8F8F2', '#F8F8F2'],
      tag: ['#FF79C6', '#FF79C6'],
      attribute: ['#50FA7B', '#50FA7B'],
    });
    expect(t.palette.preStyle).toBe('background-color:#282A36;--shiki-dark-bg:#282A36;color:#F8F8F2;--shiki-dark:#F8F8F2');
    expect(t.surface).toEqual({ light: { bg: '#282A36', fg: '#F8F8F2' }, dark: { bg: '#282A36', fg: '#F8F8F2' } });
    expect(t.mdx.key).toMatch(/^[0-9a-f]{24}$/);
  });

  it('a pair (one-light / one-dark-pro): each mode its theme’s colours', async () => {
    const t = await theme({ theme: { light: 'one-light', dark: 'one-dark-pro' } });
    expect(t.palette.colours.keyword).toEqual(['#A626A4', '#C678DD']);
    expect(t.palette.colours.string).toEqual(['#50A14F', '#98C379']);
    expect(t.palette.preStyle).toBe('background-color:#FAFAFA;--shiki-dark-bg:#282c34;color:#383A42;--shiki-dark:#abb2bf');
    expect(t.surface).toEqual({ light: { bg: '#FAFAFA', fg: '#383A42' }, dark: { bg: '#282c34', fg: '#abb2bf' } });
  });

  it('"dark": GitHub’s dark theme in both modes; the GitHub pair chosen by name keeps the default colours on their own backgrounds', async () => {
    const dark = await theme('dark');
    expect(dark.mdx).toMatchObject({ light: 'github-dark', dark: 'github-dark' });
    expect(dark.palette.colours.keyword).toEqual(['#F97583', '#F97583']);
    expect(dark.surface).toEqual({ light: { bg: '#24292e', fg: '#e1e4e8' }, dark: { bg: '#24292e', fg: '#e1e4e8' } });
    const pair = await theme({ theme: { light: 'github-light', dark: 'github-dark' } });
    expect(pair.palette).toEqual(DEFAULT_PALETTE);
    expect(pair.surface).toEqual({ light: { bg: '#fff', fg: '#24292e' }, dark: { bg: '#24292e', fg: '#e1e4e8' } });
  });

  it('css-variables: colours are the CSS variables shiki documents, given back from its placeholders', async () => {
    const t = await theme('css-variables');
    expect(t.palette.colours.keyword).toEqual(['var(--shiki-token-keyword)', 'var(--shiki-token-keyword)']);
    expect(t.palette.preStyle).toBe('background-color:var(--shiki-background);--shiki-dark-bg:var(--shiki-background);color:var(--shiki-foreground);--shiki-dark:var(--shiki-foreground)');
  });

  it('a name shiki does not know gives the default themes and surface', async () => {
    const t = await theme('no-such-theme');
    expect(t.palette).toEqual(DEFAULT_PALETTE);
    expect(t.surface).toBeUndefined();
    expect(t.mdx.key).toBe('');
  });

  it('the key tells themes and grammars apart', async () => {
    const keys = await Promise.all(['dracula', 'nord', 'dark', { theme: { light: 'one-light', dark: 'one-dark-pro' } }].map(async (v) => (await theme(v)).mdx.key));
    expect(new Set(keys).size).toBe(4);
    const grammar = { file: 'l.json', id: 'l', aliases: [], grammar: '{}' };
    const withGrammar = await resolveCodeTheme(readCodeBlocksSetting('dracula'), [grammar]);
    expect(withGrammar.mdx.key).not.toBe(keys[0]);
    expect((await resolveCodeTheme(readCodeBlocksSetting(undefined), [grammar])).mdx.key).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('codeSurfaceCss', () => {
  it('sets the code surface variables per mode, then the rules that read them', async () => {
    const css = codeSurfaceCss(await theme({ theme: { light: 'one-light', dark: 'one-dark-pro' } }));
    expect(css.split('\n').slice(0, 3)).toEqual([
      '/* docs.json styling.codeblocks: one-light / one-dark-pro */',
      ':root{--sheaf-code-bg:#FAFAFA;--sheaf-code-fg:#383A42}',
      'html.dark{--sheaf-code-bg:#282c34;--sheaf-code-fg:#abb2bf}',
    ]);
    expect(css).toContain('.code-block,.sheaf-code-group[data-enhanced]{background:var(--sheaf-code-bg);');
    expect(css.split('\n').filter((l) => l.includes('{')).length).toBe(10);
  });
});

describe('MDX code blocks follow styling.codeblocks', () => {
  it('default: the GitHub pair, byte for byte as before themes', async () => {
    expect(await firstBlock(undefined)).toBe(
      '<pre class="shiki" style="background-color:#fff;--shiki-dark-bg:#24292e;color:#24292e;--shiki-dark:#e1e4e8" tabindex="0"><code><span class="line"><span style="color:#D73A49;--shiki-dark:#F97583">const</span><span style="color:#005CC5;--shiki-dark:#79B8FF"> a</span><span style="color:#D73A49;--shiki-dark:#F97583"> =</span><span style="color:#032F62;--shiki-dark:#9ECBFF"> "x"</span><span style="color:#24292E;--shiki-dark:#E1E4E8">;</span></span>',
    );
  });

  it('"dracula": tokenized once, each colour the same in dark mode', async () => {
    expect(await firstBlock('dracula')).toBe(
      '<pre class="shiki" style="background-color:#282A36;--shiki-dark-bg:#282A36;color:#F8F8F2;--shiki-dark:#F8F8F2" tabindex="0"><code><span class="line"><span style="color:#FF79C6;--shiki-dark:#FF79C6">const</span><span style="color:#F8F8F2;--shiki-dark:#F8F8F2"> a </span><span style="color:#FF79C6;--shiki-dark:#FF79C6">=</span><span style="color:#E9F284;--shiki-dark:#E9F284"> "</span><span style="color:#F1FA8C;--shiki-dark:#F1FA8C">x</span><span style="color:#E9F284;--shiki-dark:#E9F284">"</span><span style="color:#F8F8F2;--shiki-dark:#F8F8F2">;</span></span>',
    );
  });

  it('a pair: light colour inline, dark in --shiki-dark', async () => {
    expect(await firstBlock({ theme: { light: 'one-light', dark: 'one-dark-pro' } })).toBe(
      '<pre class="shiki" style="background-color:#FAFAFA;--shiki-dark-bg:#282c34;color:#383A42;--shiki-dark:#abb2bf" tabindex="0"><code><span class="line"><span style="color:#A626A4;--shiki-dark:#C678DD">const</span><span style="color:#986801;--shiki-dark:#E5C07B"> a</span><span style="color:#0184BC;--shiki-dark:#56B6C2"> =</span><span style="color:#50A14F;--shiki-dark:#98C379"> "x"</span><span style="color:#383A42;--shiki-dark:#ABB2BF">;</span></span>',
    );
  });

  it('withSameDark twins colour and background declarations only', () => {
    expect(withSameDark('color:#FF79C6;font-style:italic')).toBe('color:#FF79C6;--shiki-dark:#FF79C6;font-style:italic');
    expect(withSameDark('background-color:#282A36;color:#F8F8F2')).toBe('background-color:#282A36;--shiki-dark-bg:#282A36;color:#F8F8F2;--shiki-dark:#F8F8F2');
  });
});

describe('API code samples follow styling.codeblocks', () => {
  it('token colours from the theme’s palette; the fast tokenizer unchanged', async () => {
    const t = await theme('dracula');
    expect(highlightCode('{"id": 1}', 'json', t.palette)).toBe(
      '<span class="line">{<span style="color:#8BE9FD;--shiki-dark:#8BE9FD">&quot;id&quot;</span>: <span style="color:#BD93F9;--shiki-dark:#BD93F9">1</span>}</span>',
    );
    const pair = await theme({ theme: { light: 'one-light', dark: 'one-dark-pro' } });
    expect(highlightCode('import x', 'python', pair.palette)).toBe('<span class="line"><span style="color:#A626A4;--shiki-dark:#C678DD">import</span> x</span>');
  });

  it('the panel’s pre carries the theme’s style', async () => {
    const t = await theme('dracula');
    const html = renderSamplesPanel([{ label: 'cURL', language: 'bash', code: 'curl x' }], [], t.palette);
    expect(html).toContain('<pre class="shiki" style="background-color:#282A36;--shiki-dark-bg:#282A36;color:#F8F8F2;--shiki-dark:#F8F8F2" tabindex="0"><code><span class="line"><span style="color:#50FA7B;--shiki-dark:#50FA7B">curl</span> x</span></code></pre>');
    expect(renderSamplesPanel([{ label: 'cURL', language: 'bash', code: 'curl x' }], [])).toContain(`style="${DEFAULT_PALETTE.preStyle}"`);
  });
});
