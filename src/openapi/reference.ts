import { HTTP_METHODS_32 } from '../model/openapi.js';
import { normalizeFileToken } from '../config/schema/openapi-source.js';

/** A parsed `[file] METHOD /path` or `[file] webhook name` reference. */
export interface OperationReference {
  /** File token as written (without a leading `/` or `./`), if any. */
  readonly file?: string;
  /** Lowercase HTTP method (an OpenAPI 3.2 additional method too: `link`), or `webhook`. */
  readonly method: string;
  /** Path key, or webhook name. */
  readonly path: string;
}

/** Where a reference is written: navigation is strict about method case, frontmatter is not. */
export type ReferenceSite = 'navigation' | 'frontmatter';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS_32);

/** An RFC 9110 method token (what OpenAPI 3.2 allows as an `additionalOperations` key). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Parses a reference: whitespace-separated, 2 tokens (`METHOD path`) or 3 (`file METHOD path`).
 * The method is a method field of a path item (`GET` … `TRACE`, OpenAPI 3.2's `QUERY`) or, for
 * 3.2 `additionalOperations`, any other method token written in uppercase (`LINK`). In navigation
 * the method must be uppercase (`webhook` in any case); in frontmatter the case of a method field
 * does not matter. A string that does not parse is a file path, so this returns undefined for it.
 */
export function parseReference(input: string, site: ReferenceSite): OperationReference | undefined {
  const tokens = input.trim().split(/\s+/);
  if (tokens.length !== 2 && tokens.length !== 3) return undefined;
  const [methodToken, path] = tokens.slice(-2) as [string, string];
  const file = tokens.length === 3 ? normalizeFileToken(tokens[0] as string) : undefined;
  const lower = methodToken.toLowerCase();
  if (lower === 'webhook') return { ...(file ? { file } : {}), method: 'webhook', path };
  const upper = methodToken === methodToken.toUpperCase();
  if (!METHODS.has(lower) && !(upper && /[A-Z]/.test(methodToken) && TOKEN.test(methodToken))) return undefined;
  if (site === 'navigation' && !upper) return undefined;
  if (!path.startsWith('/')) return undefined;
  return { ...(file ? { file } : {}), method: lower, path };
}

/** Formats a reference the way navigation writes it: `[file ]METHOD /path`. */
export function formatReference(ref: OperationReference): string {
  const method = ref.method === 'webhook' ? 'webhook' : ref.method.toUpperCase();
  return `${ref.file ? ref.file + ' ' : ''}${method} ${ref.path}`;
}
