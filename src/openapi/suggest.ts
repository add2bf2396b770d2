import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `wanted` (case-insensitive edit distance), if it is close enough to be
 * a likely typo: at most 40% of the longer string's length, and at least 2 edits allowed. Ties go
 * to the earlier candidate, so sorted input gives a deterministic answer.
 */
export function closestMatch(wanted: string, candidates: readonly string[]): string | undefined {
  const target = wanted.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(target, candidate.toLowerCase());
    const limit = Math.max(2, Math.floor(Math.max(target.length, candidate.length) * 0.4));
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
