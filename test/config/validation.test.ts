import { describe, expect, it } from 'vitest';
import { loadFixture } from './helpers.js';

describe('validation diagnostics', () => {
  it('reports unknown keys with the nearest known key, or where a key belongs', async () => {
    const result = await loadFixture('config-unknown-key');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.pointer, d.message, d.hint])).toEqual([
      ['config/unknown-key', 'error', 'docs.json', 4, 37, '/colors/secondary', 'Unknown key `secondary` in `colors`.', 'Remove it; the keys accepted here are `primary`, `light` and `dark`.'],
      [
        'config/unknown-key', 'error', 'docs.json', 9, 9, '/navigation/tabs/0/tabs', 'Unknown key `tabs` in `navigation.tabs[0]`.',
        '`tabs` cannot be nested here; this element accepts `languages`, `versions`, `dropdowns`, `anchors`, `products`, `groups`, `pages` or `menu`.',
      ],
      ['config/unknown-key', 'error', 'docs.json', 13, 44, '/navigation/tabs/1/groups/0/pagse', 'Unknown key `pagse` in `navigation.tabs[1].groups[0]`.', 'Did you mean `pages`?'],
      ['config/unknown-key', 'error', 'docs.json', 17, 28, '/footer/socials/githb', 'Unknown key `githb` in `footer.socials`.', 'Did you mean `github`?'],
      ['config/unknown-key', 'error', 'docs.json', 18, 3, '/serach', 'Unknown key `serach` at the top level.', 'Did you mean `search`?'],
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

  it('reports an element with two kinds of children, or a link with children', async () => {
    const result = await loadFixture('config-conflicting-keys');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/conflicting-keys',
        severity: 'error',
        message: 'This tab (`navigation.tabs[0]`) holds both `groups` and `pages`; an element holds one kind of children.',
        file: 'docs.json',
        pointer: '/navigation/tabs/0/pages',
        line: 7,
        column: 70,
        hint: 'Keep one kind: nest the `pages` inside an element of `groups`, or move them to a sibling element.',
        related: [{ file: 'docs.json', pointer: '/navigation/tabs/0/groups', line: 7, column: 24, message: '`groups` is set here.' }],
      },
      {
        code: 'config/conflicting-keys',
        severity: 'error',
        message: 'This tab (`navigation.tabs[1]`) is a link (`href`) and also holds `pages`.',
        file: 'docs.json',
        pointer: '/navigation/tabs/1/pages',
        line: 8,
        column: 60,
        hint: 'Remove `href`, or move `pages` to another element.',
        related: [{ file: 'docs.json', pointer: '/navigation/tabs/1/href', line: 8, column: 24, message: '`href` is set here.' }],
      },
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
        { group: 'Fine', openapi: { source: 'ok.json', directory: 'ok' }, pages: ['x'] },
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
