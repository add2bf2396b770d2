import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/api/build.js';
import { compilePattern, drawBound, patternExample } from '../../../src/openapi/examples/pattern-example.js';
import { generateExample } from '../../../src/openapi/examples/generate-example.js';
import { mayMatch } from '../../../src/openapi/examples/schema-match.js';

/**
 * Authors' patterns against the exact ReDoS attacks: each of these took seconds to forever with
 * the backtracking RegExp. Every pattern is now matched by RE2 (author-pattern.ts); a test that
 * hung would fail by vitest's timeout. Results are asserted, never timings.
 */

const ctx = { document: {}, mode: 'request' } as const;
const gen = (schema: Record<string, unknown>) => generateExample(schema, {}, 'request');
/** The authored value of the attack: 10,000 `a`s then `!`. */
const LONG = 'a'.repeat(10_000) + '!';

describe('ReDoS patterns end', () => {
  it('^(?=.*b)(a+)+$: no string can match, so the placeholder; texts are refused', () => {
    expect(gen({ type: 'string', pattern: '^(?=.*b)(a+)+$' })).toBe('<string>');
    const p = compilePattern('^(?=.*b)(a+)+$')!;
    expect(p.test(LONG)).toBe(false);
    expect(p.test('aaab')).toBe(false);
    expect(p.test('x'.repeat(5_000))).toBe(false);
    expect(mayMatch('a'.repeat(5_000) + 'b', { type: 'string', pattern: '^(?=.*b)(a+)+$' }, ctx)).toBe(false);
  });

  it('^(a+)+$ with minLength 30: a run of a’s at least 30 long', () => {
    const value = gen({ type: 'string', pattern: '^(a+)+$', minLength: 30 });
    expect(value).toBe('a'.repeat(42));
  });

  it('^(a+)+$ against an authored 10,000 a’s and "!" (schema-match path): no match, and a run of a’s matches', () => {
    expect(mayMatch(LONG, { type: 'string', pattern: '^(a+)+$' }, ctx)).toBe(false);
    expect(mayMatch('a'.repeat(10_000), { type: 'string', pattern: '^(a+)+$' }, ctx)).toBe(true);
    // oneOf picks its variant with mayMatch: the authored example does not fit its variant, so the other is shown.
    const oneOf = { oneOf: [{ type: 'string', pattern: '^(a+)+$', example: LONG }, { type: 'integer' }] };
    expect(gen(oneOf)).toBe(123);
  });

  it('(a|a)*$ and (\\w+\\s?)*$ on long inputs', () => {
    expect(compilePattern('^(a|a)*$')!.test(LONG)).toBe(false);
    expect(compilePattern('(a|a)*$')!.test(LONG)).toBe(true);
    expect(compilePattern('^(\\w+\\s?)*$')!.test('ab '.repeat(5_000) + '!')).toBe(false);
    expect(mayMatch('ab '.repeat(5_000) + '!', { type: 'string', pattern: '^(\\w+\\s?)*$' }, ctx)).toBe(false);
    expect(gen({ type: 'string', pattern: '^(a|a)*$', minLength: 40 })).toBe('a'.repeat(43));
    const words = gen({ type: 'string', pattern: '^(\\w+\\s?)*$', minLength: 500 });
    expect(typeof words === 'string' && words.length >= 500 && /^(?:\w+\s?)*$/.test(words.slice(0, 1_024))).toBe(true);
  });

  it('randexp’s work is bounded: nested repetitions and a huge minLength give no drawn string', () => {
    expect(drawBound('((a*)*)*', 8)).toBe(512);
    expect(drawBound('((a{0,1000}){1000})', 8)).toBe(1_000_000);
    expect(patternExample(compilePattern('^((a{0,1000}){1000})b$')!, { min: 0, max: Infinity })).toBeUndefined();
    expect(gen({ type: 'string', pattern: '^(a+)+$', minLength: 1_000_000_000 })).toBe('<string>');
    expect(gen({ type: 'string', minLength: 1_000_000_000 })).toBe('<string>');
  });

  it('patterns RE2 cannot read (back-references, lookbehinds): no generation, authored values taken', () => {
    expect(compilePattern('^(a+)\\1$')!.test('aa')).toBeUndefined();
    expect(gen({ type: 'string', pattern: '^(a+)\\1$' })).toBe('<string>');
    expect(gen({ type: 'string', pattern: '(?<=x)(a+)+$' })).toBe('<string>');
    expect(mayMatch(LONG, { type: 'string', pattern: '^(a+)+\\1$' }, ctx)).toBe(true);
  });

  it('password rules (leading lookaheads) still generate valid strings, anchored or not', () => {
    const anchored = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9])[A-Za-z\\d\\W]{8,}$';
    expect(gen({ type: 'string', pattern: anchored })).toBe('rN7<b%Yr@5.~uqk6');
    expect(compilePattern(anchored)!.test('rN7<b%Yr@5.~uqk6')).toBe(true);
    expect(compilePattern(anchored)!.test('rn7<b%yr@5.~uqk6')).toBe(false);
    expect(gen({ type: 'string', pattern: '(?=.*[^a-z])(?=.*\\d)', minLength: 10 })).toBe('I0stringst');
    expect(compilePattern('^(?!admin)\\w+$')!.test('administrator')).toBe(false);
    expect(compilePattern('^(?!admin)\\w+$')!.test('root')).toBe(true);
  });
});

describe('sheaf build with a hostile pattern', () => {
  it('completes: the impossible pattern shows the placeholder, the authored value is kept', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sheaf-redos-'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'ReDoS', colors: { primary: '#0f766e' }, navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }));
    const schema = { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string', pattern: '^(?=.*b)(a+)+$' }, name: { type: 'string', pattern: '^(a+)+$', minLength: 30, example: LONG } } };
    await writeFile(path.join(root, 'openapi.json'), JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/things': { post: { summary: 'Create thing', requestBody: { content: { 'application/json': { schema } } }, responses: { '200': { description: 'ok' } } } } },
    }));
    const result = await build({ root });
    expect(result.errorCount).toBe(0);
    const html = await readFile(path.join(result.outDir, 'api-reference/create-thing/index.html'), 'utf8');
    // The curl sample's body: the placeholder for the impossible pattern; the authored example,
    // which breaks its pattern, still shown as written (README "shown as written").
    expect(html).toContain('code&quot;: &quot;&lt;string&gt;&quot;,');
    expect(html).toContain(`name&quot;: &quot;${LONG}&quot;`);
    await rm(root, { recursive: true, force: true });
  });
});
