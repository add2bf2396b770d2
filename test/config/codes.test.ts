import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configCodes } from '../../src/diagnostics/codes/config.js';
import { fixture, loadFixture } from './helpers.js';

const fixtures = readdirSync(path.dirname(fixture('x')))
  .filter((name) => name.startsWith('config-'))
  .sort();

describe('config diagnostic codes', () => {
  it('are all namespaced config/ and triggered by at least one fixture', async () => {
    const seen = new Set<string>();
    for (const name of fixtures) for (const d of (await loadFixture(name)).diagnostics) seen.add(d.code);
    expect([...seen].sort()).toEqual(Object.keys(configCodes).sort());
    expect(Object.keys(configCodes).every((code) => code.startsWith('config/'))).toBe(true);
  });

  it.each(['config-minimal', 'config-all-features', 'config-ref-merge', 'config-page-normalization', 'config-docs-json-wins'])(
    'none fires on good input: %s',
    async (name) => {
      // What Sheaf does not render is an info on good input too (pinned in settings-not-rendered.test.ts).
      expect((await loadFixture(name)).diagnostics.filter((d) => d.code !== 'config/setting-not-rendered')).toEqual([]);
    },
  );

  it('carry a file, a line and a column on every fixture diagnostic', async () => {
    for (const name of fixtures) {
      for (const d of (await loadFixture(name)).diagnostics) {
        expect([name, typeof d.file, typeof d.line, typeof d.column]).toEqual([name, 'string', 'number', 'number']);
      }
    }
  });
});
