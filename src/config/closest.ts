import { distance } from 'fastest-levenshtein';

/**
 * The candidate nearest to `word` by Levenshtein distance, if it is close enough to be a likely
 * typo: at most a third of the word's length (minimum 2) edits, or a case-insensitive match.
 * Ties go to the earliest candidate, so results are deterministic for a given order.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = candidate.toLowerCase() === word.toLowerCase() ? 0.5 : distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}
