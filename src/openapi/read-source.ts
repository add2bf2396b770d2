import path from 'node:path';
import { syntaxOf } from '../diagnostics/positions.js';
import { DEFAULT_READ_POLICY, describeBytes } from '../project-fs/read-policy.js';
import { readProjectText, type Refusal } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';
import type { Diagnostic } from '../model/diagnostic.js';

/** Default time allowed for one remote fetch, in milliseconds. */
export const DEFAULT_FETCH_TIMEOUT_MS = 20_000;

/** The text of a file or URL, or why it could not be had. */
export type TextResult =
  | { readonly ok: true; readonly text: string; readonly syntax: 'json' | 'yaml' }
  | {
      readonly ok: false;
      readonly missing: boolean;
      readonly reason: string;
      /** For a file that exists but may not be read (a link out, a FIFO, over the byte cap): the diagnostic to report. */
      readonly refused?: Diagnostic;
    };

/** Where local files may be read from and how large they may be. */
export interface LocalReadScope {
  /** Absolute project root: files must lie inside its real path (or `allowOutside`). */
  readonly root: string;
  readonly allowOutside?: readonly string[];
  /** Bytes (default 100 MB). */
  readonly maxBytes?: number;
}

/** True for an `http:` or `https:` URL. */
export function isRemote(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** The reason, in words, a refused file was not read (for messages that embed it). */
function refusalReason(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'outside':
      return refusal.link
        ? `\`${refusal.link.path}\` is a symbolic link to \`${refusal.link.target}\`, outside the project folder`
        : 'it lies outside the project folder';
    case 'special':
      return `it is a ${refusal.type}, not a regular file`;
    case 'too-large':
      return `it is ${refusal.bytes.toLocaleString('en-US')} bytes, over the limit of ${describeBytes(refusal.limit)} for OpenAPI documents`;
    case 'unreadable':
      return refusal.reason;
    default:
      return 'the file does not exist';
  }
}

/**
 * Reads a local file of the project as UTF-8 through `readProjectText`: inside the project,
 * a regular file, at most `scope.maxBytes`. A missing file (or a directory) is `missing`, not an
 * exception; a refused one carries its diagnostic (`refused`).
 */
export async function readLocal(absolute: string, scope: LocalReadScope): Promise<TextResult> {
  const read = await readProjectText(scope, absolute, scope.maxBytes ?? DEFAULT_READ_POLICY.maxOpenApiBytes);
  if (read.ok) return { ok: true, text: read.text, syntax: syntaxOf(absolute) };
  const missing = read.refusal.kind === 'missing';
  const file = path.relative(path.resolve(scope.root), path.resolve(absolute)).split(path.sep).join('/');
  const refused = refusalDiagnostic(file, read.refusal, 'openapi');
  return { ok: false, missing, reason: refusalReason(read.refusal), ...(refused ? { refused } : {}) };
}

/**
 * Fetches a URL without credentials, within `timeoutMs` and `maxBytes` (default 100 MB: a larger
 * `Content-Length` is refused before the body is read, a body that runs past it is cut off and
 * refused). Network errors, timeouts and non-2xx statuses are failures with a reason that names
 * them. The syntax comes from the URL's extension, then the content type, then the first
 * character (`{` or `[` means JSON).
 */
export async function fetchRemote(url: string, fetchImpl: typeof fetch, timeoutMs: number, maxBytes: number = DEFAULT_READ_POLICY.maxOpenApiBytes): Promise<TextResult> {
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
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, missing: response.status === 404, reason: `the server answered HTTP ${response.status}` };
  }
  const tooLarge = (bytes: number): TextResult => {
    const refused = refusalDiagnostic(url, { kind: 'too-large', bytes, limit: maxBytes }, 'openapi');
    return { ok: false, missing: false, reason: refusalReason({ kind: 'too-large', bytes, limit: maxBytes }), ...(refused ? { refused } : {}) };
  };
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return tooLarge(declared);
  }
  try {
    const body = await readCapped(response, maxBytes);
    if (body.over) return tooLarge(body.bytes);
    const text = new TextDecoder().decode(body.data);
    return { ok: true, text, syntax: remoteSyntax(url, response.headers.get('content-type'), text) };
  } catch (error) {
    return { ok: false, missing: false, reason: describeFetchError(error) };
  }
}

/** The body, read until it ends or passes `maxBytes` (then the rest is not downloaded). */
async function readCapped(response: Response, maxBytes: number): Promise<{ data: Uint8Array; bytes: number; over: boolean }> {
  if (!response.body) return { data: new Uint8Array(0), bytes: 0, over: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { data: new Uint8Array(0), bytes, over: true };
    }
    chunks.push(value);
  }
  const data = new Uint8Array(bytes);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.byteLength;
  }
  return { data, bytes, over: false };
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
