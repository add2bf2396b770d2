import { parseReference, type OperationReference } from '../../openapi/reference.js';

/**
 * Interface rule 9 (case): operation matching is case-sensitive and HTTP methods in navigation
 * entries are uppercase. `GET /users` is a reference; `get /users` is not (it is read as a file
 * path, and the missing-page diagnostic suggests the uppercase form). Paths are compared exactly
 * by `findOperation` (src/openapi/match.ts).
 */

/** The operation reference a navigation entry names, or undefined when it is not one (a file path). */
export function parseNavigationReference(entry: string): OperationReference | undefined {
  return parseReference(entry, 'navigation');
}

/** For an entry that would be a reference but for its lowercase method, that entry with the method uppercased. */
export function uppercaseMethodSuggestion(entry: string): string | undefined {
  if (!parseReference(entry, 'frontmatter')) return undefined;
  // Words and the space runs between them; the method is the word before the last (a split, not
  // `/(\S+)(\s+\S+)$/`, which backtracks quadratically on a long entry).
  const parts = entry.trim().split(/(\s+)/);
  const method = parts.length - 3;
  if (method < 0) return entry.trim();
  return [...parts.slice(0, method), (parts[method] as string).toUpperCase(), ...parts.slice(method + 1)].join('');
}
