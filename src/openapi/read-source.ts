import { readFile } from 'node:fs/promises';
import { syntaxOf } from '../diagnostics/positions.js';

/** Default time allowed for one remote fetch, in milliseconds. */
export const DEFAULT_FETCH_TIMEOUT_MS = 20_000;

/** The text of a file or URL, or why it could not be had. */
export type TextResult =
  | { readonly ok: true; readonly text: string; readonly syntax: 'json' | 'yaml' }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

/** True for an `http:` or `https:` URL. */
export function isRemote(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** Reads a local file as UTF-8. A missing file (or a directory) is `missing`, not an exception. */
export async function readLocal(absolute: string): Promise<TextResult> {
  try {
    return { ok: true, text: await readFile(absolute, 'utf8'), syntax: syntaxOf(absolute) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
    return { ok: false, missing, reason: missing ? 'the file does not exist' : (error as Error).message };
  }
}

/**
 * Fetches a URL without credentials, within `timeoutMs`. Network errors, timeouts and non-2xx
 * statuses are failures with a reason that names them. The syntax comes from the URL's extension,
 * then the content type, then the first character (`{` or `[` means JSON).
 */
export async function fetchRemote(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<TextResult> {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    const name = (error as Error).name;
    const reason = name === 'TimeoutError' || name === 'AbortError'
      ? `no response within ${timeoutMs} ms`
      : describeFetchError(error);
    return { ok: false, missing: false, reason };
  }
  if (!response.ok) {
    return { ok: false, missing: response.status === 404, reason: `the server answered HTTP ${response.status}` };
  }
  try {
    const text = await response.text();
    return { ok: true, text, syntax: remoteSyntax(url, response.headers.get('content-type'), text) };
  } catch (error) {
    return { ok: false, missing: false, reason: describeFetchError(error) };
  }
}

function remoteSyntax(url: string, contentType: string | null, text: string): 'json' | 'yaml' {
  const pathname = new URL(url).pathname;
  if (/\.ya?ml$/i.test(pathname)) return 'yaml';
  if (/\.json$/i.test(pathname)) return 'json';
  if (contentType && /yaml/i.test(contentType)) return 'yaml';
  if (contentType && /json/i.test(contentType)) return 'json';
  return /^\s*[{[]/.test(text) ? 'json' : 'yaml';
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
