/** Replace `source[start, end)` with `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A rewritten text that can say where each of its offsets came from. */
export interface EditedText {
  readonly text: string;
  /** The offset in the original text of an offset in `text` (inside a replacement: its start). */
  readonly toOriginal: (offset: number) => number;
}

/**
 * Applies edits to `source`. Edits are sorted by start; one that overlaps an earlier edit is
 * dropped, so callers may propose edits independently.
 */
export function applyEdits(source: string, edits: readonly TextEdit[]): EditedText {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  /** Pairs (offset in output, offset in source) where an unchanged run starts. */
  const runs: Array<readonly [number, number]> = [[0, 0]];
  let inPos = 0;
  let outPos = 0;
  for (const edit of sorted) {
    if (edit.start < inPos) continue;
    parts.push(source.slice(inPos, edit.start), edit.text);
    outPos += edit.start - inPos;
    runs.push([outPos, edit.start], [outPos + edit.text.length, edit.end]);
    outPos += edit.text.length;
    inPos = edit.end;
  }
  parts.push(source.slice(inPos));
  const text = parts.join('');
  const toOriginal = (offset: number): number => {
    let lo = 0;
    let hi = runs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((runs[mid]?.[0] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    const [outStart, inStart] = runs[lo] ?? [0, 0];
    // Runs alternate: even entries start unchanged text, odd ones start a replacement.
    return lo % 2 === 1 ? inStart : inStart + (offset - outStart);
  };
  return { text, toOriginal };
}
