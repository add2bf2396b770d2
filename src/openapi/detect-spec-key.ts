/**
 * Cheap checks for a top-level `openapi` or `swagger` key (or, given `keys`, another one such as
 * AsyncAPI's `asyncapi`) without parsing the whole document.
 * Each returns `true` (found), `false` (certainly absent) or `undefined` (the text ended before
 * the answer was known: a prefix of the file, or broken syntax).
 */

const SPEC_KEYS = new Set(['openapi', 'swagger']);
const STRUCTURE = /["{}[\]]/g;

/** The AsyncAPI document key, for `jsonHasSpecKey(text, ASYNCAPI_KEYS)`. */
export const ASYNCAPI_KEYS: ReadonlySet<string> = new Set(['asyncapi']);

/** A top-level YAML key among `keys` (plain, double- or single-quoted) at the start of a line; keys are plain words. */
function yamlKeyPattern(keys: ReadonlySet<string>): RegExp {
  const words = [...keys].map((k) => k.replace(/[^A-Za-z0-9_-]/g, ''));
  const forms = words.flatMap((w) => [w, `"${w}"`, `'${w}'`]);
  return new RegExp(`^(?:${forms.join('|')})[ \\t]*:`, 'm');
}

/** Scans JSON text at depth 1 of the root object for a spec key; nested content is skipped. */
export function jsonHasSpecKey(text: string, keys: ReadonlySet<string> = SPEC_KEYS): boolean | undefined {
  const start = firstSignificant(text);
  if (start === text.length) return undefined;
  if (text[start] !== '{') return false;
  const structure = new RegExp(STRUCTURE.source, 'g');
  structure.lastIndex = start;
  let depth = 0;
  for (let match = structure.exec(text); match; match = structure.exec(text)) {
    const at = match.index;
    const char = match[0];
    if (char === '"') {
      const end = stringEnd(text, at + 1);
      if (end === -1) return undefined;
      if (depth === 1 && keys.has(text.slice(at + 1, end)) && isFollowedByColon(text, end + 1)) return true;
      structure.lastIndex = end + 1;
    } else if (char === '{' || char === '[') {
      depth += 1;
    } else {
      depth -= 1;
      if (depth === 0) return false;
    }
  }
  return undefined;
}

/**
 * Looks for a spec key at the start of a line in YAML text. Top-level keys of a block mapping are
 * the only keys at column 0, so a match is conclusive; no match in a complete text means absent.
 * A YAML file written as JSON (starting with `{`) is scanned as JSON.
 */
export function yamlHasSpecKey(text: string, complete: boolean, keys: ReadonlySet<string> = SPEC_KEYS): boolean | undefined {
  const start = firstSignificant(text);
  if (text[start] === '{') return jsonHasSpecKey(text, keys);
  if (yamlKeyPattern(keys).test(text)) return true;
  return complete ? false : undefined;
}

/** Index of the first character that is not whitespace, a BOM or (YAML) a comment line. */
function firstSignificant(text: string): number {
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0xfeff) {
      i += 1;
    } else if (code === 0x23 /* # */) {
      const newline = text.indexOf('\n', i);
      i = newline === -1 ? text.length : newline + 1;
    } else {
      break;
    }
  }
  return i;
}

/** Index of the closing quote of a JSON string whose content starts at `from`, or -1. */
function stringEnd(text: string, from: number): number {
  let quote = text.indexOf('"', from);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

function isFollowedByColon(text: string, from: number): boolean {
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (char === ':') return true;
    if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') return false;
  }
  return false;
}
