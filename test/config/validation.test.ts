import { describe, expect, it } from 'vitest';
import { loadFixture } from './helpers.js';

describe('validation diagnostics', () => {
  it('reports unknown keys: an error where Mintlify closes the object, else ignored with a warning (nearest known key, or where it belongs)', async () => {
    const result = await loadFixture('config-unknown-key');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.pointer, d.message, d.hint])).toEqual([
      ['config/unknown-key', 'error', 'docs.json', 4, 37, '/colors/secondary', 'Unknown key `secondary` in `colors`.', 'Remove it; the keys accepted here are `primary`, `light` and `dark`.'],
      [
        'config/ignored-key', 'warning', 'docs.json', 9, 9, '/navigation/tabs/0/tabs', 'Unknown key `tabs` in `navigation.tabs[0]` is ignored, as Mintlify ignores it.',
        '`tabs` cannot be nested here; this element accepts `languages`, `versions`, `dropdowns`, `anchors`, `products`, `groups`, `pages` or `menu`.',
      ],
      [
        'config/ignored-key', 'warning', 'docs.json', 13, 44, '/navigation/tabs/1/groups/0/pagse',
        'Unknown key `pagse` in `navigation.tabs[1].groups[0]` is ignored, as Mintlify ignores it.', 'Did you mean `pages`?',
      ],
      ['config/unknown-key', 'error', 'docs.json', 17, 28, '/footer/socials/githb', 'Unknown key `githb` in `footer.socials`.', 'Did you mean `github`?'],
      ['config/ignored-key', 'warning', 'docs.json', 18, 3, '/serach', 'Unknown key `serach` at the top level is ignored, as Mintlify ignores it.', 'Did you mean `search`?'],
    ]);
  });

  it('ignores each key Mintlify strips with a warning naming it, and builds without them', async () => {
    const result = await loadFixture('config-ignored-keys');
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.pointer, d.hint])).toEqual([
      ['config/ignored-key', 'warning', 5, 39, '/styling/css', 'Custom CSS needs no key: every `.css` file in the project is loaded, as on Mintlify. Remove it.'],
      ['config/ignored-key', 'warning', 6, 3, '/anchors', 'In docs.json anchors live in `navigation.anchors`, or `navigation.global.anchors` for links shown everywhere.'],
      ['config/ignored-key', 'warning', 7, 3, '/feedback', 'docs.json has no `feedback` settings; remove it.'],
      ['config/ignored-key', 'warning', 8, 3, '/custom', 'Remove it, or check its spelling against the docs.json reference.'],
      ['config/ignored-key', 'warning', 9, 3, '/css', 'Custom CSS needs no key: every `.css` file in the project is loaded, as on Mintlify. Remove it.'],
      ['config/ignored-key', 'warning', 10, 3, '/js', 'Custom scripts need no key: every `.js` file in the project is loaded, as on Mintlify. Remove it.'],
      ['config/ignored-key', 'warning', 11, 12, '/api/baseUrl', 'In docs.json the server of MDX API pages is `api.mdx.server`.'],
      ['config/ignored-key', 'warning', 11, 50, '/api/auth', 'In docs.json the authentication of MDX API pages is `api.mdx.auth`.'],
      ['config/ignored-key', 'warning', 11, 98, '/api/playground/mode', 'In docs.json this is `api.playground.display` (`interactive`, `simple`, `none` or `auth`).'],
      ['config/ignored-key', 'warning', 12, 38, '/appearance/layout', 'In docs.json the layout comes with the `theme`; remove it.'],
      ['config/ignored-key', 'warning', 14, 36, '/navigation/groups/0/collapsed', 'In docs.json a group says `"expanded": true` to start open; groups start closed otherwise.'],
      ['config/ignored-key', 'warning', 16, 3, '/serach', 'Did you mean `search`?'],
    ]);
    expect(result.diagnostics[0]?.message).toBe('Unknown key `css` in `styling` is ignored, as Mintlify ignores it.');
    const config = result.output?.config;
    expect(config && Object.keys(config).sort()).toEqual(['api', 'appearance', 'colors', 'name', 'navigation', 'styling', 'theme']);
    expect([config?.styling, config?.api, config?.appearance, config?.navigation]).toEqual([
      { eyebrows: 'section' },
      { playground: {} },
      { default: 'dark' },
      { groups: [{ group: 'Start', pages: ['index'] }] },
    ]);
  });

  it('reports invalid values with what was expected and what was found', async () => {
    const result = await loadFixture('config-invalid-value');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column, d.pointer, d.message, d.hint])).toEqual([
      [
        'config/invalid-value', 2, 3, '/theme',
        '`theme` must be one of `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma` or `sequoia`, got `"mapel"`.',
        'Did you mean `maple`?',
      ],
      ['config/invalid-value', 4, 15, '/colors/primary', '`colors.primary` must be a hex colour such as `#0D9373`, got `"green"`.', undefined],
      ['config/invalid-value', 5, 3, '/logo', '`logo` must be a string or an object, got `42`.', undefined],
      ['config/invalid-value', 8, 26, '/navigation/anchors/0/openapi', '`navigation.anchors[0].openapi` must be a string, an array or an object, got `5`.', undefined],
      [
        'config/invalid-value', 11, 28, '/api/playground/display',
        '`api.playground.display` must be one of `interactive`, `simple`, `none` or `auth`, got `"full"`.', undefined,
      ],
    ]);
  });

  it('reports missing required keys, including a navigation without children', async () => {
    const result = await loadFixture('config-missing-required');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column, d.pointer, d.message, d.hint])).toEqual([
      ['config/missing-required', 1, 1, '/name', 'The configuration is missing the required key `name`.', 'Add `name` (a string).'],
      ['config/missing-required', 3, 3, '/colors/primary', '`colors` is missing the required key `primary`.', 'Add `primary` (a string).'],
      [
        'config/missing-required', 4, 3, '/navigation',
        '`navigation` must hold one of `products`, `languages`, `versions`, `tabs`, `dropdowns`, `anchors`, `groups` or `pages`.',
        'Add e.g. `"groups": [{ "group": "Get started", "pages": ["index"] }]`.',
      ],
      ['config/missing-required', 5, 29, '/navigation/global/anchors/0/href', '`navigation.global.anchors[0]` is missing the required key `href`.', 'Add `href` (a string).'],
    ]);
  });

  it('keeps one kind of children per element as Mintlify does, and none on a link, with a warning', async () => {
    const result = await loadFixture('config-conflicting-keys');
    expect(result.output?.config.navigation).toEqual({
      tabs: [
        { tab: 'Docs', groups: [{ group: 'A', pages: ['a'] }] },
        { tab: 'Blog', href: 'https://blog.example.com' },
      ],
    });
    expect(result.diagnostics).toEqual([
      {
        code: 'config/ignored-children',
        severity: 'warning',
        message: 'This tab (`navigation.tabs[0]`) holds both `groups` and `pages`; `pages` is ignored, as Mintlify reads only `groups`.',
        file: 'docs.json',
        pointer: '/navigation/tabs/0/pages',
        line: 7,
        column: 70,
        hint: 'An element holds one kind of children: nest the `pages` inside the elements of `groups`, or move them to a sibling element.',
        related: [{ file: 'docs.json', pointer: '/navigation/tabs/0/groups', line: 7, column: 24, message: '`groups` is set here.' }],
      },
      {
        code: 'config/ignored-children',
        severity: 'warning',
        message: 'This tab (`navigation.tabs[1]`) is a link (`href`), so its `pages` are ignored, as on Mintlify.',
        file: 'docs.json',
        pointer: '/navigation/tabs/1/pages',
        line: 8,
        column: 60,
        hint: 'Remove `href` to show the `pages`, or remove `pages`.',
        related: [{ file: 'docs.json', pointer: '/navigation/tabs/1/href', line: 8, column: 24, message: '`href` is set here.' }],
      },
    ]);
  });

  it('reads the versions of a navigation that also has tabs, and drops the tabs, as Mintlify does', async () => {
    const result = await loadFixture('config-versions-and-tabs');
    expect(result.output?.config.navigation).toEqual({
      versions: [
        { version: 'v2', groups: [{ group: 'Start', pages: ['v2/index'] }] },
        { version: 'v1', groups: [{ group: 'Start', pages: ['v1/index'] }] },
      ],
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.pointer, d.message, d.related?.[0]?.pointer])).toEqual([
      [
        'config/ignored-children', 'warning', 10, 5, '/navigation/tabs',
        '`navigation` holds both `versions` and `tabs`; `tabs` is ignored, as Mintlify reads only `versions`.', '/navigation/versions',
      ],
    ]);
  });

  it('lets an error in one part of the navigation cost that part only: dropped, or shown plainly', async () => {
    const result = await loadFixture('config-navigation-part');
    expect(result.output?.config.navigation).toEqual({
      tabs: [
        { tab: 'Docs', groups: [{ group: 'Start', pages: ['index', 'quickstart'] }] },
        { tab: 'More', groups: [{ group: '', pages: ['more'] }] },
        { tab: 'API', graphql: 'schema.graphql', groups: [{ group: 'Queries', pages: ['api/q'] }] },
      ],
    });
    // Mintlify refuses the file for the tab's own keys (errors), and accepts problems inside a
    // tab's groups by dropping all of them (warnings: Sheaf drops only the broken part).
    const dropsAll = (tab: number) => `Mintlify accepts this file but leaves out all of \`navigation.tabs[${tab}].groups\`; fix it to keep it there too.`;
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.pointer, d.message, d.hint])).toEqual([
      [
        'config/invalid-value', 'error', 7, 24, '/navigation/tabs/0/icon',
        '`navigation.tabs[0].icon` must be a string or an object, got `7`. `navigation.tabs[0].icon` is ignored; the rest is built.', undefined,
      ],
      [
        'config/invalid-navigation-part', 'warning', 7, 85, '/navigation/tabs/0/groups/0/pages/1',
        '`navigation.tabs[0].groups[0].pages[1]` must be a string or an object, got `5`. `navigation.tabs[0].groups[0].pages[1]` is left out of the navigation; the rest is built.',
        dropsAll(0),
      ],
      [
        'config/invalid-navigation-part', 'warning', 7, 107, '/navigation/tabs/0/groups/1/group',
        '`navigation.tabs[0].groups[1].group` must be a string, got `3`. `navigation.tabs[0].groups[1]` is left out of the navigation; the rest is built.',
        dropsAll(0),
      ],
      [
        'config/invalid-navigation-part', 'warning', 8, 37, '/navigation/tabs/1/groups/0/group',
        '`navigation.tabs[1].groups[0].group` must not be empty; the group is shown without a heading.',
        `Name the group: docs.json requires a group name. ${dropsAll(1)}`,
      ],
      [
        'config/setting-not-rendered', 'info', 9, 23, '/navigation/tabs/2/graphql',
        '`navigation.tabs[2].graphql` is not rendered by Sheaf yet. No pages are generated from the GraphQL schema; the tab’s own groups are built.',
        'The site builds without it. Sheaf’s README lists what it does with each docs.json setting (“docs.json settings”).',
      ],
      [
        'config/conflicting-keys', 'error', 9, 52, '/navigation/tabs/2/openapi',
        'This tab (`navigation.tabs[2]`) has `graphql`, which excludes `openapi`. `navigation.tabs[2].openapi` is ignored; the rest is built.',
        'A `graphql` tab may only add `groups`: remove `openapi` or move it to another tab.',
      ],
    ]);
  });

  it('reports a redirect source used twice, pointing at both', async () => {
    const result = await loadFixture('config-duplicate-redirect');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/duplicate-redirect',
        severity: 'error',
        message: 'Redirect source `/old` is already used by `redirects[0]`.',
        file: 'docs.json',
        pointer: '/redirects/2/source',
        line: 9,
        column: 7,
        hint: 'Keep one redirect per source: remove or merge this one.',
        related: [{ file: 'docs.json', pointer: '/redirects/0/source', line: 7, column: 7, message: 'First redirect with this source.' }],
      },
    ]);
  });

  it('drops an invalid group openapi with a warning, keeps valid ones, and still loads', async () => {
    const result = await loadFixture('config-invalid-group-openapi');
    expect(result.output?.config.navigation).toEqual({
      groups: [
        { group: 'API', pages: ['GET /users'] },
        { group: 'Webhooks', pages: ['index'] },
        { group: 'Fine', openapi: [{ source: 'ok.json', directory: 'ok' }], pages: ['x'] },
      ],
    });
    const general = 'Give a path or URL, an array of them, or `{ "source": …, "directory": … }`; or remove it (Mintlify ignores it silently).';
    expect(result.diagnostics).toEqual([
      {
        code: 'config/invalid-openapi',
        severity: 'warning',
        message:
          'The `openapi` of group `API` (`navigation.groups[0]`) is invalid and is ignored: `navigation.groups[0].openapi` must be a string, an array or an object, got `5`.',
        file: 'docs.json',
        pointer: '/navigation/groups/0/openapi',
        line: 7,
        column: 25,
        hint: general,
      },
      {
        code: 'config/invalid-openapi',
        severity: 'warning',
        message: 'The `openapi` of group `Webhooks` (`navigation.groups[1]`) is invalid and is ignored: unknown key `dir` in `navigation.groups[1].openapi`.',
        file: 'docs.json',
        pointer: '/navigation/groups/1/openapi',
        line: 8,
        column: 30,
        hint: `Remove it; the keys accepted here are \`source\`, \`directory\` and \`overlays\`. ${general}`,
      },
    ]);
  });
});
