const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * The character offset of the first `{` or `[` that opens nesting level `max + 1` of a JSON
 * text, or `undefined` when the text nests at most `max` levels. Brackets inside strings do not
 * count. One pass over the text without building anything, so it can run before a parser that
 * recurses per level (and on text that is not valid JSON: it then counts the brackets a parser
 * would see, which bounds that parser's recursion).
 */
export function findTooDeep(text: string, max: number): number | undefined {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i);
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return i;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth > 0) depth -= 1;
    }
  }
  return undefined;
}

/** The offset of the quote closing the string opened at `start` (the text's end when unterminated). */
function endOfString(text: string, start: number): number {
  let at = start;
  for (;;) {
    const close = text.indexOf('"', at + 1);
    if (close === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return close;
    at = close;
  }
}
