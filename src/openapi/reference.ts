import { HTTP_METHODS, type HttpMethod } from '../model/openapi.js';
import { normalizeFileToken } from '../config/schema/openapi-source.js';

/** A parsed `[file] METHOD /path` or `[file] webhook name` reference. */
export interface OperationReference {
  /** File token as written (without a leading `/` or `./`), if any. */
  readonly file?: string;
  /** Lowercase HTTP method, or `webhook`. */
  readonly method: HttpMethod | 'webhook';
  /** Path key, or webhook name. */
  readonly path: string;
}

/** Where a reference is written: navigation is strict about method case, frontmatter is not. */
export type ReferenceSite = 'navigation' | 'frontmatter';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/**
 * Parses a reference: whitespace-separated, 2 tokens (`METHOD path`) or 3 (`file METHOD path`).
 * In navigation the HTTP method must be uppercase (`webhook` in any case); a string that does not
 * parse is a file path, so this returns undefined for it.
 */
export function parseReference(input: string, site: ReferenceSite): OperationReference | undefined {
  const tokens = input.trim().split(/\s+/);
  if (tokens.length !== 2 && tokens.length !== 3) return undefined;
  const [methodToken, path] = tokens.slice(-2) as [string, string];
  const file = tokens.length === 3 ? normalizeFileToken(tokens[0] as string) : undefined;
  const lower = methodToken.toLowerCase();
  if (lower === 'webhook') return { ...(file ? { file } : {}), method: 'webhook', path };
  if (!METHODS.has(lower)) return undefined;
  if (site === 'navigation' && methodToken !== methodToken.toUpperCase()) return undefined;
  if (!path.startsWith('/')) return undefined;
  return { ...(file ? { file } : {}), method: lower as HttpMethod, path };
}

/** Formats a reference the way navigation writes it: `[file ]METHOD /path`. */
export function formatReference(ref: OperationReference): string {
  const method = ref.method === 'webhook' ? 'webhook' : ref.method.toUpperCase();
  return `${ref.file ? ref.file + ' ' : ''}${method} ${ref.path}`;
}
