import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/diagnostics/catalogue.js';
import { createDiagnostic } from '../../src/diagnostics/create.js';
import { SHEAF_VERSION } from '../../src/version.js';

const TEST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.resolve(TEST_DIR, '..');

function testSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'fixtures') return [];
    if (statSync(full).isDirectory()) return testSources(full);
    return name.endsWith('.test.ts') ? [readFileSync(full, 'utf8')] : [];
  });
}

describe('diagnostic catalogue', () => {
  it('names every code area/name in kebab case, with a severity and a summary', () => {
    for (const [code, entry] of Object.entries(catalogue)) {
      expect(code).toMatch(/^[a-z]+\/[a-z0-9-]+$/);
      expect(['error', 'warning', 'info']).toContain(entry.severity);
      expect(entry.summary.length).toBeGreaterThan(20);
    }
  });

  it('has every code asserted by at least one test', () => {
    const sources = testSources(TEST_DIR).join('\n');
    const untested = Object.keys(catalogue).filter((code) => !sources.includes(`'${code}'`) && !sources.includes(`"${code}"`));
    expect(untested).toEqual([]);
  });

  it('takes the severity from the catalogue', () => {
    expect(createDiagnostic('nav/empty-group', { message: 'm', file: 'docs.json' })).toEqual({
      code: 'nav/empty-group',
      severity: 'warning',
      message: 'm',
      file: 'docs.json',
    });
  });

  it('keeps the version equal to package.json', () => {
    expect(SHEAF_VERSION).toBe(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version);
  });
});
