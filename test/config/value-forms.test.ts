import { describe, expect, it } from 'vitest';
import type { ConfigFileSystem } from '../../src/config/config-fs.js';
import { loadConfig } from '../../src/config/load-config.js';
import { shikiThemes } from '../../src/config/schema/styling.js';
import { contextualOptions } from '../../src/config/schema/site.js';
import { validateConfig } from '../../src/config/validate-config.js';
import { validConfig } from './helpers.js';

/*
 * Issue 17: every value form the settings pages (organize/settings-*.mdx) document loads,
 * including those Mintlify's published schema lacks, and is read into the one form later stages
 * use. Each docs.json below loads with no diagnostic at all.
 */

/** Loads `config` as the docs.json of an in-memory project. */
async function load(config: Record<string, unknown>) {
  const text = JSON.stringify(config, null, 2);
  const fs: ConfigFileSystem = { readText: async (file) => (file === '/p/docs.json' ? text : undefined), listDirectory: async () => [] };
  return loadConfig('/p', { fs });
}

describe('documented value forms', () => {
  it('styling.codeblocks as one Shiki theme name ("dracula"), read as { theme }', async () => {
    const result = await load(validConfig({ styling: { codeblocks: 'dracula' } }));
    expect(result.diagnostics).toHaveLength(0);
    expect(result.output?.config.styling).toEqual({ codeblocks: { theme: 'dracula' } });
  });

  it('styling.codeblocks: every theme bundled with shiki, and css-variables, as the whole value and in the object forms', () => {
    expect(shikiThemes).toHaveLength(66);
    expect(shikiThemes.slice(0, 3)).toEqual(['andromeeda', 'aurora-x', 'ayu-dark']);
    expect(shikiThemes.at(-1)).toBe('css-variables');
    for (const theme of shikiThemes) {
      for (const codeblocks of [theme, { theme }, { theme: { light: theme, dark: theme } }]) {
        const result = validateConfig(validConfig({ styling: { codeblocks } }));
        expect([codeblocks, result.problems]).toEqual([codeblocks, []]);
      }
    }
  });

  it('styling.codeblocks keeps "system", "dark" and the object forms as written', async () => {
    for (const codeblocks of ['system', 'dark', { theme: { light: 'github-light', dark: 'github-dark' } }, { theme: 'nord', languages: { custom: ['/l.json'] } }]) {
      const result = await load(validConfig({ styling: { codeblocks } }));
      expect([codeblocks, result.diagnostics.length, result.output?.config.styling?.codeblocks]).toEqual([codeblocks, 0, codeblocks]);
    }
  });

  it('styling.codeblocks: a name that is no Shiki theme is an error with the closest name', () => {
    const { problems } = validateConfig(validConfig({ styling: { codeblocks: 'draculaa' } }));
    expect(problems.map((p) => [p.code, p.pointer, p.hint])).toEqual([['config/invalid-value', '/styling/codeblocks', 'Did you mean `dracula`?']]);
  });

  it('banner.color as one hex colour, read as { light, dark } (top level and per language)', async () => {
    const banner = { content: 'Hi', color: '#FF5500' };
    const result = await load(validConfig({ banner, navigation: { languages: [{ language: 'en', banner, pages: ['index'] }] } }));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['config/setting-not-rendered']); // the language's own banner
    expect(result.output?.config.banner).toEqual({ content: 'Hi', color: { light: '#FF5500', dark: '#FF5500' } });
    const top = await load(validConfig({ banner: { content: 'Hi', color: '#f50' } }));
    expect(top.diagnostics).toHaveLength(0);
    expect(top.output?.config.banner?.color).toEqual({ light: '#f50', dark: '#f50' });
  });

  it('banner.color: the object form stays, and a colour that is not hex is an error', async () => {
    const result = await load(validConfig({ banner: { content: 'Hi', color: { light: '#ffffff' } } }));
    expect(result.diagnostics).toHaveLength(0);
    expect(result.output?.config.banner?.color).toEqual({ light: '#ffffff' });
    expect(validateConfig(validConfig({ banner: { content: 'Hi', color: 'orange' } })).problems.map((p) => [p.code, p.pointer])).toEqual([
      ['config/invalid-value', '/banner/color'],
    ]);
  });

  it('contextual.options: every built-in option the settings pages list (devin-desktop too), and a custom one', async () => {
    // settings-structure.mdx "Built-in options", in its order.
    const documented = [
      'add-mcp', 'aistudio', 'assistant', 'copy', 'chatgpt', 'claude', 'cursor', 'devin', 'devin-mcp', 'download-pdf',
      'download-spec', 'grok', 'mcp', 'perplexity', 'view', 'vscode', 'devin-desktop',
    ];
    expect(documented.filter((o) => !(contextualOptions as readonly string[]).includes(o))).toEqual([]);
    const custom = { title: 'Ask', description: 'Ask us', icon: 'message', href: { base: 'https://x.test', query: [{ key: 'q', value: '$page' }] } };
    const result = await load(validConfig({ contextual: { options: [...documented, 'windsurf', custom], display: 'toc' } }));
    expect(result.diagnostics).toHaveLength(0);
    expect(result.output?.config.contextual?.options).toHaveLength(19);
  });

  it('fonts with family and a heading override together (settings-appearance.mdx), read as { heading, body }', async () => {
    const result = await load(validConfig({ fonts: { family: 'Inter', heading: { family: 'Playfair Display' } } }));
    expect(result.diagnostics).toHaveLength(0);
    expect(result.output?.config.fonts).toEqual({ heading: { family: 'Playfair Display' }, body: { family: 'Inter' } });
    const alone = await load(validConfig({ fonts: { family: 'Inter', weight: 550 } }));
    expect(alone.output?.config.fonts).toEqual({ family: 'Inter', weight: 550 });
  });

  it('iconType beside icon (navbar links, global links, tabs, anchors, dropdowns, products) is read as icon.style; the style itself is reported as not drawn', async () => {
    const result = await load(
      validConfig({
        navbar: { links: [{ label: 'Blog', href: 'https://x.test', icon: 'rss', iconType: 'solid' }] },
        navigation: {
          global: { tabs: [{ tab: 'Out', href: 'https://x.test', icon: 'link', iconType: 'light' }] },
          products: [
            {
              product: 'P',
              icon: 'box',
              iconType: 'duotone',
              tabs: [{ tab: 'T', icon: { name: 'book', style: 'thin' }, iconType: 'regular', anchors: [{ anchor: 'A', iconType: 'brands', pages: ['index'] }] }],
            },
          ],
        },
      }),
    );
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const config = result.output?.config;
    expect(config?.navbar?.links?.[0]).toEqual({ label: 'Blog', href: 'https://x.test', icon: { name: 'rss', style: 'solid' } });
    expect(config?.navigation.global?.tabs?.[0]).toEqual({ tab: 'Out', href: 'https://x.test', icon: { name: 'link', style: 'light' } });
    const product = config?.navigation.products?.[0];
    expect(product?.icon).toEqual({ name: 'box', style: 'duotone' });
    // The icon's own style wins; iconType without an icon styles nothing.
    expect(product?.tabs?.[0]?.icon).toEqual({ name: 'book', style: 'thin' });
    expect(product?.tabs?.[0]?.anchors?.[0]).toEqual({ anchor: 'A', pages: ['index'] });
    // In the order of docs.json's lines (`validConfig` writes `navigation` before `navbar`).
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['config/setting-not-rendered', '/navigation/global/tabs/0/iconType'],
      ['config/setting-not-rendered', '/navigation/products/0/iconType'],
      ['config/setting-not-rendered', '/navigation/products/0/tabs/0/icon/style'],
      ['config/setting-not-rendered', '/navigation/products/0/tabs/0/iconType'],
      ['config/setting-not-rendered', '/navigation/products/0/tabs/0/anchors/0/iconType'],
      ['config/setting-not-rendered', '/navbar/links/0/iconType'],
    ]);
  });

  it('iconType must be a Font Awesome style', () => {
    const { problems } = validateConfig(validConfig({ navbar: { links: [{ label: 'B', href: 'https://x.test', icon: 'rss', iconType: 'bold' }] } }));
    expect(problems.map((p) => p.code)).toEqual(['config/invalid-value']);
  });

  it('one docs.json with every form above that Sheaf draws loads with no diagnostic', async () => {
    const result = await load(
      validConfig({
        styling: { codeblocks: 'github-dark', latex: false, eyebrows: 'breadcrumbs' },
        banner: { content: 'New', color: '#123456', dismissible: true },
        contextual: { options: ['devin-desktop', 'copy', 'view'], display: 'header' },
        fonts: { family: 'Inter', body: { family: 'Open Sans', weight: 400 } },
        metadata: { timestamp: true },
        seo: { indexing: 'all', organization: { name: 'Acme', sameAs: ['https://x.test/acme'] } },
        markdown: { instructions: ['Be brief.', 'Cite pages.'], schema: false },
        errors: { '404': { redirect: false, title: 'Lost', description: 'Go **home**.' } },
        interaction: { drilldown: true },
        background: { decoration: 'windows', image: '/bg.png' },
        thumbnails: { appearance: 'dark', background: '/thumb.png', fonts: { family: 'Inter' } },
        api: { url: 'full', params: { post: ['nullable'] }, playground: { display: 'simple' } },
      }),
    );
    expect(result.diagnostics).toHaveLength(0);
  });
});
