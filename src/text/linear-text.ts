/**
 * String operations whose obvious regular expression backtracks quadratically on a long run of
 * one character (`/\/+$/` over 300,000 slashes followed by a letter takes 30 s in V8; so does
 * `/\{[^}]*\}/g` over 300,000 `{`). Every string from a docs source may be that long, so stages use
 * these linear versions. `test/text/regex-linear.test.ts` finds the regular expressions that would
 * need them.
 */

/** `s` without the leading and trailing characters that are in `chars`. */
export function trimChars(s: string, chars: CharSet): string {
  return trimTrailing(trimLeading(s, chars), chars);
}

/** Characters to trim: the ones in a string, or those a test accepts (e.g. `(c) => /\s/.test(c)`). */
export type CharSet = string | ((char: string) => boolean);
const has = (chars: CharSet, char: string): boolean => (typeof chars === 'string' ? chars.includes(char) : chars(char));

/** `s` without the trailing characters that are in `chars` (what `/[chars]+$/` removes). */
export function trimTrailing(s: string, chars: CharSet): string {
  let end = s.length;
  while (end > 0 && has(chars, s.charAt(end - 1))) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** `s` without the leading characters that are in `chars` (what `/^[chars]+/` removes). */
export function trimLeading(s: string, chars: CharSet): string {
  let start = 0;
  while (start < s.length && has(chars, s.charAt(start))) start++;
  return start === 0 ? s : s.slice(start);
}

/** `s` up to the first of `chars` (what `/[chars].*$/` removes from a one-line string): a URL without its query and fragment. */
export function cutAt(s: string, chars: string): string {
  for (let i = 0; i < s.length; i++) if (chars.includes(s.charAt(i))) return s.slice(0, i);
  return s;
}

/**
 * Each `open…close` in `s` (the leftmost `open` up to the next `close`, as `/\{([^}]*)\}/g`
 * matches for `{` and `}`) replaced by `replace(whole, inner)`. With `nonEmpty`, an empty pair is
 * left as it is (as `/\{([^}]+)\}/g`).
 */
export function replaceDelimited(s: string, open: string, close: string, replace: (whole: string, inner: string) => string, nonEmpty = false): string {
  let out = '';
  let from = 0;
  let start = s.indexOf(open);
  while (start >= 0) {
    const end = s.indexOf(close, start + 1);
    if (end < 0) break;
    if (nonEmpty && end === start + 1) {
      // An empty pair does not match; the search goes on from the next `open` after it.
      start = s.indexOf(open, start + 1);
      continue;
    }
    out += s.slice(from, start) + replace(s.slice(start, end + 1), s.slice(start + 1, end));
    from = end + 1;
    start = s.indexOf(open, from);
  }
  return from === 0 ? s : out + s.slice(from);
}

/** Each `{name}` of `s` replaced (`/\{([^}]+)\}/g`, linear). */
export function replaceBraced(s: string, replace: (whole: string, inner: string) => string, nonEmpty = false): string {
  return replaceDelimited(s, '{', '}', replace, nonEmpty);
}
