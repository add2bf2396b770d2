import { RE2JS } from 're2js';

/**
 * An author's JSON Schema `pattern`, matched in time linear in the text's length.
 *
 * Patterns come from untrusted documents (the export service builds projects it did not write),
 * and JavaScript's backtracking RegExp takes exponential time on patterns such as `^(a+)+$` or
 * `(a|a)*$`. So no author pattern is ever run by RegExp: each is matched by re2js (a pure
 * JavaScript port of RE2, linear time, no native build). The native RegExp only tells whether
 * the pattern is valid ECMA-262 at all (compiling does not run it).
 *
 * RE2 reads neither lookarounds nor back-references. One shape of them is still matched in
 * linear time: lookaheads standing at the very start (after an optional `^`), as password rules
 * are written (`^(?=.*[a-z])(?=.*\d)[\w]{8,}$`). Each lookahead, and the rest, is matched on its
 * own from the start; without `^`, from each start position in turn (texts up to `SCAN_LIMIT`
 * code units). Any other lookaround or a back-reference makes the pattern unreadable: `test`
 * answers `undefined` ("cannot tell"), and callers skip pattern-based generation for it (the
 * given example or the placeholder stands) and take an authored value as matching.
 */
export interface AuthorPattern {
  /** The pattern as written. */
  readonly source: string;
  /** The flags the native RegExp accepted it with (`u` when valid in Unicode mode, else none). */
  readonly flags: string;
  /** JSON Schema's unanchored search of the pattern in `text`; `undefined` when it cannot be decided in linear time. */
  test(text: string): boolean | undefined;
}

/** Longest text (UTF-16 code units) an unanchored leading-lookahead pattern is searched in, from each position. */
const SCAN_LIMIT = 1_024;

/** `pattern` as an `AuthorPattern`, or `undefined` when it is not a string or not a valid ECMA-262 pattern. */
export function compilePattern(pattern: unknown): AuthorPattern | undefined {
  if (typeof pattern !== 'string') return undefined;
  const flags = ['u', ''].find((f) => validRegExp(pattern, f));
  if (flags === undefined) return undefined;
  const whole = re2(pattern);
  if (whole) return { source: pattern, flags, test: (text) => whole.matcher(text).find() };
  const split = leadingLookaheads(pattern);
  if (!split) return { source: pattern, flags, test: () => undefined };
  const { anchored, checks } = split;
  const at = (text: string) => checks.every((c) => c.matcher.matcher(text).lookingAt() === c.expect);
  return {
    source: pattern,
    flags,
    test: (text) => {
      if (anchored) return at(text);
      if (text.length > SCAN_LIMIT) return undefined;
      for (let p = 0; p <= text.length; p += 1) if (at(text.slice(p))) return true;
      return false;
    },
  };
}

function validRegExp(pattern: string, flags: string): boolean {
  try {
    // Compiled only, never run against a text.
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

function re2(source: string): RE2JS | undefined {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source));
  } catch {
    return undefined;
  }
}

interface Check {
  readonly matcher: RE2JS;
  /** `true` for `(?=X)` and the rest, `false` for `(?!X)`. */
  readonly expect: boolean;
}

/**
 * `^?(?=X1)(?!X2)…REST` split into RE2 patterns matched from the start (`lookingAt`), when every
 * part is RE2-readable, the pattern has no top-level `|` (it would split the lookaheads from part
 * of the rest) and, unanchored, no part holds `^`, `\b` or `\B` (their meaning at a sliced start
 * differs). `undefined` otherwise.
 */
function leadingLookaheads(source: string): { readonly anchored: boolean; readonly checks: readonly Check[] } | undefined {
  const anchored = source.startsWith('^');
  let i = anchored ? 1 : 0;
  const parts: { source: string; expect: boolean }[] = [];
  while (source.startsWith('(?=', i) || source.startsWith('(?!', i)) {
    const close = closingParen(source, i);
    if (close >= source.length) return undefined;
    parts.push({ source: source.slice(i + 3, close), expect: source[i + 2] === '=' });
    i = close + 1;
  }
  if (parts.length === 0) return undefined;
  const rest = source.slice(i);
  if (topLevelBar(rest)) return undefined;
  parts.push({ source: rest, expect: true });
  const checks: Check[] = [];
  for (const part of parts) {
    if (!anchored && startSensitive(part.source)) return undefined;
    const matcher = re2(`(?:${part.source})`);
    if (!matcher) return undefined;
    checks.push({ matcher, expect: part.expect });
  }
  return { anchored, checks };
}

/** Whether `source` holds `^`, `\b` or `\B` outside character classes. */
function startSensitive(source: string): boolean {
  for (let i = 0; i < source.length; i = tokenEnd(source, i)) {
    const token = source.slice(i, tokenEnd(source, i));
    if (token === '^' || token === '\\b' || token === '\\B') return true;
  }
  return false;
}

/** Whether `source` has a `|` outside every group and character class. */
function topLevelBar(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i = tokenEnd(source, i)) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')') depth -= 1;
    else if (source[i] === '|' && depth === 0) return true;
  }
  return false;
}

/** The index after the token at `i`: an escape (two characters), a character class, or one character. */
export function tokenEnd(source: string, i: number): number {
  if (source[i] === '\\') return i + 2;
  if (source[i] !== '[') return i + 1;
  let j = i + 1;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** The index of the `)` closing the group opened at `open` (the end of `source` when unbalanced). */
export function closingParen(source: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < source.length) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && --depth === 0) return i;
    i = tokenEnd(source, i);
  }
  return source.length;
}
