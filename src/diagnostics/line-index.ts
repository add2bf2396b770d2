import type { Position } from './positions.js';

/**
 * Where each line of a text starts, found in one pass; built once per file and shared by every
 * diagnostic in it, so positions and code frames never rescan the text.
 */
export interface LineIndex {
  readonly text: string;
  /** Number of lines (a text without `\n` has one). */
  readonly lineCount: number;
  /** 1-based line and column of a character offset (clamped to the text). */
  positionOf(offset: number): Position;
  /** Offset of the first character of a 1-based line, or `undefined` past the last line. */
  lineStart(line: number): number | undefined;
  /** Offset just past a 1-based line's last character, before its `\n` or `\r\n`. */
  lineEnd(line: number): number | undefined;
}

export function createLineIndex(text: string): LineIndex {
  const starts: number[] = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineStart = (line: number) => (line >= 1 && line <= starts.length ? starts[line - 1] : undefined);
  return {
    text,
    lineCount: starts.length,
    lineStart,
    lineEnd(line) {
      const next = line < starts.length ? (starts[line] as number) - 1 : line === starts.length ? text.length : undefined;
      if (next === undefined || line < 1) return undefined;
      return next > 0 && text.charCodeAt(next - 1) === 0x0d && next - 1 >= (starts[line - 1] as number) ? next - 1 : next;
    },
    positionOf(offset) {
      const at = Math.max(0, Math.min(offset, text.length));
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if ((starts[mid] as number) <= at) low = mid;
        else high = mid - 1;
      }
      return { line: low + 1, column: at - (starts[low] as number) + 1 };
    },
  };
}
