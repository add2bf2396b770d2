import { guardNesting, type NestingGuards } from './source-nesting.js';
import { findCodeRanges, inRanges, type TextRange } from './find-code-ranges.js';
import { applyEdits, type TextEdit } from '../../../parse/text-edits.js';

/** A `{{name}}` placeholder with no value in docs.json `variables`. */
export interface UnknownVariable {
  readonly name: string;
  /** Offset in the original source. */
  readonly offset: number;
}

export interface PreprocessedSource {
  /** The text handed to the MDX compiler. */
  readonly text: string;
  /** The original offset of an offset in `text`. */
  readonly toOriginal: (offset: number) => number;
  readonly unknownVariables: readonly UnknownVariable[];
  /** Where the nesting guards turned markup into text (offsets in the original source). */
  readonly nesting: Omit<NestingGuards, 'edits'>;
}

/** Variable names are letters, digits, `_` and `-` (Mintlify: alphanumeric and hyphens). */
const VARIABLE = /\{\{([A-Za-z0-9_-]+)\}\}/g;
const COMMENT = /<!--[\s\S]*?-->/g;
/** A void tag not closed with `/>`; attribute expressions may nest braces once (`style={{ width: 10 }}`). */
const VOID_TAG =
  /<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)\b((?:[^<>"'{}/]|\/(?!>)|"[^"]*"|'[^']*'|\{(?:[^{}]|\{[^{}]*\})*\})*)>/g;
const CLOSING_BR = /<\/br\s*>/gi;
const AUTOLINK = /<(https?:\/\/[^\s<>]+)>/g;

/**
 * Rewrites what authors commonly write in Mintlify pages but MDX rejects, outside code and
 * frontmatter: HTML comments are removed (their line breaks kept, so lines still match the
 * file), unclosed void tags (`<br>`, `<img …>`) are closed, `</br>` becomes `<br />`, and
 * `<https://…>` autolinks become links. `{{name}}` is replaced by its docs.json variable
 * everywhere (code included); an unknown one is kept as written, its braces turned into
 * character references so MDX shows them as text. Nesting past the guards of
 * source-nesting.ts (indentation, containers on one line, delimiter runs, expression depth) becomes text.
 */
export function preprocessSource(source: string, variables: Readonly<Record<string, string>>): PreprocessedSource {
  const code = findCodeRanges(source);
  const edits: TextEdit[] = [];
  const comments: TextRange[] = [];
  for (const m of source.matchAll(COMMENT)) {
    if (inRanges(code, m.index)) continue;
    const end = m.index + m[0].length;
    // `a <!-- c --> b` becomes `a b`: the spaces before the comment go with it.
    let start = m.index;
    if (/^[ \t\r\n]|^$/.test(source.slice(end, end + 1))) while (start > 0 && /[ \t]/.test(source[start - 1] ?? '')) start -= 1;
    comments.push({ start, end });
    edits.push({ start, end, text: m[0].replace(/[^\n]/g, '') });
  }
  const literal = (offset: number) => inRanges(code, offset) || inRanges(comments, offset);
  const unknownVariables: UnknownVariable[] = [];
  for (const m of source.matchAll(VARIABLE)) {
    const name = m[1] ?? '';
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (inRanges(comments, m.index)) continue;
    if (value !== undefined) {
      edits.push({ start: m.index, end: m.index + m[0].length, text: value });
    } else if (!literal(m.index) && source[m.index - 1] !== '=') {
      unknownVariables.push({ name, offset: m.index });
      edits.push({ start: m.index, end: m.index + 2, text: '&#123;&#123;' });
    }
  }
  // Closing tags consumed by the void tag before them, with only white space between (`<br></br>`
  // is one `<br />`; so is `<img …>` then `</img>` on the next line, which Mintlify's JSX accepts).
  // The line breaks in between are kept, so later lines still match the file.
  const consumed = new Set<number>();
  for (const m of source.matchAll(VOID_TAG)) {
    const end = m.index + m[0].length;
    if (literal(m.index)) continue;
    // `<br> </br>` stays two breaks, as in a browser (which reads `</br>` as `<br>`).
    const closing = new RegExp(`(${m[1]?.toLowerCase() === 'br' ? '' : '\\s*'})</${m[1] ?? ''}\\s*>`, 'iy');
    closing.lastIndex = end;
    const found = closing.exec(source);
    const space = found?.[1] ?? '';
    if (found) consumed.add(end + space.length);
    edits.push({ start: end - 1, end: end + (found ? found[0].length : 0), text: ` />${space.replace(/[^\n]/g, '')}` });
  }
  for (const m of source.matchAll(CLOSING_BR)) {
    if (!literal(m.index) && !consumed.has(m.index)) edits.push({ start: m.index, end: m.index + m[0].length, text: '<br />' });
  }
  for (const m of source.matchAll(AUTOLINK)) {
    const url = m[1] ?? '';
    if (!literal(m.index)) edits.push({ start: m.index, end: m.index + m[0].length, text: `[${url}](${url})` });
  }
  // The guards see code blocks only as far as their list item or quote reaches: a deep
  // expression after a list's unclosed fence is markup to the parser.
  const { edits: guarded, ...nesting } = guardNesting(source, findCodeRanges(source, 'container'));
  // Not `push(...guarded)`: a hostile page can need hundreds of thousands of escapes, more
  // arguments than a call takes.
  const edited = applyEdits(source, edits.concat(guarded));
  return { text: edited.text, toOriginal: edited.toOriginal, unknownVariables, nesting };
}

/**
 * Blanks top-level `import`/`export` blocks (up to the next blank line, as MDX reads them), for
 * the plain-Markdown fallback where they would otherwise show as text. Line breaks are kept.
 */
export function blankEsm(text: string): string {
  const code = findCodeRanges(text);
  return text.replace(/^(?:import|export)\b[\s\S]*?(?=\r?\n[ \t]*\r?\n|$(?![\s\S]))/gm, (block, offset: number) =>
    inRanges(code, offset) ? block : block.replace(/[^\n]/g, ''),
  );
}
