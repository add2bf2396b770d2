import { describe, expect, it } from 'vitest';
import { createDiagnostic } from '../../src/diagnostics/create.js';
import { formatDiagnostics } from '../../src/diagnostics/format-terminal.js';
import { SHOWN_PER_CODE_AND_FILE } from '../../src/diagnostics/output-limits.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

const brokenLink = (file: string, i: number, column = 1): Diagnostic => ({
  ...createDiagnostic('build/broken-link', { message: `link ${i} on page /p${i} links to no page of the site.`, file, line: 1, column }),
});

describe('terminal diagnostics', () => {
  it('prints the first of a flood of one code in one file, then one line for the rest', () => {
    expect(SHOWN_PER_CODE_AND_FILE).toBe(10);
    const flood = Array.from({ length: 272 }, (_, i) => brokenLink('openapi.json', i));
    const other = createDiagnostic('openapi/ref-not-found', { message: 'a ref', file: 'openapi.json', line: 1, column: 1 });
    const elsewhere = Array.from({ length: 3 }, (_, i) => brokenLink('b.json', 100 + i));
    const text = formatDiagnostics([...flood, other, ...elsewhere], { color: false });
    const blocks = text.split('\n\n');
    expect(blocks).toHaveLength(10 + 1 + 1 + 3 + 1);
    expect(blocks.slice(0, 10).every((b, i) => b.startsWith(`openapi.json:1:1  warning  link ${i} on page`))).toBe(true);
    expect(blocks[10]).toBe('… and 262 more warnings in openapi.json like the ones above  [build/broken-link]\n  hint: `--format json` lists every one.');
    expect(blocks[11]).toContain('[openapi/ref-not-found]');
    expect(blocks.slice(12, 15).map((b) => b.split('  ')[0])).toEqual(['b.json:1:1', 'b.json:1:1', 'b.json:1:1']);
    expect(blocks[15]).toBe('0 errors, 276 warnings');
  });

  it('keeps the output of hundreds of warnings on a 5 MB one-line document small', () => {
    // Mailchimp's description: one line of 5 MB, 272 warnings, each with a code frame.
    const line = `{"openapi":"3.0.0",${'"x":"y",'.repeat(650_000)}"end":1}`;
    const diagnostics = Array.from({ length: 272 }, (_, i) => brokenLink('openapi.json', i, 1 + i * 10_000));
    let reads = 0;
    const text = formatDiagnostics(diagnostics, {
      color: false,
      readText: () => {
        reads += 1;
        return line;
      },
    });
    expect(line.length).toBeGreaterThan(5_000_000);
    expect(reads).toBe(1);
    expect(text.length).toBeLessThan(10 * 700);
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(180);
  });
});
