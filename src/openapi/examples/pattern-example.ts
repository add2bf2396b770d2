import randexpModule from 'randexp';
import { closingParen, tokenEnd, type AuthorPattern } from './author-pattern.js';

export { compilePattern, type AuthorPattern } from './author-pattern.js';

type RandExpClass = typeof import('randexp').default;
/**
 * randexp is CommonJS (`module.exports = RandExp`): Node's ESM default import is the class
 * itself, while its types describe `exports.default`. Either shape is accepted.
 */
const RandExp: RandExpClass = (randexpModule as unknown as { default?: RandExpClass }).default ?? (randexpModule as unknown as RandExpClass);

/** Repetitions `*` and `+` stand for, at most (randexp's default of 100 makes unreadable examples). */
const MAX_REPEAT = 8;
/** Strings drawn per pattern before giving up. */
const ATTEMPTS = 24;
/** A pattern asking for more repetitions than this (`a{100000}`) is not generated from. */
const MAX_QUANTIFIER = 256;
/** Generated strings longer than this (code points) are discarded; a `minLength` above it gives no pattern example. */
const MAX_LENGTH = 1_024;
/**
 * Most characters one randexp draw may produce, by the pattern's worst case (nested repetitions
 * multiply: `((a*)*)*` at 1,000 repetitions each would be 10^9): above it the draw is made with
 * `MAX_REPEAT`, else not at all. Bounds randexp's time and memory on hostile patterns.
 */
const MAX_DRAW = 65_536;

export interface LengthRange {
  readonly min: number;
  readonly max: number;
}

export const codePoints = (s: string): number => [...s].length;

/**
 * A string matching `pattern` (JSON Schema's unanchored search) with a length in `length`,
 * drawn by randexp from a generator seeded with the pattern itself, so the same pattern gives
 * the same string on every build. randexp does not follow lookarounds: a lookahead `(?=X)`
 * (password rules such as `(?=.*[a-z])(?=.*[0-9])`) is drawn apart and its string put where it
 * stands, else at the end or the start; other lookarounds are left to the final test. Every
 * draw is tested against the pattern. `undefined` when none of the draws fits (Unicode property
 * classes, back-references) or the pattern asks for more than `MAX_QUANTIFIER` repetitions.
 * Draws are tested by `AuthorPattern.test` (linear time); a pattern it cannot decide (lookarounds
 * other than leading lookaheads, back-references) gives no example, nor does a `minLength` above
 * `MAX_LENGTH` or a pattern whose draws could exceed `MAX_DRAW` characters.
 */
export function patternExample(pattern: AuthorPattern, length: LengthRange): string | undefined {
  if (hugeQuantifier(pattern.source) || length.min > MAX_LENGTH || pattern.test('') === undefined) return undefined;
  const parts = splitLookarounds(pattern.source);
  const sources = [parts.source, ...parts.lookaheads];
  if (sources.some((source) => drawBound(source, MAX_REPEAT) > MAX_DRAW)) return undefined;
  const random = seededRandom(pattern.source);
  const main = generatorFor(parts.source, pattern.flags, random);
  const aheads = parts.lookaheads.flatMap((source) => generatorFor(source, pattern.flags, random) ?? []);
  if (!main || aheads.length < parts.lookaheads.length) return undefined;
  const longRepeat = Math.max(MAX_REPEAT, Math.min(length.max, length.min + MAX_REPEAT));
  const lateRepeat = drawBound(parts.source, longRepeat) > MAX_DRAW ? MAX_REPEAT : longRepeat;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const late = attempt >= ATTEMPTS / 2;
    // Later draws allow more repetitions, for patterns whose strings must be long; lookaheads
    // are drawn as short as they allow first (`.*[a-z]` → one letter).
    const base = draw(main, late ? lateRepeat : MAX_REPEAT);
    const inserts = aheads.map((g) => draw(g, late ? MAX_REPEAT : 0));
    if (base === undefined || inserts.some((text) => text === undefined)) return undefined;
    for (const text of candidates(base, inserts.join(''), parts.lookaheads.length > 0, length.min)) {
      const size = codePoints(text);
      if (size > MAX_LENGTH || size < length.min || size > length.max) continue;
      if (pattern.test(text) === true) return text;
    }
  }
  return undefined;
}

/**
 * The most characters (UTF-16 code units, counting each atom as one) randexp may draw for
 * `source` when `*`, `+` and `{n,}` stand for at most `repeat` more repetitions. An upper bound:
 * alternatives are added, not compared.
 */
export function drawBound(source: string, repeat: number): number {
  let total = 0;
  let i = 0;
  while (i < source.length) {
    let atom = 1;
    let end = tokenEnd(source, i);
    if (source[i] === '(') {
      const close = closingParen(source, i);
      atom = drawBound(source.slice(i + 1, close).replace(/^\?(?::|=|!|<=|<!|<[^>]*>)/, ''), repeat);
      end = close + 1;
    } else if (source[i] === '|' || source[i] === '^' || source[i] === '$') {
      atom = 0;
    }
    const q = quantifier(source, end, repeat);
    total += atom * q.times;
    i = q.end;
  }
  return total;
}

/** The most repetitions the quantifier at `i` (if any) allows, and the index after it (and its lazy `?`). */
function quantifier(source: string, i: number, repeat: number): { readonly times: number; readonly end: number } {
  const braces = /^\{(\d+)(?:(,)(\d*))?\}/.exec(source.slice(i, i + 24));
  let times = 1;
  let end = i;
  if (source[i] === '*' || source[i] === '+') [times, end] = [repeat, i + 1];
  else if (source[i] === '?') [times, end] = [1, i + 1];
  else if (braces) {
    const min = Number(braces[1]);
    times = braces[3] ? Number(braces[3]) : braces[2] ? min + repeat : min;
    end = i + braces[0].length;
  }
  return { times, end: end > i && source[end] === '?' ? end + 1 : end };
}

/**
 * The strings to test for one draw: the lookaheads' strings where the first of them stood, else
 * at the end or the start; each also padded to `min` code points when short (lookahead-only
 * patterns such as password rules rarely reach a `minLength` by themselves).
 */
function candidates(base: string, insert: string, lookaheads: boolean, min: number): string[] {
  const [before = '', ...after] = base.split(MARKER);
  const bare = [before, ...after].join('');
  const texts = lookaheads ? (after.length > 0 ? [before + insert + after.join('')] : []).concat([bare + insert, insert + bare]) : [base];
  return texts.flatMap((text) => (codePoints(text) >= min ? [text] : [text, text + FILLER.repeat(min).slice(0, min - codePoints(text))]));
}

/** Pads strings shorter than `minLength`. */
const FILLER = 'string';

/** Stands where a lookahead was: a private-use character no pattern of a real document asks for. */
const MARKER = '\uE000';

function generatorFor(source: string, flags: string, random: () => number): InstanceType<RandExpClass> | undefined {
  try {
    const generator = new RandExp(source, flags);
    generator.randInt = (a: number, b: number) => a + Math.floor(random() * (b - a + 1));
    return generator;
  } catch {
    return undefined;
  }
}

function draw(generator: InstanceType<RandExpClass>, max: number): string | undefined {
  generator.max = max;
  try {
    return generator.gen();
  } catch {
    return undefined;
  }
}

/**
 * `source` with its lookaheads `(?=X)` replaced by `MARKER` (the `X`s returned apart) and its
 * other lookarounds (`(?!X)`, `(?<=X)`, `(?<!X)`) removed. Escapes and character classes are skipped over.
 */
export function splitLookarounds(source: string): { readonly source: string; readonly lookaheads: readonly string[] } {
  const lookaheads: string[] = [];
  let out = '';
  let i = 0;
  while (i < source.length) {
    const kind = source[i] === '(' ? LOOKAROUNDS.find((k) => source.startsWith(k, i + 1)) : undefined;
    if (kind === undefined) {
      const end = tokenEnd(source, i);
      out += source.slice(i, end);
      i = end;
      continue;
    }
    const close = closingParen(source, i);
    const inner = source.slice(i + kind.length + 1, close);
    if (kind === '?=') {
      lookaheads.push(inner);
      out += '\\uE000';
    }
    i = close + 1;
  }
  return { source: out, lookaheads };
}

const LOOKAROUNDS = ['?=', '?!', '?<=', '?<!'];

function hugeQuantifier(source: string): boolean {
  for (const match of source.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    if (Number(match[1]) > MAX_QUANTIFIER || (match[2] !== undefined && match[2] !== '' && Number(match[2]) > MAX_QUANTIFIER)) return true;
  }
  return false;
}

/** A deterministic generator of numbers in [0, 1): mulberry32 seeded by the FNV-1a hash of `text`. */
function seededRandom(text: string): () => number {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
