import { afterAll, describe, expect, it } from 'vitest';
import { createCaseRunner } from './case-runner.js';
import { CASE_LIMIT_MS } from './fuzz-property.js';
import type { FuzzCase } from './fuzz-case.js';

/**
 * What the fuzz suite found, each as its minimal input, run as the suite runs a case (in a
 * worker, with the per-case time limit). Each line names what it did before its fix.
 */

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const page = (source: string): FuzzCase => ({ kind: 'mdx', files: { 'page.mdx': bytes(source) } });
const nestedLines = (n: number): string => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');

const FINDINGS: readonly { readonly name: string; readonly input: FuzzCase }[] = [
  // internal/error "Maximum call stack size exceeded" (seed 1: a run of 3,000 `*` inserted by deep-nesting).
  { name: 'MDX: a run of 3,000 emphasis markers', input: page(`${'*'.repeat(3_000)}x${'*'.repeat(3_000)}`) },
  // internal/error in the plain-Markdown fallback, after 7 s.
  { name: 'MDX: a run of 2,000 underscores', input: page(`${'_'.repeat(2_000)}x${'_'.repeat(2_000)}`) },
  // internal/error after 4.6 s: 3,000 nested lists on one line.
  { name: 'MDX: 3,000 list markers on one line', input: page(`${'* '.repeat(3_000)}x`) },
  // internal/error: GFM's autolink transform recursed through 10,000 elements.
  { name: 'MDX: 10,000 nested elements', input: page(`${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`) },
  // Hang (no answer in 60 s; seed 11, case 218): an expression nesting 30,000 brackets.
  { name: 'MDX: an expression nesting 30,000 brackets', input: page(`${'{['.repeat(30_000)}1${']}'.repeat(30_000)}`) },
  // 194 s: 2,000 lines of lists nested by indentation.
  { name: 'MDX: 2,000 lines nested by indentation', input: page(nestedLines(2_000)) },
  // Hang (no answer in 60 s; seed 23, case 205): the same lines inside a bash code fence (highlighting).
  { name: 'MDX: a bash block of 2,000 lines up to 4,000 characters', input: page(`\`\`\`bash\n${nestedLines(2_000)}\n\`\`\`\n`) },
];

describe('fuzz findings, kept as regression cases', () => {
  const runner = createCaseRunner(CASE_LIMIT_MS);
  afterAll(() => runner.close());

  for (const finding of FINDINGS) {
    it(`${finding.name}: no exception, internal/* diagnostic, hang or crash`, async () => {
      expect(await runner.run(finding.input)).toMatchObject({ ok: true });
    });
  }
});
