import { FRONTMATTER_BLOCK } from '../../../parse/frontmatter-block.js';

/** A half-open range `[start, end)` of UTF-16 offsets into a text. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** An opening or closing code fence, possibly indented or inside a blockquote (`>`). */
const FENCE = /^[ \t>]*(`{3,}|~{3,})([^]*)/;

/** The container prefix of a line: how many `>` open it, and the white space after the last one. */
function prefixOf(line: string): { quotes: number; indent: number } {
  const prefix = /^[ \t>]*/.exec(line)?.[0] ?? '';
  const last = prefix.lastIndexOf('>');
  return { quotes: prefix.split('>').length - 1, indent: prefix.length - last - 1 };
}

/**
 * How far a fenced code block reaches. `lazy`: to its closing fence (or the end), whatever the
 * lines between, which errs towards protecting text. `container`: a fence opened inside a list
 * item or quote (indented, or after `>`) also ends at the first non-blank line with fewer `>` or
 * less indentation, where CommonMark closes its container (code lines are never lazy
 * continuations). Only a top-level fence indented one to three spaces, with less indented lines
 * in it, is cut short by mistake: the right way to err for the nesting guards, which must see
 * everything the parser will read as markup.
 */
export type FenceReach = 'lazy' | 'container';

/**
 * Finds the parts of an MDX source that are literal text for the author, where source
 * rewrites must not reach: the frontmatter block, fenced code blocks (an unclosed fence runs to
 * the end; see `FenceReach`) and inline code spans (which end at a blank line). Ranges are
 * sorted and disjoint. This is a line scanner, not a parser.
 */
export function findCodeRanges(text: string, reach: FenceReach = 'lazy'): TextRange[] {
  const ranges: TextRange[] = [];
  const front = FRONTMATTER_BLOCK.exec(text);
  let offset = front ? front[0].length : 0;
  if (front) ranges.push({ start: 0, end: offset });
  let fence: { char: string; size: number; start: number; quotes: number; indent: number } | undefined;
  let prose = offset;
  while (offset < text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(offset, newline === -1 ? text.length : newline).replace(/\r$/, '');
    const match = FENCE.exec(line);
    if (fence && reach === 'container' && (fence.quotes > 0 || fence.indent > 0) && line.trim() !== '') {
      const { quotes, indent } = prefixOf(line);
      if (quotes < fence.quotes || (quotes === fence.quotes && indent < fence.indent)) {
        // The container closed, and the code with it: this line is read again as prose.
        ranges.push({ start: fence.start, end: offset });
        fence = undefined;
        prose = offset;
      }
    }
    if (fence) {
      const closes = match?.[1] && match[1][0] === fence.char && match[1].length >= fence.size && !match[2]?.trim();
      if (closes) {
        ranges.push({ start: fence.start, end });
        fence = undefined;
        prose = end;
      }
    } else if (match?.[1] && !(match[1][0] === '`' && match[2]?.includes('`'))) {
      addInlineCode(text, prose, offset, ranges);
      fence = { char: match[1][0] ?? '`', size: match[1].length, start: offset, ...prefixOf(line) };
    }
    offset = end;
  }
  if (fence) ranges.push({ start: fence.start, end: text.length });
  else addInlineCode(text, prose, text.length, ranges);
  return ranges.sort((a, b) => a.start - b.start);
}

/** Adds the inline code spans of `text[from, to)`: a run of n backticks up to the next run of exactly n. */
function addInlineCode(text: string, from: number, to: number, ranges: TextRange[]): void {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let open = runs.exec(text); open && open.index < to; open = runs.exec(text)) {
    const size = open[0].length;
    const blank = /\n[ \t]*\r?\n/g;
    blank.lastIndex = open.index;
    const limit = Math.min(to, blank.exec(text)?.index ?? to);
    const close = new RegExp(`(?<!\`)\`{${size}}(?!\`)`, 'g');
    close.lastIndex = open.index + size;
    const found = close.exec(text);
    if (found && found.index < limit) {
      ranges.push({ start: open.index, end: found.index + size });
      runs.lastIndex = found.index + size;
    }
  }
}

/** True when `offset` lies inside one of the sorted `ranges`. */
export function inRanges(ranges: readonly TextRange[], offset: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = ranges[mid];
    if (!range) break;
    if (offset < range.start) hi = mid - 1;
    else if (offset >= range.end) lo = mid + 1;
    else return true;
  }
  return false;
}
