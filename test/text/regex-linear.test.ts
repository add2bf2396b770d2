import { RegExpParser } from '@eslint-community/regexpp';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyse } from 'scslre';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cutAt, replaceBraced, replaceDelimited, trimChars, trimTrailing } from '../../src/text/linear-text.js';
import { markdownToText } from '../../src/render/operation/markdown-html.js';
import { refreshUrl } from '../../src/emit/link-check.js';
import { slugify } from '../../src/openapi/slug.js';
import { sourceFiles } from '../source-files.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Regular expressions in src/ that can take quadratic (or worse) time on some input, as scslre
 * (the analysis of eslint-plugin-regexp's no-super-linear-* rules) finds them, with why each is
 * safe where it is. Every string from a docs source may be 300,000 characters long (the fuzz
 * suite's huge strings): one such pattern over it takes 30 s or more.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/project-fs/read-policy.ts /^\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]*)\\s*$/i': 'reads a size given by the operator (flag or environment), never a source',
  'src/render/inline-markdown-syntax.ts TOKEN': 'only texts of at most 4,000 characters are parsed (MAX_INLINE_CHARS)',
  'src/render/mdx/code/parse-code-meta.ts TOKEN': 'only meta strings of at most 4,000 characters are parsed (MAX_META_CHARS)',
  'src/render/mdx/code/parse-code-meta.ts /^\\s*(\\d+)\\s*(?:-\\s*(\\d+))?\\s*$/': 'reads parts of a meta string of at most 4,000 characters',
  'src/render/operation/mdx-endpoint/field-schema.ts /^(.+?)\\s*\\[\\]$/': 'type texts over 200 characters are not read (MAX_TYPE_CHARS)',
  'src/render/operation/mdx-endpoint/field-schema.ts /^(?:array|list)\\s*[<[(]\\s*(.+?)\\s*[>\\])]$/': 'type texts over 200 characters are not read (MAX_TYPE_CHARS)',
  'src/render/operation/mdx-endpoint/field-schema.ts /^(?:array|list)\\s+of\\s+(.+?)s?$/': 'type texts over 200 characters are not read (MAX_TYPE_CHARS)',
  'src/render/operation/mdx-endpoint/field-schema.ts /^enum\\s*<\\s*(.+?)\\s*>$/': 'type texts over 200 characters are not read (MAX_TYPE_CHARS)',
  'src/render/social-image/social-image-assets.ts /unicode-range:\\s*([^;]+);/g': "reads @fontsource/inter's CSS, shipped with Sheaf, never a source",
  'src/render/operation/mdx-endpoint/model-from-mdx.ts ABSOLUTE': 'anchored, and matches whenever its scheme does: nothing to backtrack into',
};

/** Each regular expression literal of src/, as `file literal` (or `file NAME` for a named constant). */
function regexLiterals(): { key: string; literal: string }[] {
  const files = sourceFiles(ROOT, 'src');
  const out: { key: string; literal: string }[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(source);
        const name = ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name) && /^[A-Z_]+$/.test(node.parent.name.text) ? node.parent.name.text : literal;
        out.push({ key: `${file} ${name}`, literal });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe('regular expressions over source text run in linear time', () => {
  it('src/ holds no super-linear pattern but the listed ones, each bounded where it is used', () => {
    const literals = regexLiterals();
    expect(literals.length).toBeGreaterThan(400);
    const flagged = literals
      .filter(({ literal }) => analyse(new RegExpParser({ ecmaVersion: 2025 }).parseLiteral(literal), { reportTypes: { Move: true, Self: true, Trade: true } }).reports.length > 0)
      .map(({ key }) => key);
    expect([...new Set(flagged)].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('the analysis finds the patterns that hung the fuzz suite', () => {
    const flagged = (literal: string) => analyse(new RegExpParser().parseLiteral(literal), { reportTypes: { Move: true, Self: true, Trade: true } }).reports.length;
    expect(flagged(String.raw`/\{[^}]*\}/g`)).toBe(1);
    expect(flagged(String.raw`/\/+$/`)).toBe(1);
    expect(flagged(String.raw`/^\/+|\/+$/g`)).toBe(1);
  });
});

describe('linear-text: the same results as the patterns they replace', () => {
  const text = fc.string({ unit: fc.constantFrom('/', '-', '{', '}', '<', '>', '[', ']', '(', ')', '!', '?', '#', ' ', '\t', 'a', 'b'), maxLength: 24 });
  it('trimTrailing, trimChars, cutAt, replaceDelimited', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(trimTrailing(s, '/')).toBe(s.replace(/\/+$/, ''));
        expect(trimChars(s, '/')).toBe(s.replace(/^\/+|\/+$/g, ''));
        expect(trimChars(s, '\t ')).toBe(s.replace(/^[\t ]+|[\t ]+$/g, ''));
        expect(trimTrailing(s, (c) => /[\s!?-]/.test(c))).toBe(s.replace(/[\s!?-]+$/, ''));
        expect(cutAt(s, '?#')).toBe(s.replace(/[?#].*$/, ''));
        expect(replaceBraced(s, (_w, inner) => `<${inner}>`)).toBe(s.replace(/\{([^}]*)\}/g, (_w, inner: string) => `<${inner}>`));
        expect(replaceBraced(s, (_w, inner) => `<${inner}>`, true)).toBe(s.replace(/\{([^}]+)\}/g, (_w, inner: string) => `<${inner}>`));
        expect(replaceDelimited(s, '<', '>', () => ' ')).toBe(s.replace(/<[^>]*>/g, ' '));
        const oldSlug = (input: string) => {
          let t = input.replace(/ /g, '-').replace(/\{[^}]*\}/g, '-');
          if (t.startsWith('-')) t = t.slice(1);
          if (t.endsWith('-')) t = t.slice(0, -1);
          return t.replace(/[{}(),.'\n/]/g, '').replace(/--/g, '-').toLowerCase();
        };
        expect(slugify(s)).toBe(oldSlug(s));
      }),
      { numRuns: 3_000 },
    );
  });

  it('markdownToText drops link targets as the pattern did', () => {
    const old = (s: string) => s.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    fc.assert(
      fc.property(text, (s) => {
        // Compared on text without the characters markdownToText removes or rewrites after the links.
        const plain = s.replace(/[<>`*_#|~]/g, '');
        expect(markdownToText(plain)).toBe(old(plain).replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 3_000 },
    );
  });

  it('the meta refresh URL', () => {
    expect(refreshUrl("5; url='/next'")).toBe('/next');
    expect(refreshUrl('0;URL="/a b"')).toBe('/a b');
    expect(refreshUrl(' 3 , /plain ')).toBe('/plain');
    expect(refreshUrl('0')).toBe('');
    expect(refreshUrl('0; url="/unclosed')).toBe('"/unclosed');
  });
});

describe('the strings that hung the fuzz suite take linear time', () => {
  // FUZZ_SEED=386690018 case #488: a tag name of 300,000 `{` kept `sheaf check` busy 33 s in slugify.
  it('slugify, server URLs, link labels and meta URLs on 300,000-character runs', () => {
    expect(slugify('{'.repeat(300_000))).toBe('');
    expect(trimTrailing(`${'/'.repeat(300_000)}a`, '/')).toHaveLength(300_001);
    expect(markdownToText('['.repeat(300_000))).toBe('['.repeat(300_000));
    expect(markdownToText('[a]('.repeat(100_000))).toBe('[a]('.repeat(100_000).trim());
    expect(refreshUrl(`0${' '.repeat(300_000)}"${'x'.repeat(1_000)}`)).toHaveLength(1_001);
    // Timing is not asserted (the bench is for timings); a regression shows as this test's time-out.
  });
});
