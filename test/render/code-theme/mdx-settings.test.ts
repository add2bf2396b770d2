import { describe, expect, it } from 'vitest';
import { readCodeBlocksSetting } from '../../../src/config/code-blocks-setting.js';
import type { CustomLanguage } from '../../../src/model/custom-language.js';
import { resolveCodeTheme } from '../../../src/render/code-theme/resolve-code-theme.js';
import { components } from '../../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../../src/render/mdx/index.js';
import { DEFAULT_MDX_SETTINGS, type MdxSiteSettings } from '../../../src/render/mdx/mdx-cache.js';

const render = (source: string, settings: MdxSiteSettings = DEFAULT_MDX_SETTINGS) =>
  renderMdx({ root: '/nonexistent', file: 'page.mdx', source, variables: {}, components, cache: createMdxCache(settings) });

const MATH = 'The identity $e^{i\\pi} + 1 = 0$ is famous.\n\n$$\nE = mc^2\n$$\n';
const FENCE = '```math\nE = mc^2\n```\n';

describe('styling.latex', () => {
  it('absent: math found in the page is rendered with KaTeX (today’s detection)', async () => {
    const body = await render(MATH);
    expect(body.html).toContain('<span class="katex">');
    expect(body.features).toEqual(['math']);
  });

  it('false: no KaTeX at all; the formulas stay as written, a math fence is a code block', async () => {
    const settings = { ...DEFAULT_MDX_SETTINGS, latex: false };
    const body = await render(MATH, settings);
    expect(body.html).toBe('<p>The identity $e^{i\\pi} + 1 = 0$ is famous.</p>\n<p>$$\nE = mc^2\n$$</p>');
    expect(body.features).toEqual([]);
    const fence = await render(FENCE, settings);
    expect(fence.html).not.toMatch(/katex/i);
    expect(fence.html).toContain('<div data-language="math" class="code-block">');
    expect(fence.features).toEqual([]);
  });

  it('true: math is parsed even where detection finds no `$` (a math fence)', async () => {
    const detected = await render(FENCE);
    expect(detected.html).not.toMatch(/katex/i);
    expect(detected.features).toEqual([]);
    const forced = await render(FENCE, { ...DEFAULT_MDX_SETTINGS, latex: true });
    expect(forced.html).toContain('<span class="katex-display">');
    expect(forced.features).toEqual(['math']);
  });
});

describe('styling.codeblocks.languages.custom', () => {
  const grammar = {
    name: 'SheafLang',
    scopeName: 'source.sheaflang',
    aliases: ['sl'],
    patterns: [
      { match: '\\bshout\\b', name: 'keyword.control.sheaflang' },
      { match: '"[^"]*"', name: 'string.quoted.double.sheaflang' },
    ],
  };
  const language: CustomLanguage = { file: 'languages/sheaflang.json', id: 'sheaflang', aliases: ['sl'], grammar: JSON.stringify({ ...grammar, name: 'sheaflang' }) };

  it('highlights a fence in the custom language (and its alias) with the site’s theme', async () => {
    const code = await resolveCodeTheme(readCodeBlocksSetting('dracula'), [language]);
    const settings = { codeTheme: code.mdx };
    const line = '<span class="line"><span style="color:#FF79C6;--shiki-dark:#FF79C6">shout</span><span style="color:#F1FA8C;--shiki-dark:#F1FA8C"> "hi"</span></span>';
    for (const fence of ['sheaflang', 'SheafLang', 'sl']) {
      const body = await render(`\`\`\`${fence}\nshout "hi"\n\`\`\`\n`, settings);
      expect(body.html, fence).toContain(line);
    }
  });

  it('without the grammar the same fence is plain text', async () => {
    const body = await render('```sheaflang\nshout "hi"\n```\n');
    expect(body.html).toContain('<code><span class="line"><span>shout "hi"</span></span></code>');
  });
});
