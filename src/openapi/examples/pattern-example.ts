import randexpModule from 'randexp';

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
/** Generated strings longer than this (code points) are discarded. */
const MAX_LENGTH = 1_024;

export interface LengthRange {
  readonly min: number;
  readonly max: number;
}

/** `pattern` as a RegExp (Unicode mode first, as JSON Schema reads it), or `undefined` when no RegExp reads it. */
export function compilePattern(pattern: unknown): RegExp | undefined {
  if (typeof pattern !== 'string') return undefined;
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Not valid with these flags: try the next.
    }
  }
  return undefined;
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
 */
export function patternExample(pattern: RegExp, length: LengthRange): string | undefined {
  if (hugeQuantifier(pattern.source)) return undefined;
  const parts = splitLookarounds(pattern.source);
  const random = seededRandom(pattern.source);
  const main = generatorFor(parts.source, pattern.flags, random);
  const aheads = parts.lookaheads.flatMap((source) => generatorFor(source, pattern.flags, random) ?? []);
  if (!main || aheads.length < parts.lookaheads.length) return undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const late = attempt >= ATTEMPTS / 2;
    // Later draws allow more repetitions, for patterns whose strings must be long; lookaheads
    // are drawn as short as they allow first (`.*[a-z]` → one letter).
    const base = draw(main, late ? Math.max(MAX_REPEAT, Math.min(length.max, length.min + MAX_REPEAT)) : MAX_REPEAT);
    const inserts = aheads.map((g) => draw(g, late ? MAX_REPEAT : 0));
    if (base === undefined || inserts.some((text) => text === undefined)) return undefined;
    for (const text of candidates(base, inserts.join(''), parts.lookaheads.length > 0, length.min)) {
      const size = codePoints(text);
      if (size > MAX_LENGTH || size < length.min || size > length.max) continue;
      if (pattern.test(text)) return text;
    }
  }
  return undefined;
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

/** The index after the token at `i`: an escape (two characters), a character class, or one character. */
function tokenEnd(source: string, i: number): number {
  if (source[i] === '\\') return i + 2;
  if (source[i] !== '[') return i + 1;
  let j = i + 1;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** The index of the `)` closing the group opened at `open` (the end of `source` when unbalanced). */
function closingParen(source: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < source.length) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && --depth === 0) return i;
    i = tokenEnd(source, i);
  }
  return source.length;
}

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
