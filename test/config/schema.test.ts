import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../src/config/schema/primitives.js';
import { themes } from '../../src/config/schema/docs-config.js';
import { validateConfig } from '../../src/config/validate-config.js';
import { validConfig } from './helpers.js';

/** `[code, pointer, message, hint]` of every problem, for compact assertions. */
function problems(value: unknown): (string | undefined)[][] {
  return validateConfig(value).problems.map((p) => [p.code, p.pointer, p.message, p.hint]);
}

const nav = (navigation: unknown) => validConfig({ navigation });
const openapiForms = ['spec.yaml', ['a.json', { source: 'https://x.dev/b.json', directory: 'b', overlays: ['o.yaml'] }], { source: 'c.json', directory: 'c' }];

describe('docsConfigSchema: what docs.json accepts', () => {
  it.each(themes)('accepts theme %s', (theme) => {
    expect(problems(validConfig({ theme }))).toEqual([]);
  });

  it.each([
    ['products', [{ product: 'P', pages: ['a'] }]],
    ['languages', [{ language: 'en', pages: ['a'] }]],
    ['versions', [{ version: 'v1', pages: ['a'] }]],
    ['tabs', [{ tab: 'T', pages: ['a'] }]],
    ['dropdowns', [{ dropdown: 'D', pages: ['a'] }]],
    ['anchors', [{ anchor: 'A', pages: ['a'] }]],
    ['groups', [{ group: 'G', pages: ['a'] }]],
    ['pages', ['a']],
  ])('accepts a navigation root of %s', (key, items) => {
    expect(problems(nav({ [key]: items, global: { tabs: [{ tab: 'Blog', href: 'https://b.dev' }] }, directory: 'card' }))).toEqual([]);
  });

  const divisions: [string, Record<string, unknown>][] = [
    ['tab', { tab: 'T' }],
    ['anchor', { anchor: 'A' }],
    ['dropdown', { dropdown: 'D' }],
    ['version', { version: 'v1' }],
    ['language', { language: 'fr' }],
    ['product', { product: 'P' }],
  ];
  const containerOf: Record<string, string> = { tab: 'tabs', anchor: 'anchors', dropdown: 'dropdowns', version: 'versions', language: 'languages', product: 'products' };

  it.each(divisions.flatMap(([kind, head]) => openapiForms.map((openapi, form) => [kind, form, head, openapi] as const)))(
    'accepts openapi form %#: %s form %s',
    (kind, _form, head, openapi) => {
      const container = containerOf[kind] ?? '';
      expect(problems(nav({ [container]: [{ ...head, openapi, global: { anchors: [{ anchor: 'S', href: 'https://s.dev' }] }, pages: ['a'] }] }))).toEqual([]);
    },
  );

  it.each(openapiForms.map((openapi, form) => [form, openapi] as const))('accepts openapi form %s on a menu item, a group and api.openapi', (_form, openapi) => {
    expect(problems(nav({ tabs: [{ tab: 'T', menu: [{ item: 'I', openapi, groups: [{ group: 'G', openapi, pages: ['GET /x'] }] }] }] }))).toEqual([]);
    expect(problems(validConfig({ api: { openapi } }))).toEqual([]);
  });

  it('accepts every language code and rejects others', () => {
    expect(problems(nav({ languages: languageCodes.map((language) => ({ language, pages: ['a'] })) }))).toEqual([]);
    expect(problems(nav({ languages: [{ language: 'english', pages: ['a'] }, { language: 'fr', pages: ['b'] }] }))).toEqual([
      [
        'config/invalid-value',
        '/navigation/languages/0/language',
        '`navigation.languages[0].language` must be one of `en`, `cn`, `zh`, `zh-Hans`, `zh-Hant`, `zh-CN`, `zh-TW`, `es`, … (40 values), got `"english"`.' +
          ' `navigation.languages[0]` is left out of the navigation; the rest is built.',
        undefined,
      ],
    ]);
  });

  it('accepts nested groups, a division with no children, and a graphql or sdk tab', () => {
    expect(
      problems(
        nav({
          tabs: [
            { tab: 'Empty' },
            { tab: 'GraphQL', graphql: 'schema.graphql', groups: [{ group: 'Q', pages: ['q'] }] },
            { tab: 'SDK', sdk: { format: 'javadoc', source: 'java/' } },
            { tab: 'Nested', groups: [{ group: 'A', pages: [{ group: 'B', pages: [{ group: 'C', pages: ['c'] }] }] }] },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('accepts arbitrary keys where docs.json is open: variables, seo.metatags, navbar link types', () => {
    const config = validConfig({
      variables: { anything: 'x', 'with-dash': 'y' },
      seo: { metatags: { 'og:image': 'https://x.dev/a.png', 'twitter:card': 'summary' } },
      navbar: { links: [{ label: 'Status', href: 'https://s.dev', type: 'custom' }] },
    });
    expect(problems(config)).toEqual([]);
  });

  it('accepts variations with willow only', () => {
    const variations = { options: [{ id: 'a', label: 'A' }] };
    expect(problems(validConfig({ theme: 'willow', variations }))).toEqual([]);
    expect(problems(validConfig({ variations }))).toEqual([
      ['config/ignored-key', '/variations', '`variations` is ignored: it is not available with the `mint` theme.', 'Use the `willow` theme, or remove `variations`.'],
    ]);
    expect(validateConfig(validConfig({ variations })).config?.variations).toBeUndefined();
  });

  it('ignores keys in the wrong place with a hint saying where they belong', () => {
    expect(problems(nav({ anchors: [{ anchor: 'A', graphql: 'g.graphql', menu: [] }] }))).toEqual([
      [
        'config/ignored-key',
        '/navigation/anchors/0/graphql',
        'Unknown key `graphql` in `navigation.anchors[0]` is ignored, as Mintlify ignores it.',
        '`graphql` is only accepted on a tab.',
      ],
      [
        'config/ignored-key',
        '/navigation/anchors/0/menu',
        'Unknown key `menu` in `navigation.anchors[0]` is ignored, as Mintlify ignores it.',
        '`menu` cannot be nested here; this element accepts `languages`, `versions`, `dropdowns`, `tabs`, `products`, `groups` or `pages`.',
      ],
    ]);
  });

  it('keeps a group without a name, shown without a heading: an error at the root (Mintlify refuses it), a warning inside a division (Mintlify drops its groups)', () => {
    const root = nav({ groups: [{ group: '', pages: ['a'] }] });
    expect(problems(root)).toEqual([
      ['config/invalid-value', '/navigation/groups/0/group', '`navigation.groups[0].group` must not be empty; the group is shown without a heading.', 'Name the group: docs.json requires a group name.'],
    ]);
    expect(validateConfig(root).config?.navigation).toEqual({ groups: [{ group: '', pages: ['a'] }] });
    const inTab = nav({ tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['a'] }, { group: '', pages: ['b'] }] }] });
    expect(problems(inTab)).toEqual([
      [
        'config/invalid-navigation-part',
        '/navigation/tabs/0/groups/1/group',
        '`navigation.tabs[0].groups[1].group` must not be empty; the group is shown without a heading.',
        'Name the group: docs.json requires a group name. Mintlify accepts this file but leaves out all of `navigation.tabs[0].groups`; fix it to keep it there too.',
      ],
    ]);
    expect(validateConfig(inTab).config?.navigation).toEqual({ tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['a'] }, { group: '', pages: ['b'] }] }] });
    expect(validateConfig(inTab, { legacy: true }).problems.map((p) => [p.code, p.pointer])).toEqual([['config/untitled-group', '/navigation/tabs/0/groups/1/group']]);
  });

  it('rejects what a graphql tab cannot hold, and builds the tab without it', () => {
    const value = nav({ tabs: [{ tab: 'G', graphql: 'g.graphql', openapi: 'o.json' }] });
    expect(problems(value)).toEqual([
      [
        'config/conflicting-keys',
        '/navigation/tabs/0/openapi',
        'This tab (`navigation.tabs[0]`) has `graphql`, which excludes `openapi`. `navigation.tabs[0].openapi` is ignored; the rest is built.',
        'A `graphql` tab may only add `groups`: remove `openapi` or move it to another tab.',
      ],
    ]);
    expect(validateConfig(value).config?.navigation).toEqual({ tabs: [{ tab: 'G', graphql: 'g.graphql' }] });
  });

  it('explains union failures through the branch that fits the value', () => {
    expect(
      problems(
        validConfig({
          navbar: { primary: { type: 'button', href: 'https://x.dev' } },
          contextual: { options: ['copy', 'tweet', { title: 'T', href: 'https://x.dev' }] },
          navigation: { groups: [{ group: 'G', pages: ['a', 5, { pages: [] }] }] },
        }),
      ),
    ).toEqual([
      ['config/missing-required', '/navbar/primary/label', '`navbar.primary` is missing the required key `label`.', 'Add `label` (a string).'],
      ['config/invalid-value', '/navigation/groups/0/pages/1', '`navigation.groups[0].pages[1]` must be a string or an object, got `5`.', undefined],
      ['config/missing-required', '/navigation/groups/0/pages/2/group', '`navigation.groups[0].pages[2]` is missing the required key `group`.', 'Add `group` (a string).'],
      [
        'config/invalid-value',
        '/contextual/options/1',
        '`contextual.options[1]` must be one of `copy`, `assistant`, `view`, `download-pdf`, `download-spec`, `chatgpt`, `claude`, `perplexity`, … (18 values), got `"tweet"`.',
        undefined,
      ],
      ['config/missing-required', '/contextual/options/2/description', '`contextual.options[2]` is missing the required key `description`.', 'Add `description` (a string).'],
    ]);
  });

  it('checks lengths, formats and patterns', () => {
    expect(
      problems(
        validConfig({
          $schema: 'not a url',
          footer: { links: [1, 2, 3, 4, 5].map((n) => ({ items: [{ label: `L${n}`, href: '/' }] })) },
          integrations: { ga4: { measurementId: 'UA-1' } },
          navigation: { groups: [] },
        }),
      ),
    ).toEqual([
      ['config/invalid-value', '/$schema', '`$schema` must be an absolute URL such as `https://example.com`, got `"not a url"`.', undefined],
      ['config/invalid-value', '/navigation/groups', '`navigation.groups` must have at least 1 item, got 0.', undefined],
      ['config/invalid-value', '/footer/links', '`footer.links` must have at most 4 items, got 5.', undefined],
      ['config/invalid-value', '/integrations/ga4/measurementId', '`integrations.ga4.measurementId` must be an id starting with `G`, got `"UA-1"`.', undefined],
    ]);
  });

  it('reports a missing enum or union value as a missing key, saying what it should be', () => {
    expect(problems({ name: 'x', colors: { primary: '#000' }, navigation: { languages: [{ pages: ['a'] }] } })).toEqual([
      [
        'config/missing-required',
        '/theme',
        'The configuration is missing the required key `theme`.',
        'Add `theme` (one of `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma` or `sequoia`).',
      ],
      [
        'config/missing-required',
        '/navigation/languages/0/language',
        '`navigation.languages[0]` is missing the required key `language`.',
        'Add `language` (one of `en`, `cn`, `zh`, `zh-Hans`, `zh-Hant`, `zh-CN`, `zh-TW`, `es`, … (40 values)).',
      ],
    ]);
    expect(problems(validConfig({ contextual: { options: [{ title: 'T', description: 'D' }] } }))).toEqual([
      ['config/missing-required', '/contextual/options/0/href', '`contextual.options[0]` is missing the required key `href`.', 'Add `href` (a string or an object).'],
    ]);
  });

  it('suggests the docs.json theme for a mint.json theme', () => {
    expect(problems(validConfig({ theme: 'venus' }))[0]?.[3]).toBe('`venus` is a mint.json theme; its docs.json equivalent is `palm`.');
  });

  it('returns the validated configuration only when there is no error', () => {
    expect(validateConfig(validConfig()).config).toEqual(validConfig());
    expect(validateConfig(validConfig({ name: '' })).config).toBeUndefined();
    expect(problems(validConfig({ name: '' }))).toEqual([['config/invalid-value', '/name', '`name` must not be empty.', undefined]]);
  });
});
