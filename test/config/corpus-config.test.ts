import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { originOf } from '../../src/config/origins.js';
import { CORPUS } from './helpers.js';

/*
 * Real Mintlify projects from the shared corpus (`../shared/corpus/mintlify/*`, beside the
 * repository, never copied in). Every configuration there is valid for Mintlify, so it must load
 * without errors or warnings; the output is also checked against Mintlify's published schema.
 */
const ROOT = path.join(CORPUS, 'mintlify');
const HAS_CORPUS = existsSync(ROOT);
if (!HAS_CORPUS) console.info(`corpus-config: ${ROOT} is absent, skipping the corpus tests`);

const PROJECTS = HAS_CORPUS
  ? readdirSync(ROOT)
      .filter((name) => !name.startsWith('_') && (existsSync(path.join(ROOT, name, 'docs.json')) || existsSync(path.join(ROOT, name, 'mint.json'))))
      .sort()
  : [];

/** `config/setting-not-rendered` infos per project (their places are pinned in settings-not-rendered.test.ts for two). */
const unrenderedCounts: Readonly<Record<string, number>> = {
  'langgenius__dify-docs': 0,
  mem0ai__mem0: 0,
  'mem0ai__mem0__mintjson-2025-02': 0,
  mintlify__docs: 16,
  'pipecat-ai__docs': 0,
  'triggerdotdev__trigger.dev': 7,
};

const officialDocsSchema = () =>
  new Ajv({ strict: false, validateFormats: false, unicodeRegExp: false }).compile(
    JSON.parse(readFileSync(path.join(ROOT, '_schema/docs.schema.json'), 'utf8')) as object,
  );

describe.skipIf(!HAS_CORPUS)('corpus: every Mintlify configuration loads cleanly', () => {
  it('finds the six corpus projects', () => {
    expect(PROJECTS).toEqual([
      'langgenius__dify-docs',
      'mem0ai__mem0',
      'mem0ai__mem0__mintjson-2025-02',
      'mintlify__docs',
      'pipecat-ai__docs',
      'triggerdotdev__trigger.dev',
    ]);
  });

  const validate = HAS_CORPUS ? officialDocsSchema() : undefined;

  it.each(PROJECTS)('%s', async (name) => {
    const root = path.join(ROOT, name);
    const result = await loadConfig(root);
    const legacy = !existsSync(path.join(root, 'docs.json'));
    expect(result.diagnostics.filter((d) => d.code !== 'config/setting-not-rendered').map((d) => d.code)).toEqual(legacy ? ['config/mint-json-upgraded'] : []);
    // Infos for what Sheaf does not render (group `boost`, menu and dropdown descriptions, …).
    expect([name, result.diagnostics.filter((d) => d.code === 'config/setting-not-rendered').length]).toEqual([name, unrenderedCounts[name]]);
    expect(result.output?.file).toBe(legacy ? 'mint.json' : 'docs.json');
    // What we produce (docs.json merged, or mint.json upgraded) is valid for Mintlify too.
    expect(validate?.(result.output?.config), JSON.stringify(validate?.errors?.slice(0, 3))).toBe(true);
  });

  it('mintlify__docs: languages and redirects come from $ref files, with origins inside them', async () => {
    const result = await loadConfig(path.join(ROOT, 'mintlify__docs'));
    const config = result.output?.config;
    const languages = (config?.navigation as { languages: { language: string; tabs: { tab: string }[] }[] }).languages;
    expect(languages.map((l) => l.language)).toEqual(['en', 'fr', 'es', 'zh']);
    expect(languages[1]?.tabs[0]?.tab).toBe('Documentation');
    const origins = result.output?.origins ?? {};
    expect(originOf(origins, '/navigation/languages/1/tabs/0')).toEqual({ file: 'fr.json', pointer: '/tabs/0' });
    expect(originOf(origins, '/navigation/languages/2/tabs/0/groups/0')).toEqual({ file: 'es.json', pointer: '/tabs/0/groups/0' });
    expect(originOf(origins, '/navigation/languages/3')).toEqual({ file: 'zh.json', pointer: '' });
    expect(originOf(origins, '/navigation/languages/0/tabs/0')).toEqual({ file: 'docs.json', pointer: '/navigation/languages/0/tabs/0' });
    expect(originOf(origins, '/redirects/0')).toEqual({ file: 'redirects.json', pointer: '/0' });
    expect(Array.isArray(config?.['redirects'])).toBe(true);
  });

  it('mem0 legacy mint.json: anchors and tabs by URL prefix, external anchors global', async () => {
    const result = await loadConfig(path.join(ROOT, 'mem0ai__mem0__mintjson-2025-02'));
    const navigation = result.output?.config.navigation as {
      anchors: { anchor: string; tabs?: { tab: string; groups?: { group: string }[] }[]; groups?: { group: string }[] }[];
      global: { anchors: { anchor: string; href: string }[] };
    };
    expect(navigation.anchors.map((a) => a.anchor)).toEqual(['Documentation', 'API Reference']);
    expect(navigation.anchors[0]?.tabs?.map((t) => [t.tab, (t.groups ?? []).map((g) => g.group)])).toEqual([
      ['Documentation', ['Get Started', 'Platform', 'Open Source']],
      ['Documentation', []],
      ['Examples', ['💡 Examples']],
      ['Integrations', ['Integrations']],
    ]);
    expect(navigation.anchors[1]?.groups?.map((g) => g.group)).toEqual(['API Reference']);
    expect(navigation.global.anchors.map((a) => a.anchor)).toEqual(['Your Dashboard', 'Discord', 'GitHub', 'Support']);
  });
});
