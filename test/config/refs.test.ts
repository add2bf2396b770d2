import { describe, expect, it } from 'vitest';
import type { ConfigFileSystem } from '../../src/config/config-fs.js';
import { loadConfig } from '../../src/config/load-config.js';
import { originOf } from '../../src/config/origins.js';
import { brief, loadFixture } from './helpers.js';

/** An in-memory project: project-relative path → text. */
function memoryFs(files: Record<string, string>): ConfigFileSystem {
  return {
    readText: async (file) => files[file.replace(/^\/p\//, '')],
    listDirectory: async (dir) => {
      const prefix = dir === '/p' ? '' : dir.replace(/^\/p\//, '') + '/';
      return Object.keys(files)
        .filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/'))
        .map((f) => f.slice(prefix.length))
        .sort();
    },
  };
}

const head = '"theme": "mint", "name": "P", "colors": { "primary": "#0D9373" }';

describe('$ref includes', () => {
  it('merges included files at any level, siblings overriding, nested paths relative to their file', async () => {
    const result = await loadFixture('config-ref-merge');
    expect(result.diagnostics).toEqual([]);
    expect(result.output?.config).toEqual({
      theme: 'aspen',
      name: 'Split config',
      colors: { primary: '#0D9373' },
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] },
          { tab: 'API reference', icon: 'code', openapi: [{ source: 'openapi.json' }], groups: [{ group: 'Endpoints', pages: ['GET /users'] }] },
        ],
      },
      redirects: [{ source: '/old', destination: '/new' }],
    });
    expect(result.output?.origins).toEqual({
      '': { file: 'docs.json', pointer: '' },
      '/navigation': { file: 'nav/navigation.json', pointer: '' },
      '/navigation/tabs/1': { file: 'nav/tabs/api.json', pointer: '' },
      '/navigation/tabs/1/tab': { file: 'nav/navigation.json', pointer: '/tabs/1/tab' },
      '/navigation/tabs/1/icon': { file: 'nav/navigation.json', pointer: '/tabs/1/icon' },
      '/redirects': { file: 'redirects.json', pointer: '' },
    });
  });

  it('lets originOf find the file and pointer of any merged part', async () => {
    const origins = (await loadFixture('config-ref-merge')).output?.origins ?? {};
    expect(originOf(origins, '/name')).toEqual({ file: 'docs.json', pointer: '/name' });
    expect(originOf(origins, '/navigation/tabs/0/groups/0')).toEqual({ file: 'nav/navigation.json', pointer: '/tabs/0/groups/0' });
    expect(originOf(origins, '/navigation/tabs/1/groups/0/pages/0')).toEqual({ file: 'nav/tabs/api.json', pointer: '/groups/0/pages/0' });
    expect(originOf(origins, '/navigation/tabs/1/tab')).toEqual({ file: 'nav/navigation.json', pointer: '/tabs/1/tab' });
    expect(originOf(origins, '/redirects/0/source')).toEqual({ file: 'redirects.json', pointer: '/0/source' });
  });

  it('reports a missing file at the $ref, with the nearest .json file as a suggestion', async () => {
    const result = await loadFixture('config-ref-not-found');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/ref-not-found',
        severity: 'error',
        message: '`$ref` `./navigaton.json` names `navigaton.json`, which does not exist.',
        file: 'docs.json',
        pointer: '/navigation/$ref',
        line: 5,
        column: 19,
        hint: 'Did you mean `./navigation.json`?',
      },
    ]);
  });

  it('says where a path is resolved from when nothing is close', async () => {
    const fs = memoryFs({ 'docs.json': `{ ${head}, "navigation": { "$ref": "config/zzz.json" } }`, 'config/navigation.json': '{}' });
    const [d] = (await loadConfig('/p', { fs })).diagnostics;
    expect([d?.code, d?.message, d?.hint]).toEqual([
      'config/ref-not-found',
      '`$ref` `config/zzz.json` names `config/zzz.json`, which does not exist.',
      'Check the path: it is relative to the folder of `docs.json`.',
    ]);
  });

  it('reports a cycle in the file that closes it, naming the chain', async () => {
    const result = await loadFixture('config-ref-cycle');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/ref-cycle',
        severity: 'error',
        message: '`$ref` includes form a cycle: `a.json` → `b.json` → `a.json`.',
        file: 'b.json',
        pointer: '/pages/1/$ref',
        line: 3,
        column: 24,
        hint: 'Remove one of these `$ref`s so no file includes itself.',
      },
    ]);
  });

  it('reports a file that includes itself, and a path back to docs.json', async () => {
    const fs = memoryFs({
      'docs.json': `{ ${head}, "navigation": { "$ref": "nav.json" }, "seo": { "$ref": "./docs.json" } }`,
      'nav.json': '{ "groups": [{ "$ref": "nav.json" }] }',
    });
    const result = await loadConfig('/p', { fs });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['config/ref-cycle', 'docs.json', '`$ref` includes form a cycle: `docs.json` → `docs.json`.'],
      ['config/ref-cycle', 'nav.json', '`$ref` includes form a cycle: `nav.json` → `nav.json`.'],
    ]);
  });

  it('accepts the same file included twice in different places', async () => {
    const fs = memoryFs({
      'docs.json': `{ ${head}, "navigation": { "tabs": [{ "tab": "A", "$ref": "shared.json" }, { "tab": "B", "$ref": "shared.json" }] } }`,
      'shared.json': '{ "pages": ["index"] }',
    });
    const result = await loadConfig('/p', { fs });
    expect(result.diagnostics).toEqual([]);
    expect(result.output?.config.navigation).toEqual({ tabs: [{ tab: 'A', pages: ['index'] }, { tab: 'B', pages: ['index'] }] });
  });

  it('refuses paths that leave the project', async () => {
    const result = await loadFixture('config-ref-outside-project');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/ref-outside-project',
        severity: 'error',
        message: '`$ref` `../shared-navigation.json` points outside the project folder.',
        file: 'docs.json',
        pointer: '/navigation/$ref',
        line: 5,
        column: 19,
        hint: 'Move the file into the project and reference it with a path inside it.',
      },
    ]);
  });

  it('resolves a leading / from the project root, and stays inside it', async () => {
    const fs = memoryFs({
      'docs.json': `{ ${head}, "navigation": { "$ref": "config/nav.json" } }`,
      'config/nav.json': '{ "groups": [{ "$ref": "/groups/start.json" }, { "$ref": "../../../etc/x.json" }] }',
      'groups/start.json': '{ "group": "Start", "pages": ["index"] }',
    });
    const result = await loadConfig('/p', { fs });
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'config/ref-outside-project', file: 'config/nav.json', line: 1, column: 50, pointer: '/groups/1/$ref' },
    ]);
  });

  it('ignores, with a warning, siblings of a $ref to an array', async () => {
    const result = await loadFixture('config-ref-siblings-ignored');
    expect(result.output?.config.redirects).toEqual([{ source: '/a', destination: '/b' }]);
    expect(result.diagnostics).toEqual([
      {
        code: 'config/ref-siblings-ignored',
        severity: 'warning',
        message: '`redirects.json` holds an array, so the keys next to `$ref` (`permanent`) are ignored.',
        file: 'docs.json',
        pointer: '/redirects/$ref',
        line: 6,
        column: 18,
        hint: 'Remove the sibling keys, or make the included file hold an object.',
      },
    ]);
  });

  it('reports invalid JSON in an included file at its own position', async () => {
    const result = await loadFixture('config-ref-invalid-json');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/invalid-json',
        severity: 'error',
        message: '`navigation.json` is not valid JSON: comments are not allowed in JSON at line 2, column 3.',
        file: 'navigation.json',
        line: 2,
        column: 3,
        hint: 'Fix the syntax there; JSON allows no comments and no trailing commas.',
      },
    ]);
  });

  it('reports a $ref that is not a string', async () => {
    const fs = memoryFs({ 'docs.json': `{ ${head},\n  "navigation": { "$ref": 42 } }` });
    const result = await loadConfig('/p', { fs });
    expect(result.diagnostics).toEqual([
      {
        code: 'config/invalid-value',
        severity: 'error',
        message: '`$ref` must be a relative path to a JSON file, got 42.',
        file: 'docs.json',
        pointer: '/navigation/$ref',
        line: 2,
        column: 19,
        hint: 'Write it as a string, e.g. `"$ref": "./navigation.json"`.',
      },
    ]);
  });

  it('locates validation problems inside the included file', async () => {
    const result = await loadFixture('config-error-in-included-file');
    expect(result.output?.config.navigation.languages?.[1]).toEqual({ language: 'fr', pages: ['fr/index'] });
    expect(result.diagnostics).toEqual([
      {
        code: 'config/ignored-key',
        severity: 'warning',
        message: 'Unknown key `hiden` in `navigation.languages[1]` is ignored, as Mintlify ignores it.',
        file: 'fr.json',
        pointer: '/hiden',
        line: 4,
        column: 3,
        hint: 'Did you mean `hidden`?',
      },
    ]);
  });
});
