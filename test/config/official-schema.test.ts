import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/validate-config.js';
import { CORPUS, fixture, validConfig } from './helpers.js';

/*
 * Mintlify publishes its docs.json schema as JSON Schema (generated from its zod schema). Our zod
 * schema must accept and reject the same configurations. Two deliberate differences are tested
 * elsewhere: an invalid group `openapi` is dropped with a warning (Mintlify's zod `.catch`, which
 * the JSON Schema cannot express) and duplicate redirect sources are an error (a zod refinement).
 */
const officialPath = path.join(CORPUS, 'mintlify/_schema/docs.schema.json');
const hasOfficial = existsSync(officialPath);

const officialValidator = () => {
  const schema = JSON.parse(readFileSync(officialPath, 'utf8')) as object;
  // The official patterns use `\_`, valid only without the `u` flag; formats are not checked there either.
  return new Ajv({ strict: false, validateFormats: false, unicodeRegExp: false }).compile(schema);
};

const nav = (navigation: unknown) => validConfig({ navigation });

const cases: [string, unknown][] = [
  ['minimal', validConfig()],
  ['every feature', JSON.parse(readFileSync(path.join(fixture('config-all-features'), 'docs.json'), 'utf8'))],
  ['open maps', validConfig({ variables: { a: 'b' }, seo: { metatags: { x: 'y' } } })],
  ['division without children', nav({ anchors: [{ anchor: 'A' }] })],
  ['graphql tab with groups', nav({ tabs: [{ tab: 'G', graphql: 'g.graphql', groups: [{ group: 'Q', pages: ['q'] }] }] })],
  ['link tab with openapi', nav({ tabs: [{ tab: 'L', href: 'https://x.dev', openapi: 'o.json' }] })],
  ['unknown top-level key', validConfig({ serach: {} })],
  ['unknown group key', nav({ groups: [{ group: 'G', pagse: [] }] })],
  ['unknown theme', validConfig({ theme: 'venus' })],
  ['missing colors', { theme: 'mint', name: 'x', navigation: { pages: ['a'] } }],
  ['bad colour', validConfig({ colors: { primary: 'blue' } })],
  ['tab inside tab', nav({ tabs: [{ tab: 'T', tabs: [{ tab: 'U' }] }] })],
  ['menu on anchor', nav({ anchors: [{ anchor: 'A', menu: [{ item: 'I' }] }] })],
  ['menu on product', nav({ products: [{ product: 'P', menu: [{ item: 'I', pages: ['a'] }] }] })],
  ['unknown language', nav({ languages: [{ language: 'xx', pages: ['a'] }] })],
  ['extra key in an openapi object', nav({ tabs: [{ tab: 'T', openapi: { source: 's.json', dir: 'x' } }] })],
  ['five footer columns', validConfig({ footer: { links: [1, 2, 3, 4, 5].map(() => ({ items: [{ label: 'l', href: '/' }] })) } })],
  ['empty groups', nav({ groups: [] })],
  ['empty dropdowns', nav({ dropdowns: [] })],
  ['tab with groups and pages', nav({ tabs: [{ tab: 'T', groups: [{ group: 'G', pages: [] }], pages: ['a'] }] })],
  ['link tab with pages', nav({ tabs: [{ tab: 'T', href: 'https://x.dev', pages: ['a'] }] })],
  ['two navigation roots', nav({ groups: [{ group: 'G', pages: [] }], pages: ['a'] })],
  ['empty navigation', nav({})],
  ['graphql tab with openapi', nav({ tabs: [{ tab: 'G', graphql: 'g.graphql', openapi: 'o.json' }] })],
  ['graphql on a group', nav({ groups: [{ group: 'G', graphql: 'g.graphql' }] })],
  ['sdk on a group', nav({ groups: [{ group: 'G', sdk: { format: 'typedoc', source: 's' } }] })],
  ['variations with mint', validConfig({ variations: { options: [{ id: 'a', label: 'A' }] } })],
  ['variations with willow', validConfig({ theme: 'willow', variations: { options: [{ id: 'a', label: 'A' }] } })],
  ['button without label', validConfig({ navbar: { primary: { type: 'button', href: 'https://x.dev' } } })],
  ['custom contextual option without description', validConfig({ contextual: { options: [{ title: 'T', href: '/x' }] } })],
  ['global link without href', nav({ pages: ['a'], global: { tabs: [{ tab: 'T' }] } })],
  ['page that is a number', nav({ pages: [1] })],
  ['empty page', nav({ pages: [''] })],
  ['short logo', validConfig({ logo: 'ab' })],
  ['icon object without name', nav({ tabs: [{ tab: 'T', icon: { style: 'solid' } }] })],
  ['unknown social platform', validConfig({ footer: { socials: { myspace: 'https://myspace.com/x' } } })],
  ['posthog key without phc_', validConfig({ integrations: { posthog: { apiKey: 'abc' } } })],
  ['errors without 404', validConfig({ errors: {} })],
];

describe.skipIf(!hasOfficial)('agreement with Mintlify’s published JSON Schema', () => {
  const official = hasOfficial ? officialValidator() : undefined;
  it.each(cases)('%s', (_name, value) => {
    const oursAccepts = validateConfig(value).problems.every((p) => p.code === 'config/invalid-openapi');
    expect(oursAccepts).toBe(official?.(value));
  });
});
