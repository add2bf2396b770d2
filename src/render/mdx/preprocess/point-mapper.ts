/** A 1-based line and column. */
export interface Point {
  readonly line: number;
  readonly column: number;
}

/** Maps a point of the preprocessed text to the same place in the file as written. */
export type PointMapper = (point: Point) => Point;

/** Offsets at which each line of `text` starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Index of the last entry of a sorted list that is `<= value`. */
function lastAtMost(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((list[mid] ?? 0) <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Builds the mapper from the two texts and the offset mapping between them. */
export function createPointMapper(processed: string, original: string, toOriginal: (offset: number) => number): PointMapper {
  const fromStarts = lineStarts(processed);
  const toStarts = lineStarts(original);
  return ({ line, column }) => {
    const offset = (fromStarts[line - 1] ?? processed.length) + column - 1;
    const target = toOriginal(Math.min(offset, processed.length));
    const index = lastAtMost(toStarts, target);
    return { line: index + 1, column: target - (toStarts[index] ?? 0) + 1 };
  };
}
