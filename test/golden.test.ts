import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden, normaliseAssetHashes, readGolden } from './golden.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'sheaf-golden-'));

describe('golden files (test/golden.ts)', () => {
  it('fails on a missing golden, writes nothing, and names UPDATE=1', () => {
    const file = path.join(dir(), 'missing.html');
    expect(() => expectGolden(file, '<p>x</p>\n')).toThrow(/golden file .*missing\.html is missing\. Run the test with UPDATE=1 to write it/);
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
  });

  it('writes the golden, its folder too, only when asked to (UPDATE=1)', () => {
    const file = path.join(dir(), 'new', 'page.html');
    expect(readGolden(file, '<script src="_sheaf/sheaf.0123456789.js"></script>\n', true)).toBe('<script src="_sheaf/sheaf.<hash>.js"></script>\n');
    expect(readFileSync(file, 'utf8')).toBe('<script src="_sheaf/sheaf.<hash>.js"></script>\n');
  });

  it('compares hashed asset names as name.<hash>.ext, so new client code does not change a golden', () => {
    const file = path.join(dir(), 'page.html');
    writeFileSync(file, '<link href="_sheaf/sheaf.<hash>.css"><script src="_sheaf/mermaid-init.<hash>.js"></script>\n');
    expectGolden(file, '<link href="_sheaf/sheaf.3f9a0c12de.css"><script src="_sheaf/mermaid-init.7c43269201.js"></script>\n');
    expect(() => expectGolden(file, '<link href="_sheaf/other.3f9a0c12de.css"><script src="_sheaf/mermaid-init.7c43269201.js"></script>\n')).toThrow(/expected/);
  });

  it('normalises only 10 hex digits between a name and an extension', () => {
    expect(normaliseAssetHashes('a.0123456789.js b.abcdef0123.woff2 c.abc123.css d.0123456789a.js e.0123456789')).toBe('a.<hash>.js b.<hash>.woff2 c.abc123.css d.0123456789a.js e.0123456789');
  });
});
