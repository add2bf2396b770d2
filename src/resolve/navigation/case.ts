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
  return entry.trim().replace(/(\S+)(\s+\S+)$/, (_m, method: string, rest: string) => method.toUpperCase() + rest);
}
