import { distance } from 'fastest-levenshtein';

/**
 * Up to `limit` candidates close to `word`: within a third of its length (at least 2 edits; a
 * candidate it is the start of counts as 1), case-insensitive matches first, then by distance, then alphabetically (deterministic).
 */
export function nearest(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const lower = word.toLowerCase();
  const budget = Math.max(2, Math.floor(word.length / 3));
  const scored: Array<[string, number]> = [];
  for (const candidate of new Set(candidates)) {
    if (candidate === word) continue;
    const other = candidate.toLowerCase();
    // A truncated name (`Warn` for `Warning`) is as likely a slip as one typo.
    const d = other === lower ? 0 : lower.length >= 3 && other.startsWith(lower) ? 1 : distance(lower, other);
    if (d <= budget) scored.push([candidate, d]);
  }
  scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return scored.slice(0, limit).map(([c]) => c);
}

/** `did you mean `a`, `b` or `c`?`, or undefined when there is nothing to suggest. */
export function didYouMean(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const quoted = names.map((n) => `\`${n}\``);
  const last = quoted.pop();
  return `did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?`;
}
