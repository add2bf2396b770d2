import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { parseJson } from '../../src/config/parse-json.js';
import { MAX_NESTING_DEPTH } from '../../src/parse/nesting-limits.js';
import { brief, loadFixture, validConfig } from './helpers.js';

/** A project folder holding `files`. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sheaf-config-limits-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** Levels of objects and arrays of a JSON value. */
function depthOf(value: unknown): number {
  return typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
}

/** Navigation groups inside each other, `count` of them, the innermost listing `index`. */
function nestedGroups(count: number): Record<string, unknown> {
  let group: Record<string, unknown> = { group: `G${count}`, pages: ['index'] };
  for (let i = count - 1; i >= 1; i--) group = { group: `G${i}`, pages: [group] };
  return group;
}

describe('docs.json nesting limit', () => {
  it('parses exactly the cap and refuses one level more, at the bracket past it, before parsing', () => {
    expect(MAX_NESTING_DEPTH).toBe(256);
    const text = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect(parseJson(text(256), 'docs.json').diagnostics).toEqual([]);
    const over = parseJson(text(257), 'docs.json');
    expect(over.output).toBeUndefined();
    expect(over.diagnostics.map(brief)).toEqual([{ code: 'config/too-deep', file: 'docs.json', line: 1, column: 5 + 256, pointer: undefined }]);
    expect(over.diagnostics[0]?.message).toBe(
      '`docs.json` nests objects and arrays more than 256 levels deep (line 1, column 261); Sheaf reads no configuration nested that deep.',
    );
  });

  it('ends a docs.json nested 10,000 deep with one diagnostic', async () => {
    const root = project({ 'docs.json': JSON.stringify(validConfig()).replace(/}$/, `,"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`) });
    const result = await loadConfig(root);
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['config/too-deep']);
  });

  it('validates and walks navigation nested just under the cap', async () => {
    const config = validConfig({ navigation: { groups: [nestedGroups(126)] } });
    expect(depthOf(config)).toBe(255);
    const result = await loadConfig(project({ 'docs.json': JSON.stringify(config) }));
    expect(result.diagnostics).toEqual([]);
    expect(depthOf(result.output?.config)).toBe(255);
  });

  it('counts the levels of included files together with the file including them', async () => {
    // Each file alone is 200 levels deep; docs.json includes a.json 100 levels down.
    const wrap = (levels: number, inner: string) => `${'['.repeat(levels - 1)}${inner}${']'.repeat(levels - 1)}`;
    const docs = JSON.stringify(validConfig()).replace(/}$/, `,"x":${wrap(100, '{"$ref":"a.json"}')}}`);
    const result = await loadConfig(project({ 'docs.json': docs, 'a.json': wrap(201, '1') }));
    expect(result.output).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([['config/too-deep', 'a.json']]);
    expect(result.diagnostics[0]?.message).toBe(
      'With its `$ref` includes, the configuration nests objects and arrays more than 256 levels deep at `a.json`; Sheaf reads no configuration nested that deep.',
    );
    expect(result.diagnostics[0]?.line).toBe(1);
  });

  it('has a fixture for the code catalogue test', async () => {
    expect((await loadFixture('config-too-deep')).diagnostics.map(brief)).toEqual([
      { code: 'config/too-deep', file: 'docs.json', line: 12, column: 13 + 255, pointer: undefined },
    ]);
  });
});
