import { FRAME_WINDOW_CHARS } from './output-limits.js';
import type { LineIndex } from './line-index.js';

/** Control characters other than tab: shown as `�` so a source file cannot drive the terminal. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * The lines around a position, marked like Babel's code frame (`> 12 | text`, then a caret line),
 * one line above and one below. Every line is cut to the same window of `FRAME_WINDOW_CHARS`
 * characters around the column (`…` where text is left out), so a document written on one
 * 5 MB line prints a few hundred characters, not the line. Costs O(window) given the line index.
 * Returns `undefined` when the line does not exist in the text.
 */
export function codeFrame(index: LineIndex, line: number, column: number): string | undefined {
  const start = index.lineStart(line);
  const end = index.lineEnd(line);
  if (start === undefined || end === undefined) return undefined;
  const length = end - start;
  const at = Math.max(0, Math.min(column - 1, length));
  // Centred on the column, but never past the end of the marked line when it could show more.
  const from = Math.max(0, Math.min(at - FRAME_WINDOW_CHARS / 2, length - FRAME_WINDOW_CHARS));
  const to = from + FRAME_WINDOW_CHARS;
  const first = Math.max(1, line - 1);
  const last = Math.min(index.lineCount, line + 1);
  const gutter = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n += 1) {
    const text = windowOf(index, n, from, to);
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(gutter)} |${text === '' ? '' : ' ' + text}`);
    if (n === line) {
      const lead = (from > 0 ? ' ' : '') + index.text.slice(start + from, start + at).replace(/[^\t]/g, ' ');
      out.push(`  ${' '.repeat(gutter)} | ${lead}^`);
    }
  }
  return out.join('\n');
}

/** Characters `from`..`to` of a line, with `…` where the line goes on beyond them. */
function windowOf(index: LineIndex, line: number, from: number, to: number): string {
  const start = index.lineStart(line) as number;
  const length = (index.lineEnd(line) as number) - start;
  const cut = index.text.slice(start + Math.min(from, length), start + Math.min(to, length)).replace(CONTROL, '\ufffd');
  return (from > 0 && length > 0 ? '…' : '') + cut + (length > to ? '…' : '');
}
