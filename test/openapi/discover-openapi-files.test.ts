import { describe, expect, it } from 'vitest';
import { discoverOpenApiFiles } from '../../src/openapi/discover-openapi-files.js';
import { jsonHasSpecKey, yamlHasSpecKey } from '../../src/openapi/detect-spec-key.js';
import { fixture } from './helpers.js';

const ALL = [
  'package.json',
  'docs.json',
  'list.json',
  'notes.md',
  'nested-key.json',
  'late-key.json',
  'config/settings.yaml',
  'api/swagger.json',
  'api/openapi.yaml',
  'api/flow.yaml',
  'api/quoted.yml',
  'api/broken.json',
  'api/does-not-exist.yaml',
];

describe('discoverOpenApiFiles', () => {
  it('keeps the files with a top-level openapi or swagger key, sorted', async () => {
    expect(await discoverOpenApiFiles({ root: fixture('discovery') }, ALL)).toEqual([
      'api/broken.json', // the key comes before the syntax error: the loader reports the error
      'api/flow.yaml',
      'api/openapi.yaml',
      'api/quoted.yml',
      'api/swagger.json',
      'late-key.json', // found past the first 4 KB
    ]);
  });

  it('returns nothing for no candidates', async () => {
    expect(await discoverOpenApiFiles({ root: fixture('discovery') }, [])).toEqual([]);
  });
});

describe('jsonHasSpecKey', () => {
  it('finds a key at depth 1 only', () => {
    expect(jsonHasSpecKey('{"openapi": "3.1.0"}')).toBe(true);
    expect(jsonHasSpecKey('\uFEFF {"info": {}, "swagger" : "2.0"}')).toBe(true);
    expect(jsonHasSpecKey('{"info": {"openapi": "3.1.0"}}')).toBe(false);
    expect(jsonHasSpecKey('{"name": "openapi", "x": ["swagger"]}')).toBe(false);
    expect(jsonHasSpecKey('[{"openapi": "3.1.0"}]')).toBe(false);
  });

  it('skips quotes escaped inside strings', () => {
    expect(jsonHasSpecKey('{"a": "say \\"{\\" and \\\\", "openapi": "3.0.0"}')).toBe(true);
  });

  it('answers undefined when the text ends first', () => {
    expect(jsonHasSpecKey('{"components": {"schemas": {')).toBeUndefined();
    expect(jsonHasSpecKey('')).toBeUndefined();
  });
});

describe('yamlHasSpecKey', () => {
  it('finds a key at column 0', () => {
    expect(yamlHasSpecKey('# comment\nopenapi: 3.1.0\n', true)).toBe(true);
    expect(yamlHasSpecKey("info: {}\n'swagger': '2.0'\n", true)).toBe(true);
    expect(yamlHasSpecKey('config:\n  openapi: 3.0.0\n', true)).toBe(false);
    expect(yamlHasSpecKey('# openapi: 3.0.0\n', true)).toBe(false);
  });

  it('is undecided on a prefix without the key, and reads JSON-style YAML as JSON', () => {
    expect(yamlHasSpecKey('info:\n  title: x\n', false)).toBeUndefined();
    expect(yamlHasSpecKey('{"openapi": "3.0.0"}', true)).toBe(true);
  });
});
