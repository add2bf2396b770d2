import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/diagnostics/catalogue.js';
import { createDiagnostic } from '../../src/diagnostics/create.js';
import { SHEAF_VERSION } from '../../src/version.js';

const TEST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.resolve(TEST_DIR, '..');

/** Every TypeScript file under test/ (helpers too), fixtures left out. */
function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'fixtures') return [];
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** `expect(…)`, `expect.poll(…)` or `expect.soft(…)`: the call an assertion chain starts from. */
function isExpectCall(node: ts.Expression): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'expect';
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'expect' && ['poll', 'soft'].includes(callee.name.text);
}

/** A matcher call of a positive assertion: `expect(x).toBe(…)`, `expect(p).resolves.toMatchObject(…)`; never one under `.not`. */
function isPositiveMatcher(node: ts.CallExpression): boolean {
  if (!ts.isPropertyAccessExpression(node.expression)) return false;
  let chain: ts.Expression = node.expression.expression;
  while (ts.isPropertyAccessExpression(chain)) {
    if (chain.name.text === 'not') return false;
    chain = chain.expression;
  }
  return isExpectCall(chain);
}

/**
 * The diagnostic codes among `codes` that some test expects to see: the code stands in a string
 * or template literal among the arguments of a positive matcher (`toEqual(['nav/empty-group'])`,
 * `toMatchObject({ code: 'ref/invalid' })`, `toContain('[openapi/too-deep]')`), or in the
 * initializer of a variable of the file those arguments name (`const d = { code: … }` then
 * `toEqual([{ ...d, line: 5 }])`); not merely in the subject of an assertion, in input, or in
 * a negated assertion.
 */
function codesExpected(text: string, codes: readonly string[]): Set<string> {
  const source = ts.createSourceFile('test.ts', text, ts.ScriptTarget.Latest, true);
  const patterns = codes.map((code) => [code, new RegExp(`(?<![\\w/-])${code.replace(/[/-]/g, '\\$&')}(?![\\w-])`)] as const);
  const initializers = new Map<string, ts.Expression[]>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      initializers.set(node.name.text, [...(initializers.get(node.name.text) ?? []), node.initializer]);
    }
    node.forEachChild(collect);
  };
  collect(source);
  const followed = new Set<string>();
  const seen = new Set<string>();
  const visit = (node: ts.Node, expected: boolean): void => {
    if (expected && (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))) {
      for (const [code, pattern] of patterns) if (pattern.test(node.text)) seen.add(code);
    }
    if (expected && ts.isIdentifier(node) && !followed.has(node.text)) {
      followed.add(node.text);
      for (const initializer of initializers.get(node.text) ?? []) visit(initializer, true);
    }
    if (ts.isCallExpression(node) && isPositiveMatcher(node)) {
      visit(node.expression, expected);
      for (const argument of node.arguments) visit(argument, true);
      return;
    }
    node.forEachChild((child) => visit(child, expected));
  };
  visit(source, false);
  return seen;
}

describe('diagnostic catalogue', () => {
  it('names every code area/name in kebab case, with a severity and a summary', () => {
    for (const [code, entry] of Object.entries(catalogue)) {
      expect(code).toMatch(/^[a-z]+\/[a-z0-9-]+$/);
      expect(['error', 'warning', 'info']).toContain(entry.severity);
      expect(entry.summary.length).toBeGreaterThan(20);
    }
  });

  it('has every code expected by an assertion of some test (this file aside)', () => {
    const codes = Object.keys(catalogue);
    const files = testFiles(TEST_DIR).filter((file) => file !== fileURLToPath(import.meta.url));
    const expected = new Set(files.flatMap((file) => [...codesExpected(readFileSync(file, 'utf8'), codes)]));
    expect(codes.filter((code) => !expected.has(code))).toEqual([]);
  });

  it('counts a code only where a positive assertion expects it', () => {
    const seen = (text: string) => [...codesExpected(text, ['nav/empty-group', 'ref/invalid'])].sort();
    expect(seen("expect(codes).toEqual(['nav/empty-group', 'ref/invalid']);")).toEqual(['nav/empty-group', 'ref/invalid']);
    expect(seen("expect(d).toMatchObject({ code: 'ref/invalid', line: 5 });")).toEqual(['ref/invalid']);
    expect(seen("await expect(run()).resolves.toContain(`docs.json:5:1  warning  ${m}  [nav/empty-group]`);")).toEqual(['nav/empty-group']);
    expect(seen("await expect.poll(() => codes()).toEqual([expect.objectContaining({ code: 'ref/invalid' })]);")).toEqual(['ref/invalid']);
    expect(seen("expect(codes).not.toContain('nav/empty-group');")).toEqual([]);
    expect(seen("expect(codes.includes('nav/empty-group')).toBe(true);")).toEqual([]);
    expect(seen("const d = createDiagnostic('ref/invalid', { message: 'm' }); expect(d.code).toBe(code);")).toEqual([]);
    expect(seen("expect(codes).toEqual(['nav/empty-group-x', 'xref/invalid']);")).toEqual([]);
    expect(seen("const d = { code: 'ref/invalid' };\nexpect(result.diagnostics).toEqual([{ ...d, line: 5 }]);")).toEqual(['ref/invalid']);
    expect(seen("const input = { code: 'nav/empty-group' };\nexpect(run(input)).toEqual([]);")).toEqual([]);
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
