import { describe, expect, it } from 'vitest';
import { mintConfigSchema } from '../../src/config/mint/mint-schema.js';
import { upgradeMintConfig } from '../../src/config/mint/upgrade-mint-config.js';
import { originOf } from '../../src/config/origins.js';
import { loadFixture } from './helpers.js';

const notice = {
  code: 'config/mint-json-upgraded',
  severity: 'info',
  message: '`mint.json` is the legacy configuration format; Sheaf read it by converting it to the docs.json shape.',
  file: 'mint.json',
  line: 1,
  column: 1,
  hint: 'Write a docs.json (e.g. with `mint upgrade`) and delete mint.json; when both exist, docs.json is used.',
};

/** Upgrades a mint.json value (checked by the loose schema first). */
function upgrade(mint: Record<string, unknown>) {
  return upgradeMintConfig(mintConfigSchema.parse({ name: 'M', colors: { primary: '#000000' }, ...mint }));
}

describe('mint.json', () => {
  it('is upgraded to the docs.json shape with an info diagnostic', async () => {
    const result = await loadFixture('config-mint-json-upgrade');
    const [first, ...unrendered] = result.diagnostics;
    expect(first).toEqual(notice);
    // Settings of the upgraded file that Sheaf does not render, located in mint.json.
    expect(unrendered.map((d) => [d.code, d.file, d.line, d.pointer])).toEqual([
      ['config/setting-not-rendered', 'mint.json', 17, '/topbarCtaButton/type'],
      ['config/setting-not-rendered', 'mint.json', 24, '/anchors/0/icon/style'],
    ]);
    expect(result.output?.file).toBe('mint.json');
    expect(result.output?.config).toEqual({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'palm',
      name: 'Legacy',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
      background: { color: { dark: '#0f1117' } },
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' },
      favicon: '/favicon.svg',
      api: {
        openapi: [{ source: 'openapi.json' }],
        mdx: { server: 'https://api.example.com', auth: { method: 'bearer', name: 'Authorization' } },
        playground: { display: 'simple' },
      },
      appearance: { default: 'dark', strict: true },
      navbar: { primary: { type: 'github', href: 'https://github.com/example/repo' }, links: [{ label: 'Support', href: 'mailto:help@example.com' }] },
      footer: { socials: { x: 'https://x.com/example' } },
      integrations: { ga4: { measurementId: 'G-XXXX' } },
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Get started', pages: ['introduction', 'quickstart'] }] },
          {
            tab: 'API Reference',
            openapi: [{ source: 'openapi.json', directory: 'api-reference' }],
            groups: [{ group: 'Endpoints', icon: 'code', pages: ['api-reference/overview', { group: 'Users', pages: ['api-reference/users/list'] }] }],
          },
          { tab: 'Changelog', href: 'https://example.com/changelog' },
        ],
        global: { anchors: [{ anchor: 'Community', href: 'https://discord.gg/example', icon: { name: 'discord', style: 'brands' } }] },
      },
    });
    const origins = result.output?.origins ?? {};
    expect(originOf(origins, '/navigation/tabs/1/groups/0/pages/1/group')).toEqual({ file: 'mint.json', pointer: '/navigation/1/pages/1/group' });
    expect(originOf(origins, '/navigation/tabs/1/openapi')).toEqual({ file: 'mint.json', pointer: '/tabs/0/openapi' });
    expect(originOf(origins, '/api/mdx/server')).toEqual({ file: 'mint.json', pointer: '/api/baseUrl' });
    expect(originOf(origins, '/navigation/global/anchors/0')).toEqual({ file: 'mint.json', pointer: '/anchors/0' });
  });

  it('reports a broken structure at its place in mint.json', async () => {
    const result = await loadFixture('config-mint-json-invalid-navigation');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      notice,
      {
        code: 'config/invalid-value',
        severity: 'error',
        message: '`navigation` must be an array, got an object.',
        file: 'mint.json',
        pointer: '/navigation',
        line: 4,
        column: 3,
      },
    ]);
  });

  it('holds mint.json to its own rules: a group with an empty name is kept, shown without a heading, with a warning', async () => {
    const result = await loadFixture('config-mint-json-untitled-group');
    expect(result.output?.config.navigation).toEqual({
      groups: [
        { group: '', pages: ['index', 'quickstart'] },
        { group: 'Guides', pages: ['guides/one', { group: '', pages: ['guides/two'] }] },
      ],
    });
    const untitled = {
      code: 'config/untitled-group',
      severity: 'warning',
      message: 'This group has an empty name, which mint.json allows; it is shown without a heading.',
      file: 'mint.json',
      hint: 'docs.json requires a group name: give the group one before moving to docs.json.',
    };
    expect(result.diagnostics).toEqual([
      notice,
      { ...untitled, pointer: '/navigation/0/group', line: 5, column: 7 },
      { ...untitled, pointer: '/navigation/1/pages/1/group', line: 6, column: 52 },
    ]);
  });

  it('lets a broken navigation item of mint.json cost only that item, located as written', async () => {
    const result = await loadFixture('config-mint-json-navigation-part');
    expect(result.output?.config.navigation).toEqual({
      groups: [
        { group: 'Start', pages: ['index', 'quickstart'] },
        { group: 'Guides', pages: ['guides/one'] },
      ],
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.pointer, d.message])).toEqual([
      [notice.code, 'info', 1, 1, undefined, notice.message],
      [
        'config/invalid-value', 'error', 5, 44, '/navigation/0/pages/1',
        '`navigation[0].pages[1]` must be a string or an object, got `5`. `navigation[0].pages[1]` of mint.json is left out; the rest is built.',
      ],
      [
        'config/missing-required', 'error', 6, 5, '/navigation/1/pages',
        '`navigation[1]` is missing the required key `pages`. `navigation[1]` of mint.json is left out; the rest is built.',
      ],
      [
        'config/ignored-key', 'warning', 7, 51, '/navigation/2/collapsed',
        'Unknown key `collapsed` in `navigation.groups[1]` is ignored, as Mintlify ignores it.',
      ],
      ['config/missing-required', 'error', 9, 12, '/tabs/0/url', '`tabs[0]` is missing the required key `url`. `tabs[0]` of mint.json is left out; the rest is built.'],
    ]);
    expect(originOf(result.output?.origins ?? {}, '/navigation/groups/0/pages/1')).toEqual({ file: 'mint.json', pointer: '/navigation/0/pages/2' });
    expect(originOf(result.output?.origins ?? {}, '/navigation/groups/1')).toEqual({ file: 'mint.json', pointer: '/navigation/2' });
  });

  it('reports docs.json validation errors at their source in mint.json', async () => {
    const result = await loadFixture('config-mint-json-invalid-color');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      notice,
      {
        code: 'config/invalid-value',
        severity: 'error',
        message: '`colors.primary` must be a hex colour such as `#0D9373`, got `"red"`.',
        file: 'mint.json',
        pointer: '/colors/primary',
        line: 3,
        column: 15,
      },
    ]);
  });

  it.each([
    [{ theme: 'venus' }, 'palm'],
    [{ theme: 'quill' }, 'willow'],
    [{ theme: 'prism' }, 'mint'],
    [{ layout: 'sidenav' }, 'maple'],
    [{ layout: 'solidSidenav' }, 'willow'],
    [{ layout: 'topnav' }, 'mint'],
    [{}, 'mint'],
  ])('maps %j to theme %s', (settings, theme) => {
    expect(upgrade({ ...settings, navigation: [{ group: 'G', pages: ['a'] }] }).config['theme']).toBe(theme);
  });

  it('partitions groups into anchors, then tabs, by the longest URL prefix of their first page', () => {
    const { config } = upgrade({
      topAnchor: { name: 'Guides', icon: 'book' },
      anchors: [
        { name: 'API', url: 'api', icon: 'code', color: { from: '#111111', to: '#222222' }, openapi: 'https://x.dev/spec.json' },
        { name: 'SDK', url: '/api/sdk', color: '#333333', isDefaultHidden: true },
      ],
      tabs: [{ name: 'Tutorials', url: 'tutorials' }, { name: 'API v2', url: 'api/v2' }],
      navigation: [
        { group: 'Intro', pages: ['index'] },
        { group: 'Tutorials', pages: [{ group: 'Nested first', pages: ['tutorials/one'] }] },
        { group: 'API', pages: ['api/overview'] },
        { group: 'API v2', pages: ['api/v2/overview'] },
        { group: 'SDK', pages: ['api/sdk/install'] },
      ],
    });
    expect(config['navigation']).toEqual({
      anchors: [
        {
          anchor: 'Guides',
          icon: 'book',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Intro', pages: ['index'] }] },
            { tab: 'Tutorials', groups: [{ group: 'Tutorials', pages: [{ group: 'Nested first', pages: ['tutorials/one'] }] }] },
          ],
        },
        {
          anchor: 'API',
          icon: 'code',
          color: { light: '#111111', dark: '#222222' },
          openapi: { source: 'https://x.dev/spec.json', directory: 'api' },
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'API', pages: ['api/overview'] }] },
            { tab: 'API v2', groups: [{ group: 'API v2', pages: ['api/v2/overview'] }] },
          ],
        },
        { anchor: 'SDK', color: { light: '#333333', dark: '#333333' }, hidden: true, groups: [{ group: 'SDK', pages: ['api/sdk/install'] }] },
      ],
    });
  });

  it('keeps the openapi of a tab with an external URL as it is', () => {
    const { config } = upgrade({ tabs: [{ name: 'Hosted', url: 'https://api.x.dev', openapi: 'spec.json' }], navigation: [{ group: 'G', pages: ['a'] }] });
    expect(config['navigation']).toEqual({
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'G', pages: ['a'] }] },
        { tab: 'Hosted', href: 'https://api.x.dev', openapi: 'spec.json' },
      ],
    });
  });

  it('builds one version per entry with the groups naming it or no version', () => {
    const { config, origins } = upgrade({
      versions: ['v2', { name: 'v1', default: true }],
      tabs: [{ name: 'Old API', url: 'old', version: 'v1' }],
      navigation: [
        { group: 'Shared', pages: ['index'] },
        { group: 'New', version: 'v2', pages: ['new'] },
        { group: 'Old', version: 'v1', pages: ['old/api'] },
      ],
    });
    expect(config['navigation']).toEqual({
      versions: [
        { version: 'v2', groups: [{ group: 'Shared', pages: ['index'] }, { group: 'New', pages: ['new'] }] },
        {
          version: 'v1',
          default: true,
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Shared', pages: ['index'] }] },
            { tab: 'Old API', groups: [{ group: 'Old', pages: ['old/api'] }] },
          ],
        },
      ],
    });
    expect(originOf(origins, '/navigation/versions/1/tabs/1/groups/0/pages/0')).toEqual({ file: 'mint.json', pointer: '/navigation/2/pages/0' });
  });

  it('maps api, appearance, styling, footer, fonts and integrations settings', () => {
    const { config } = upgrade({
      navigation: [{ group: 'G', pages: ['a'] }],
      api: {
        playground: { mode: 'hide', disableProxy: true },
        request: { example: { languages: ['bash', 'go'], showOptionalParams: false } },
        paramFields: { expanded: 'topLevel', post: ['x'] },
        auth: { method: 'key', name: 'X-Key', inputPrefix: 'Key ' },
      },
      metadata: { 'og:title': 'T' },
      seo: { indexHiddenPages: true },
      codeBlock: { mode: 'auto' },
      eyebrow: { display: 'breadcrumbs' },
      background: { style: 'windows' },
      backgroundImage: '/bg.png',
      search: { prompt: 'Ask', location: 'top' },
      redirects: [{ source: '/a', destination: '/b' }],
      footer: { socials: [{ type: 'github', url: 'https://github.com/x' }], links: [{ title: 'More', links: [{ label: 'Blog', url: '/blog' }] }] },
      font: { headings: { family: 'Inter', url: 'https://f.dev/i.woff2', format: 'woff2' }, body: { family: 'Lato' } },
      integrations: { intercom: 'abcdef', frontchat: 'ghijkl' },
      topbarCtaButton: { name: 'Start', url: 'https://x.dev/start' },
      topbarLinks: [{ type: 'github', url: 'https://github.com/x' }],
    });
    const { navigation: _navigation, ...settings } = config;
    expect(settings).toEqual({
      theme: 'mint',
      name: 'M',
      colors: { primary: '#000000' },
      api: {
        playground: { display: 'none', proxy: false },
        examples: { languages: ['bash', 'go'], defaults: 'required' },
        params: { expanded: 'closed', post: ['x'] },
        mdx: { auth: { method: 'key', name: 'X-Key' } },
      },
      seo: { metatags: { 'og:title': 'T' }, indexing: 'all' },
      styling: { codeblocks: 'system', eyebrows: 'breadcrumbs' },
      background: { decoration: 'windows', image: '/bg.png' },
      search: { prompt: 'Ask' },
      redirects: [{ source: '/a', destination: '/b' }],
      navbar: { primary: { type: 'button', label: 'Start', href: 'https://x.dev/start' }, links: [{ type: 'github', href: 'https://github.com/x' }] },
      footer: { socials: { github: 'https://github.com/x' }, links: [{ header: 'More', items: [{ label: 'Blog', href: '/blog' }] }] },
      fonts: { heading: { family: 'Inter', source: 'https://f.dev/i.woff2', format: 'woff2' }, body: { family: 'Lato' } },
      integrations: { intercom: { appId: 'abcdef' }, frontchat: { snippetId: 'ghijkl' } },
    });
  });
});
