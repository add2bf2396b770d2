import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
// The oracle: Mintlify's own validator (Elastic-2.0, a dev dependency used only here, never shipped).
import { resolveRefs, upgradeToDocsConfig, validateDocsConfig, validateMintConfig } from '@mintlify/validation';
import { describe, expect, it } from 'vitest';
import type { ConfigFileSystem } from '../../src/config/config-fs.js';
import { nodeConfigFileSystem } from '../../src/config/config-fs.js';
import { loadConfig } from '../../src/config/load-config.js';
import { validateConfig } from '../../src/config/validate-config.js';
import { allowedChildren, childKinds, type ChildKey, type NavigationKind } from '../../src/config/schema/navigation-structure.js';
import { loadProject } from '../../src/load/load-project.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { resolveSite } from '../../src/resolve/resolve-site.js';
import { catalogue, type DiagnosticCode } from '../../src/diagnostics/catalogue.js';

const catalogueSeverity = (code: DiagnosticCode) => catalogue[code].severity;
import { CORPUS, HAS_CORPUS } from './corpus-path.js';

/*
 * Whatever Mintlify's validator accepts, Sheaf loads without an error and builds pages: every
 * corpus docs.json/mint.json, and mutations of them that add each key Mintlify strips, put
 * `versions` and `tabs` at one level, or (mint.json) give a group an empty name. The oracle runs
 * as Mintlify does: `$ref`s resolved first, then `validateDocsConfig` (`validateMintConfig` for
 * mint.json). Sheaf's config diagnostics are pinned per case.
 */

const ROOT = path.join(CORPUS, 'mintlify');
type Json = Record<string, unknown>;

/** The keys Mintlify's validator strips silently (amendment of issue 11), as `[pointer, value]`. */
const strippedKeys: readonly (readonly [string, unknown])[] = [
  ['/styling/css', 'style.css'],
  ['/anchors', [{ name: 'Blog', url: 'https://blog.example.com' }]],
  ['/feedback', { thumbsRating: true }],
  ['/custom', { anything: 1 }],
  ['/css', 'style.css'],
  ['/js', 'script.js'],
  ['/api/baseUrl', 'https://api.example.com'],
  ['/api/auth', { method: 'bearer' }],
  ['/api/playground/mode', 'simple'],
  ['/appearance/layout', 'sidenav'],
  ['<first group>/collapsed', true],
];

/** The docs.json projects of the corpus. */
const docsProjects = ['langgenius__dify-docs', 'mem0ai__mem0', 'mintlify__docs', 'pipecat-ai__docs', 'triggerdotdev__trigger.dev'];

const countBy = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.reduce<Record<string, number>>((acc, d) => ({ ...acc, [d.code]: (acc[d.code] ?? 0) + 1 }), {});

/** The pointer of the first group of a navigation tree (depth-first, document order). */
function firstGroup(node: unknown, pointer: string): string | undefined {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      const found = firstGroup(item, `${pointer}/${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof node !== 'object' || node === null) return undefined;
  if (typeof (node as Json)['group'] === 'string') return pointer;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'global') continue;
    const found = firstGroup(value, `${pointer}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/** A deep copy of `value` with `value` set at `pointer` (objects created on the way). */
function withValue(config: Json, pointer: string, value: unknown): Json {
  const copy = structuredClone(config);
  const tokens = pointer.split('/').slice(1);
  let node: Json = copy;
  for (const token of tokens.slice(0, -1)) node = (node[token] ??= {}) as Json;
  node[tokens[tokens.length - 1] as string] = value;
  return copy;
}

/** Whether `pointer` exists in `value`. */
function has(value: unknown, pointer: string): boolean {
  let node = value;
  for (const token of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, token)) return false;
    node = (node as Json)[token];
  }
  return true;
}

/** The project's files as they are, except its config file, whose text is `text`. */
function fsWith(root: string, file: string, text: string): ConfigFileSystem {
  const target = path.join(root, file);
  return { ...nodeConfigFileSystem, readText: (p) => (p === target ? Promise.resolve(text) : nodeConfigFileSystem.readText(p)) };
}

/** Mintlify's verdict: `$ref`s resolved from the project folder, then its validator. */
async function oracle(root: string, value: Json, legacy: boolean) {
  const { resolved } = await resolveRefs(value, (rel) => readFile(path.join(root, rel), 'utf8'));
  return legacy ? validateMintConfig(resolved) : validateDocsConfig(resolved);
}

/** Loads the project once; each case then validates its own config text and resolves the site. */
async function projectOf(name: string) {
  const root = path.join(ROOT, name);
  const loaded = await loadProject(root);
  const project = loaded.output;
  if (!project) throw new Error(`${name} did not load`);
  const base = resolveSite({ config: project.config, pages: project.pages, openapi: project.openapi.map((d) => d.index), failedOpenapi: project.failedOpenapi });
  /** Sheaf on `config` written as the project's config file: its config diagnostics, and the site's pages and errors. */
  const sheaf = async (file: string, config: Json) => {
    const result = await loadConfig(root, { fs: fsWith(root, file, JSON.stringify(config, null, 2)) });
    const site = result.output
      ? resolveSite({ config: result.output, pages: project.pages, openapi: project.openapi.map((d) => d.index), failedOpenapi: project.failedOpenapi })
      : undefined;
    return {
      config: result.output?.config,
      // Validation only: the infos on what Sheaf does not render are pinned in test/config/corpus-config.test.ts.
      diagnostics: result.diagnostics.filter((d) => d.code !== 'config/setting-not-rendered'),
      pages: site?.output.pages.length ?? 0,
      resolveErrors: site?.diagnostics.filter((d) => d.severity === 'error').length ?? -1,
    };
  };
  return { root, sheaf, basePages: base.output.pages.length, baseResolveErrors: base.diagnostics.filter((d) => d.severity === 'error').length };
}

describe.skipIf(!HAS_CORPUS)('Mintlify corpus: whatever @mintlify/validation accepts, Sheaf loads and builds', () => {
  it('covers the five docs.json projects and the mint.json one', () => {
    const withFile = (file: string) => [...docsProjects, 'mem0ai__mem0__mintjson-2025-02'].filter((n) => existsSync(path.join(ROOT, n, file)));
    expect(withFile('docs.json')).toEqual(docsProjects);
    expect(withFile('mint.json')).toEqual(['mem0ai__mem0__mintjson-2025-02']);
  });

  it.each(docsProjects)('%s: as it is, with each stripped key, with versions and tabs at one level, and all at once', async (name) => {
    const { root, sheaf, basePages, baseResolveErrors } = await projectOf(name);
    const original = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as Json;
    expect(basePages).toBeGreaterThan(50);

    const verdict = await oracle(root, original, false);
    expect(verdict.success).toBe(true);
    const asIs = await sheaf('docs.json', original);
    expect(asIs.diagnostics).toEqual([]);
    expect([asIs.pages, asIs.resolveErrors]).toEqual([basePages, baseResolveErrors]);

    const group = firstGroup(original['navigation'], '/navigation');
    expect(group).toBeDefined();
    for (const [at, value] of strippedKeys) {
      const pointer = at.replace('<first group>', group ?? '');
      const mutated = withValue(original, pointer, value);
      const accepted = await oracle(root, mutated, false);
      expect([pointer, accepted.success]).toEqual([pointer, true]);
      if (accepted.success) expect([pointer, has(accepted.data, pointer)]).toEqual([pointer, false]);
      const result = await sheaf('docs.json', mutated);
      expect(result.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([['config/ignored-key', 'warning', pointer]]);
      expect(has(result.config, pointer)).toBe(false);
      expect([pointer, result.pages, result.resolveErrors]).toEqual([pointer, basePages, baseResolveErrors]);
    }

    // `versions` and `tabs` at one level: Mintlify reads the versions and drops the tabs.
    const { global, ...root_ } = original['navigation'] as Json;
    const versioned = {
      ...original,
      navigation: { ...(global ? { global } : {}), versions: [{ version: 'latest', ...root_ }], tabs: [{ tab: 'Dropped', href: 'https://example.com' }] },
    };
    const both = await oracle(root, versioned, false);
    expect(both.success).toBe(true);
    if (both.success) expect(Object.keys(both.data.navigation).sort()).toEqual([...(global ? ['global'] : []), 'versions']);
    const resolved = await sheaf('docs.json', versioned);
    expect(resolved.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([['config/ignored-children', 'warning', '/navigation/tabs']]);
    expect(Object.keys(resolved.config?.navigation ?? {}).sort()).toEqual([...(global ? ['global'] : []), 'versions']);
    expect(resolved.pages).toBe(basePages);

    // Everything at once.
    const versionedGroup = firstGroup(versioned.navigation, '/navigation') ?? '';
    let all: Json = versioned;
    for (const [at, value] of strippedKeys) all = withValue(all, at.replace('<first group>', versionedGroup), value);
    expect((await oracle(root, all, false)).success).toBe(true);
    const everything = await sheaf('docs.json', all);
    expect(countBy(everything.diagnostics)).toEqual({ 'config/ignored-key': 11, 'config/ignored-children': 1 });
    expect(everything.pages).toBe(basePages);
  });

  it('mem0ai__mem0__mintjson-2025-02: as it is, and with groups with empty names (mint.json allows them, docs.json does not)', async () => {
    const name = 'mem0ai__mem0__mintjson-2025-02';
    const { root, sheaf, basePages, baseResolveErrors } = await projectOf(name);
    const original = JSON.parse(readFileSync(path.join(root, 'mint.json'), 'utf8')) as Json;
    expect(basePages).toBeGreaterThan(50);
    expect((await oracle(root, original, true)).success).toBe(true);
    const asIs = await sheaf('mint.json', original);
    expect(asIs.diagnostics.map((d) => d.code)).toEqual(['config/mint-json-upgraded']);
    expect([asIs.pages, asIs.resolveErrors]).toEqual([basePages, baseResolveErrors]);

    const navigation = structuredClone(original['navigation']) as Json[];
    for (const index of [0, 2]) (navigation[index] as Json)['group'] = '';
    const untitled = { ...original, navigation };
    expect((await oracle(root, untitled, true)).success).toBe(true);
    // Upgraded and read as docs.json, Mintlify accepts this one only by dropping every group of the
    // tab holding the untitled groups; a root-level group without a name it refuses outright.
    const upgraded = upgradeToDocsConfig(untitled as never);
    const asDocs = validateDocsConfig(upgraded);
    expect(asDocs.success && JSON.stringify(asDocs.data.navigation).includes('"group":""')).toBe(false);
    expect(validateDocsConfig(upgradeToDocsConfig({ name: 'M', colors: { primary: '#000000' }, navigation: [{ group: '', pages: ['a'] }] } as never)).success).toBe(false);
    const result = await sheaf('mint.json', untitled);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ['config/mint-json-upgraded', 'info', undefined],
      ['config/untitled-group', 'warning', '/navigation/0/group'],
      ['config/untitled-group', 'warning', '/navigation/2/group'],
    ]);
    expect([result.pages, result.resolveErrors]).toEqual([basePages, baseResolveErrors]);
  });
});

/** A minimal docs.json around `navigation`. */
const withNavigation = (navigation: unknown): Json => ({ theme: 'mint', name: 'X', colors: { primary: '#112233' }, navigation });

describe('Mintlify validator as the oracle on navigation structures (no corpus needed)', () => {
  const child: Readonly<Record<string, unknown>> = {
    products: [{ product: 'P', pages: ['a'] }],
    languages: [{ language: 'en', pages: ['a'] }],
    versions: [{ version: 'v', pages: ['a'] }],
    tabs: [{ tab: 'T', pages: ['a'] }],
    dropdowns: [{ dropdown: 'D', pages: ['a'] }],
    anchors: [{ anchor: 'A', pages: ['a'] }],
    groups: [{ group: 'G', pages: ['a'] }],
    pages: ['a'],
    menu: [{ item: 'M', pages: ['a'] }],
    href: 'https://example.com',
  };
  /** Each division kind: its list key, its name, and where it sits (a menu item lives in a tab). */
  const divisions: readonly (readonly [string, string, Json])[] = [
    ['navigation', '', {}],
    ['tabs', 'tab', { tab: 'T' }],
    ['anchors', 'anchor', { anchor: 'A' }],
    ['dropdowns', 'dropdown', { dropdown: 'D' }],
    ['versions', 'version', { version: 'v' }],
    ['languages', 'language', { language: 'en' }],
    ['products', 'product', { product: 'P' }],
    ['menu', 'menuItem', { item: 'M' }],
  ];
  const kindOf = (list: string): NavigationKind => (list === 'navigation' ? 'navigation' : childKinds[list as Exclude<ChildKey, 'groups' | 'pages'>]);
  const place = (list: string, node: Json): { navigation: Json; at: (n: Json) => Json | undefined } => {
    if (list === 'navigation') return { navigation: node, at: (n) => n };
    if (list === 'menu') return { navigation: { tabs: [{ tab: 'T', menu: [node] }] }, at: (n) => ((n['tabs'] as Json[] | undefined)?.[0]?.['menu'] as Json[] | undefined)?.[0] };
    return { navigation: { [list]: [node] }, at: (n) => (n[list] as Json[] | undefined)?.[0] };
  };

  it.each(divisions.map(([list, kind, head]) => [kind || 'navigation', list, head] as const))(
    '%s: with two kinds of children, Sheaf keeps the one Mintlify keeps, with one warning',
    (_kind, list, head) => {
      const keys = Object.keys(child).filter((k) => k !== list && !(list === 'navigation' && (k === 'menu' || k === 'href')));
      let compared = 0;
      for (const a of keys) {
        for (const b of keys) {
          if (a >= b) continue;
          const { navigation, at } = place(list, { ...head, [a]: child[a], [b]: child[b] });
          const verdict = validateDocsConfig(withNavigation(navigation));
          if (!verdict.success) continue;
          const kept = [a, b].filter((k) => Object.hasOwn(at(verdict.data.navigation as Json) ?? {}, k));
          const ours = validateConfig(withNavigation(navigation));
          const oursKept = [a, b].filter((k) => Object.hasOwn(at((ours.config?.navigation ?? {}) as Json) ?? {}, k));
          expect([a, b, oursKept]).toEqual([a, b, kept]);
          // One warning: ignored children, or an ignored key for a kind this element does not accept (`menu` on an anchor).
          const accepted: readonly string[] = [...allowedChildren[kindOf(list)], 'href'];
          const expected = accepted.includes(a) && accepted.includes(b) ? 'config/ignored-children' : 'config/ignored-key';
          expect([a, b, ours.problems.map((p) => [p.code, catalogueSeverity(p.code)])]).toEqual([a, b, [[expected, 'warning']]]);
          compared += 1;
        }
      }
      expect(compared).toBe((keys.length * (keys.length - 1)) / 2);
    },
  );

  const cases: Readonly<Record<string, Json>> = {
    'a tab with a bad icon': { tabs: [{ tab: 'T', icon: 7, pages: ['a'] }] },
    'a tab without a name': { tabs: [{ pages: ['a'] }, { tab: 'U', pages: ['b'] }] },
    'a language code that does not exist': { languages: [{ language: 'english', pages: ['a'] }, { language: 'fr', pages: ['b'] }] },
    'a root group with a bad icon': { groups: [{ group: 'G', icon: 5, pages: ['a'] }, { group: 'H', pages: ['b'] }] },
    'a root page entry that is a number': { groups: [{ group: 'G', pages: ['a', 5] }] },
    'a root group without a name': { groups: [{ group: '', pages: ['a'] }] },
    'a nested root group without a name': { groups: [{ group: 'G', pages: [{ group: '', pages: ['a'] }] }] },
    'an anchor colour that is not hex': { anchors: [{ anchor: 'A', color: { light: 'red' }, pages: ['a'] }, { anchor: 'B', pages: ['b'] }] },
    'a global anchor without href': { pages: ['a'], global: { anchors: [{ anchor: 'A' }] } },
    'a tab page entry that is a number': { tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['a', 5] }] }] },
    'a tab group without a name': { tabs: [{ tab: 'T', groups: [{ group: 'Good', pages: ['a'] }, { group: '', pages: ['b'] }] }] },
    'a tab group with no name key': { tabs: [{ tab: 'T', groups: [{ pages: ['a'] }, { group: 'H', pages: ['b'] }] }] },
    'a tab group with a bad icon': { tabs: [{ tab: 'T', groups: [{ group: 'G', icon: 5, pages: ['a'] }] }] },
    'an anchor in a tab with a bad icon': { tabs: [{ tab: 'T', anchors: [{ anchor: 'A', icon: 5, pages: ['a'] }, { anchor: 'B', pages: ['b'] }] }] },
    'a menu item group without a name': { tabs: [{ tab: 'T', menu: [{ item: 'M', groups: [{ pages: ['a'] }, { group: 'G', pages: ['b'] }] }] }] },
    'a tab in a language with no name': { languages: [{ language: 'en', tabs: [{ pages: ['a'] }, { tab: 'T', pages: ['b'] }] }] },
  };

  it.each(Object.entries(cases))('%s: accepted by Mintlify ⇔ no error from Sheaf, and Sheaf builds the rest', (_name, navigation) => {
    const verdict = validateDocsConfig(withNavigation(navigation));
    const ours = validateConfig(withNavigation(navigation));
    const errors = ours.problems.filter((p) => catalogueSeverity(p.code) === 'error');
    expect([verdict.success, errors.length === 0]).toEqual([verdict.success, verdict.success]);
    expect(ours.problems.length).toBeGreaterThan(0);
    expect(ours.config).toBeDefined();
  });
});
