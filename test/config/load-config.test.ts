import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import type { ConfigFileSystem } from '../../src/config/config-fs.js';
import { parseJson } from '../../src/config/parse-json.js';
import { fixture, loadFixture } from './helpers.js';

describe('loadConfig: finding the configuration', () => {
  it('reads a minimal docs.json and returns it unchanged, with no diagnostics', async () => {
    const result = await loadFixture('config-minimal');
    expect(result.diagnostics).toEqual([]);
    expect(result.output).toEqual({
      file: 'docs.json',
      config: {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Minimal',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'Start', pages: ['index', 'quickstart'] }] },
      },
      origins: { '': { file: 'docs.json', pointer: '' } },
    });
  });

  it('returns no output and no diagnostics when neither docs.json nor mint.json exists', async () => {
    expect(await loadFixture('config-no-config')).toEqual({ output: undefined, diagnostics: [] });
    expect(await loadConfig(fixture('config-does-not-exist'))).toEqual({ output: undefined, diagnostics: [] });
  });

  it('prefers docs.json over mint.json, without the upgrade notice', async () => {
    const result = await loadFixture('config-docs-json-wins');
    // Its theme (not mint) is drawn: no diagnostic at all.
    expect(result.diagnostics).toEqual([]);
    expect(result.output?.file).toBe('docs.json');
    expect(result.output?.config.name).toBe('From docs.json');
  });

  it('reads through the file system it is given', async () => {
    const files: Record<string, string> = {
      '/virtual/docs.json': '{"theme":"luma","name":"V","colors":{"primary":"#abc"},"navigation":{"$ref":"nav.json"}}',
      '/virtual/nav.json': '{"pages":["/intro"]}',
    };
    const fs: ConfigFileSystem = {
      readText: async (file) => files[file],
      listDirectory: async () => [],
    };
    const result = await loadConfig('/virtual', { fs });
    expect(result.diagnostics).toEqual([]);
    expect(result.output?.config.navigation).toEqual({ pages: ['intro'] });
    expect(result.output?.origins).toEqual({ '': { file: 'docs.json', pointer: '' }, '/navigation': { file: 'nav.json', pointer: '' } });
  });
});

describe('loadConfig: JSON syntax', () => {
  it('reports a trailing comma with file, line, column and a hint, and returns no output', async () => {
    const result = await loadFixture('config-invalid-json');
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/invalid-json',
        severity: 'error',
        message: '`docs.json` is not valid JSON: expected a value at line 6, column 23.',
        file: 'docs.json',
        line: 6,
        column: 23,
        hint: 'Remove the comma before the closing bracket: JSON allows no trailing commas.',
      },
    ]);
  });

  it('parseJson reports comments, missing commas and empty files at their position', () => {
    expect(parseJson('{\n  // note\n  "a": 1\n}', 'x.json').diagnostics.map((d) => [d.message, d.hint])).toEqual([
      ['`x.json` is not valid JSON: comments are not allowed in JSON at line 2, column 3.', 'Fix the syntax there; JSON allows no comments and no trailing commas.'],
    ]);
    expect(parseJson('{"a": 1\n "b": 2}', 'x.json').diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [2, 2, '`x.json` is not valid JSON: expected `,` at line 2, column 2.'],
    ]);
    expect(parseJson('', 'x.json').diagnostics.map((d) => d.message)).toEqual(['`x.json` is not valid JSON: expected a value at line 1, column 1.']);
  });

  it('parseJson accepts a byte order mark and keeps valid values', () => {
    expect(parseJson('\uFEFF{"a": [1, true, null]}', 'x.json')).toEqual({ output: { a: [1, true, null] }, diagnostics: [] });
  });

  it('reports a docs.json that is not an object', async () => {
    const fs: ConfigFileSystem = { readText: async (f) => (f.endsWith('docs.json') ? '[1, 2]' : undefined), listDirectory: async () => [] };
    const result = await loadConfig('/p', { fs });
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: 'config/invalid-value',
        severity: 'error',
        message: 'The configuration must be a JSON object, got an array.',
        file: 'docs.json',
        pointer: '',
        line: 1,
        column: 1,
        hint: 'Start from `{ "theme": "mint", "name": "…", "colors": { "primary": "#0D9373" }, "navigation": { … } }`.',
      },
    ]);
  });
});
