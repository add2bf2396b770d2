import { inRanges, type TextRange } from './find-code-ranges.js';
import type { TextEdit } from '../../../parse/text-edits.js';

/**
 * Guards on the MDX source against the nesting that makes the Markdown and MDX parsers slow
 * (superlinear time in micromark and acorn, measured below) before they run: what exceeds a
 * guard is turned into text by escaping it. Real pages stay far below every limit.
 */

/**
 * Block containers (`>` quotes and list items) one line may open, at most. micromark checks
 * every open container on every line, so a line of thousands (`* * * * … x`) costs quadratic
 * time (1.4 s for 3,000, measured) and the nested tree overflows the stack of every later step.
 * Real pages nest a few levels; 50 leaves room.
 */
export const MAX_CONTAINERS_PER_LINE = 50;

/**
 * Longest run of one emphasis character (`*`, `_`, `~`) kept as markup. micromark resolves a
 * run of n delimiters into n/2 nested emphasis nodes in quadratic time (1.5 s for 3,000, 4.8 s
 * for 10,000, measured); the rest of a longer run is escaped.
 */
export const MAX_DELIMITER_RUN = 50;

/**
 * Deepest `{ [ (` nesting inside one MDX expression. The expression parser took 8.6 s on 5,000
 * levels before failing (measured); a deeper expression is shown as text.
 */
export const MAX_EXPRESSION_DEPTH = 100;

/** A whole line that is a thematic break (`* * *`), which opens no container. */
const THEMATIC_BREAK = /^[ \t]{0,3}([*_-])(?:[ \t]*\1){2,}[ \t]*$/;

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** The offset just past a container marker at `i` (`>`, `*`/`-`/`+` then a blank, `1.`/`1)` then a blank), or -1. */
function markerEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '>') return i + 1;
  if ((c === '*' || c === '-' || c === '+') && isBlank(text[i + 1])) return i + 1;
  let j = i;
  while (j - i < 9 && isDigit(text[j])) j += 1;
  return j > i && (text[j] === '.' || text[j] === ')') && isBlank(text[j + 1]) ? j + 1 : -1;
}

/** Offset of the marker after the first `MAX_CONTAINERS_PER_LINE` of the line `[start, end)`, or -1. */
function overflowMarker(text: string, start: number, end: number): number {
  let i = start;
  for (let count = 0; i < end; count += 1) {
    // Up to three spaces of indentation before a marker, and the blank after the previous one.
    for (let spaces = 0; spaces < 4 && i < end && isBlank(text[i]); spaces += 1) i += 1;
    const next = i < end ? markerEnd(text, i) : -1;
    if (next === -1) return -1;
    if (count === MAX_CONTAINERS_PER_LINE) return i;
    i = next;
  }
  return -1;
}

/** What the guards changed: the edits, and the first offset each guard acted at (for the diagnostic). */
export interface NestingGuards {
  /** Cuts of indentation, and one backslash before each character escaped (each offset once). */
  readonly edits: TextEdit[];
  readonly containers: number[];
  readonly runs: number[];
  readonly expressions: number[];
  readonly indentation: number[];
  readonly closers: number[];
  readonly paragraphs: number[];
}

/**
 * Edits that escape (`\`) the container marker past `MAX_CONTAINERS_PER_LINE` on each line that
 * opens more (outside code and frontmatter), so the rest of the line is text.
 */
function capContainers(text: string, code: readonly TextRange[], out: Work): void {
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (!inRanges(code, start) && !THEMATIC_BREAK.test(text.slice(start, end))) {
      const at = overflowMarker(text, start, end);
      if (at !== -1) {
        out.escape.add(at);
        out.containers.push(at);
      }
    }
    start = end + 1;
  }
}

/** Runs of `*`, `_` or `~` longer than `MAX_DELIMITER_RUN` (outside code, not a thematic break line): the rest escaped. */
function capDelimiterRuns(text: string, code: readonly TextRange[], out: Work): void {
  const run = new RegExp(`([*_~])\\1{${MAX_DELIMITER_RUN},}`, 'g');
  // The line of the current run, found moving forward only (linear on one huge line too), and
  // whether it is a thematic break, tested once per line.
  let lineStart = 0;
  let lineEnd = -1;
  let isBreak = false;
  for (const m of text.matchAll(run)) {
    const start = m.index + MAX_DELIMITER_RUN;
    if (inRanges(code, m.index)) continue;
    if (m.index > lineEnd) {
      for (let nl = text.indexOf('\n', lineStart); nl !== -1 && nl < m.index; nl = text.indexOf('\n', lineStart)) lineStart = nl + 1;
      lineEnd = text.indexOf('\n', m.index) === -1 ? text.length : text.indexOf('\n', m.index);
      isBreak = THEMATIC_BREAK.test(text.slice(lineStart, lineEnd));
    }
    if (isBreak) continue;
    for (let i = start; i < m.index + m[0].length; i += 1) out.escape.add(i);
    out.runs.push(start);
  }
}

const OPENERS = new Set(['{', '[', '(']);
const CLOSERS = new Set(['}', ']', ')']);

/**
 * Every bracket of `text[from, to)` escaped with a backslash: the span is text, not expressions
 * or links. (Character references were tried first: micromark parses them between thousands of
 * `[` in quadratic time, 7 s for 20,000, measured; escapes stay linear.)
 */
function escapeBrackets(text: string, from: number, to: number, out: Work): void {
  if (to - from > MAX_EXPRESSION_TEXT) {
    // Hundreds of thousands of escapes cost the parser seconds of garbage collection: a huge
    // expression is cut to its first characters instead (nothing else escapes inside it).
    const head = text.slice(from, from + SHOWN_EXPRESSION_TEXT).replace(/[{}[\]()\\]/g, '\\$&');
    out.edits.push({ start: from, end: to, text: `${head}…` });
    return;
  }
  for (let i = from; i < to; i += 1) {
    if ((OPENERS.has(text[i] as string) || CLOSERS.has(text[i] as string)) && text[i - 1] !== '\\') out.escape.add(i);
  }
}

/** Longest too-deep expression shown whole as text, in characters; a longer one shows its first `SHOWN_EXPRESSION_TEXT`. */
const MAX_EXPRESSION_TEXT = 10_000;
const SHOWN_EXPRESSION_TEXT = 1_000;

/**
 * MDX expressions (`{…}`, outside code) nesting brackets deeper than `MAX_EXPRESSION_DEPTH`:
 * every bracket in them is escaped, so the whole expression is text (inner braces too: `{[{[…`
 * would otherwise start expressions as deep). A bracket scanner, not a
 * JavaScript parser (strings and comments are not skipped): it errs towards leaving an
 * expression alone below the limit.
 */
function capExpressions(text: string, code: readonly TextRange[], out: Work): void {
  let depth = 0;
  let deepest = 0;
  let open = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (depth === 0) {
      if (c !== '{' || inRanges(code, i) || text[i - 1] === '\\') continue;
      open = i;
      depth = 1;
      deepest = 1;
    } else if (OPENERS.has(c)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (CLOSERS.has(c)) {
      depth -= 1;
      if (depth === 0) out.spans.push({ start: open, end: i + 1 });
      if (depth === 0 && deepest > MAX_EXPRESSION_DEPTH) {
        escapeBrackets(text, open, i + 1, out);
        out.expressions.push(open);
      }
    }
  }
  if (depth > 0) out.spans.push({ start: open, end: text.length });
  if (depth > 0 && deepest > MAX_EXPRESSION_DEPTH) {
    escapeBrackets(text, open, text.length, out);
    out.expressions.push(open);
  }
}

/**
 * Leading whitespace kept on a line, in characters. Lists nested by indentation cost
 * mdast-util-from-markdown time in the product of lines and depth (2,000 lines indented 2 more
 * each: minutes uncut, 3.3 s cut at 256, 1.3 s at 128, measured); past this the indentation is
 * cut, so a line nests at most about 64 levels.
 */
export const MAX_INDENT = 128;

/** Lines indented more than `MAX_INDENT` (outside code): the whitespace past it removed. */
function capIndentation(text: string, code: readonly TextRange[], out: Work): void {
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    let i = start;
    while (i < end && (text[i] === ' ' || text[i] === '\t')) i += 1;
    if (i - start > MAX_INDENT && !inRanges(code, start)) {
      out.edits.push({ start: start + MAX_INDENT, end: i, text: '' });
      out.indentation.push(start + MAX_INDENT);
    }
    start = end + 1;
  }
}

/**
 * Closing brackets one paragraph (text between blank lines) may hold as markup. At every `]`,
 * the GFM footnote syntax looks back through all events of its paragraph: a paragraph of 30,000
 * `](/y)` took 3 s, quadratic (measured). A page's longest real paragraph holds a few dozen
 * links; past 1,000, `]` is escaped.
 */
export const MAX_CLOSERS_PER_PARAGRAPH = 1_000;

/** Paragraphs with more `]` than `MAX_CLOSERS_PER_PARAGRAPH` (outside code and expressions): the ones past it escaped. */
function capClosers(text: string, code: readonly TextRange[], out: Work): void {
  let count = 0;
  let blank = true;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\n') {
      if (blank) count = 0;
      blank = true;
      continue;
    }
    if (c !== ' ' && c !== '\t' && c !== '\r') blank = false;
    // Escaped already (in the source, or by a guard before) is text; one in an expression is JavaScript.
    if (c !== ']' || text[i - 1] === '\\' || out.escape.has(i) || inRanges(code, i) || inRanges(out.spans, i)) continue;
    count += 1;
    if (count > MAX_CLOSERS_PER_PARAGRAPH) {
      out.escape.add(i);
      if (count === MAX_CLOSERS_PER_PARAGRAPH + 1) out.closers.push(i);
    }
  }
}

/**
 * Consecutive lines (no blank line between) kept in one paragraph. A line continuing a list item
 * or quote lazily makes micromark re-feed the container: quadratic in the lines (20,000 lines
 * under a list item: 3.6 s, measured). A blank line is put after every 2,000 lines of a run
 * (table rows, starting with `|`, are never split), which no real paragraph reaches.
 */
export const MAX_PARAGRAPH_LINES = 2_000;

/** Runs of more than `MAX_PARAGRAPH_LINES` non-blank lines (outside code): a blank line inserted every that many. */
function capParagraphLines(text: string, code: readonly TextRange[], out: Work): void {
  let run = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    let i = start;
    while (i < end && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i += 1;
    if (i === end || text[i] === '|' || inRanges(code, start)) run = 0;
    else if (++run > MAX_PARAGRAPH_LINES) {
      out.edits.push({ start, end: start, text: '\n' });
      if (out.paragraphs.length === 0) out.paragraphs.push(start);
      run = 1;
    }
    start = end + 1;
  }
}

/** The guards' working state: the offsets to escape gathered in one set, so two guards never escape a character twice (`\\\\` would undo it). */
type Work = Omit<NestingGuards, 'edits'> & {
  readonly edits: TextEdit[];
  readonly escape: Set<number>;
  /** The MDX expressions found (`{…}`), in order. */
  readonly spans: TextRange[];
};

/** Runs the guards on a source (its code and frontmatter left alone). */
export function guardNesting(text: string, code: readonly TextRange[]): NestingGuards {
  const work: Work = { edits: [], escape: new Set(), spans: [], containers: [], runs: [], expressions: [], indentation: [], closers: [], paragraphs: [] };
  capIndentation(text, code, work);
  capContainers(text, code, work);
  capDelimiterRuns(text, code, work);
  capExpressions(text, code, work);
  capClosers(text, code, work);
  capParagraphLines(text, code, work);
  const escapes = [...work.escape].sort((a, b) => a - b).map((at): TextEdit => ({ start: at, end: at, text: '\\' }));
  const { containers, runs, expressions, indentation, closers, paragraphs } = work;
  return { edits: [...work.edits, ...escapes], containers, runs, expressions, indentation, closers, paragraphs };
}
