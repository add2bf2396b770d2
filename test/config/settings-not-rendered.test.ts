import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigFileSystem } from '../../src/config/config-fs.js';
import { loadConfig } from '../../src/config/load-config.js';
import { settingsNotRendered } from '../../src/config/settings-not-rendered.js';
import { settingsTable, type SettingRow } from '../../src/config/settings-table.js';
import { fixture, loadFixture, validConfig } from './helpers.js';

/*
 * Issue 17, "nothing is ever ignored silently": `config/setting-not-rendered` is an info at each
 * place a docs.json asks for something the settings table says Sheaf does not render, naming it
 * and saying what the site does instead; never for an honoured setting.
 */

const HINT = 'The site builds without it. Sheaf’s README lists what it does with each docs.json setting (“docs.json settings”).';

async function load(text: string) {
  const fs: ConfigFileSystem = { readText: async (file) => (file === '/p/docs.json' ? text : undefined), listDirectory: async () => [] };
  return loadConfig('/p', { fs });
}

describe('config/setting-not-rendered', () => {
  it('every one of the nine themes is drawn: no diagnostic for `theme`', async () => {
    for (const theme of ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia']) {
      const result = await load(`{\n  "theme": "${theme}",\n  "name": "M",\n  "colors": { "primary": "#0D9373" },\n  "navigation": { "pages": ["index"] }\n}\n`);
      expect(result.output?.config.theme).toBe(theme);
      expect(result.diagnostics).toEqual([]);
    }
  });

  it('a not-yet setting where it is set: a group’s boost', async () => {
    const result = await load(JSON.stringify(validConfig({ navigation: { groups: [{ group: 'G', boost: 2, pages: ['index'] }] } }), null, 2));
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.pointer, d.message])).toEqual([
      [
        'config/setting-not-rendered', 'info', 11, '/navigation/groups/0/boost',
        '`navigation.groups[0].boost` is not rendered by Sheaf yet. Search ranks the group’s pages like every other page.',
      ],
    ]);
  });

  it('partial settings, only where docs.json asks for the missing part', () => {
    const config = validConfig({
      api: { playground: { display: 'auth' } },
      markdown: { schema: true },
      navbar: { links: [{ type: 'github', href: 'https://github.com/x' }, { label: 'Plain', href: 'https://x.test' }], primary: { type: 'discord', href: 'https://discord.gg/x' } },
      navigation: {
        global: { anchors: [{ anchor: 'S', href: 'https://s.test', color: { light: '#000000' } }], versions: [{ version: 'v0', href: 'https://v0.test', tag: 'Old' }] },
        versions: [
          {
            version: 'v1',
            tag: 'Latest',
            tabs: [{ tab: 'T', align: 'end', searchable: false, groups: [{ group: 'G', searchable: false, icon: { name: 'x', library: 'lucide' }, pages: ['index'] }] }],
          },
        ],
      },
    });
    expect(settingsNotRendered(config).map((p) => [p.code, p.pointer])).toEqual([
      ['config/setting-not-rendered', '/navigation/global/anchors/0/color'],
      ['config/setting-not-rendered', '/navigation/global/versions/0/tag'],
      ['config/setting-not-rendered', '/navigation/versions/0/tag'],
      ['config/setting-not-rendered', '/navigation/versions/0/tabs/0/align'],
      ['config/setting-not-rendered', '/navigation/versions/0/tabs/0/searchable'],
      ['config/setting-not-rendered', '/navigation/versions/0/tabs/0/groups/0/searchable'],
      ['config/setting-not-rendered', '/navigation/versions/0/tabs/0/groups/0/icon/library'],
      ['config/setting-not-rendered', '/navbar/links/0/type'],
      ['config/setting-not-rendered', '/navbar/primary/type'],
      ['config/setting-not-rendered', '/api/playground/display'],
    ]);
  });

  it('every place in the fixture using every feature, located in docs.json', async () => {
    const result = await loadFixture('config-all-features');
    const unrendered = result.diagnostics.filter((d) => d.code === 'config/setting-not-rendered');
    expect(result.diagnostics.length - unrendered.length).toBe(0);
    expect(unrendered.map((d) => [d.file, d.line, d.pointer])).toEqual([
      ['docs.json', 14, '/api/playground/display'],
      ['docs.json', 23, '/navbar/links/0/type'],
      ['docs.json', 24, '/navbar/links/1/type'],
      ['docs.json', 25, '/navbar/links/2/icon/style'],
      ['docs.json', 25, '/navbar/links/2/icon/library'],
      ['docs.json', 32, '/navigation/global/tabs/0/align'],
      ['docs.json', 35, '/navigation/global/dropdowns/0/description'],
      ['docs.json', 43, '/navigation/languages/0/banner'],
      ['docs.json', 44, '/navigation/languages/0/navbar'],
      ['docs.json', 45, '/navigation/languages/0/footer'],
      ['docs.json', 50, '/navigation/languages/0/versions/0/tag'],
      ['docs.json', 56, '/navigation/languages/0/versions/0/products/0/description'],
      ['docs.json', 70, '/navigation/languages/0/versions/0/products/0/tabs/0/dropdowns/0/anchors/0/color'],
      ['docs.json', 79, '/navigation/languages/0/versions/0/products/0/tabs/0/dropdowns/0/anchors/0/groups/0/boost'],
      ['docs.json', 96, '/navigation/languages/0/versions/0/products/0/tabs/1/menu/0/description'],
      ['docs.json', 100, '/navigation/languages/0/versions/0/products/0/tabs/2/graphql'],
      ['docs.json', 101, '/navigation/languages/0/versions/0/products/0/tabs/3/sdk'],
      ['docs.json', 101, '/navigation/languages/0/versions/0/products/0/tabs/3/groups/0/sdk'],
    ]);
  });

  it('located in the file a $ref included', async () => {
    const files: Record<string, string> = {
      '/p/docs.json': '{"theme":"mint","name":"R","colors":{"primary":"#abc"},"navigation":{"$ref":"nav.json"}}',
      '/p/nav.json': '{\n  "groups": [\n    { "group": "G", "boost": 3, "pages": ["a"] }\n  ]\n}\n',
    };
    const fs: ConfigFileSystem = { readText: async (file) => files[file], listDirectory: async () => [] };
    const result = await loadConfig('/p', { fs });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.pointer])).toEqual([
      ['config/setting-not-rendered', 'nav.json', 3, 21, '/groups/0/boost'],
    ]);
  });

  it('does not fire on good input: mint, honoured settings and their documented forms', async () => {
    const config = JSON.parse(readFileSync(path.join(fixture('config-minimal'), 'docs.json'), 'utf8')) as Record<string, unknown>;
    expect(settingsNotRendered(config)).toEqual([]);
    const honoured = validConfig({
      navbar: { links: [{ label: 'Blog', href: 'https://x.test', icon: 'rss' }], primary: { type: 'button', label: 'Go', href: 'https://x.test' } },
      navigation: {
        global: { tabs: [{ tab: 'Out', href: 'https://x.test' }], languages: [{ language: 'de', href: 'https://de.x.test' }] },
        versions: [{ version: 'v1', default: true, tabs: [{ tab: 'T', icon: 'book', align: 'start', searchable: true, groups: [{ group: 'G', tag: 'NEW', expanded: true, pages: ['index'] }] }] }],
      },
      api: { playground: { display: 'interactive' } },
      markdown: { schema: false },
    });
    const result = await load(JSON.stringify(honoured));
    expect(result.diagnostics).toEqual([]);
  });

  it('is not given for a configuration with errors (nothing is built from it)', async () => {
    const result = await load('{"theme":"maple","colors":{"primary":"#0D9373"},"navigation":{"pages":["index"]}}');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['config/missing-required']);
  });

  it('never fires for an honoured setting, whatever docs.json sets', () => {
    const everything = JSON.parse(readFileSync(path.join(fixture('config-all-features'), 'docs.json'), 'utf8')) as unknown;
    const allHonoured = settingsTable.map((r): SettingRow => ({ key: r.key, status: 'honoured', does: r.does, ...(r.unrendered ? { unrendered: r.unrendered } : {}) }));
    expect(settingsNotRendered(everything, allHonoured)).toEqual([]);
  });

  it('reports a not-yet row without a finder wherever its key is set, with what the site does instead', () => {
    const table: SettingRow[] = [
      { key: 'search.prompt', status: 'not yet', does: 'Accepted.', instead: 'The search box says “Search”.' },
      { key: 'seo.indexing', status: 'not yet', does: 'Accepted.' },
    ];
    expect(settingsNotRendered(validConfig({ search: { prompt: 'Find' } }), table)).toEqual([
      {
        code: 'config/setting-not-rendered',
        pointer: '/search/prompt',
        message: '`search.prompt` is not rendered by Sheaf yet. The search box says “Search”.',
        hint: HINT,
      },
    ]);
    expect(settingsNotRendered(validConfig(), table)).toEqual([]);
    expect(settingsNotRendered(validConfig({ seo: { indexing: 'all' } }), table).map((p) => p.message)).toEqual([
      '`seo.indexing` is not rendered by Sheaf yet. The site is built as if it were not set.',
    ]);
  });

  it('reads malformed parts without failing (the finders see the value as written)', () => {
    expect(settingsNotRendered(null)).toEqual([]);
    expect(settingsNotRendered({ theme: 7, navbar: { links: 'x', primary: [] }, navigation: { groups: [null, 'a', { group: 'G', boost: 1 }] } }).map((p) => p.pointer)).toEqual([
      '/navigation/groups/2/boost',
    ]);
  });
});
