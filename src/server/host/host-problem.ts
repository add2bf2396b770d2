/**
 * Why `sheaf host` cannot start or cannot use a bundle, as data: a permanent code, a message that
 * says what happened, and a hint that says what to do. Messages never carry the bundle link's
 * query string (it is a presigned secret): only `redactUrl` output.
 */
export type HostProblemCode =
  /** The link is not an absolute http(s) URL. */
  | 'host/bad-url'
  /** The link answered 403: expired, altered or revoked. */
  | 'host/link-expired'
  /** The link answered another non-200 status, or the connection failed. */
  | 'host/download-failed'
  /** The download took longer than the time limit. */
  | 'host/download-timeout'
  /** The archive, or its unpacked content, is larger than the size limit. */
  | 'host/bundle-too-large'
  /** Neither gzip (tar.gz) nor zip magic bytes, or the archive is corrupt. */
  | 'host/bad-archive'
  /** An entry with an absolute path, `..`, a backslash, a link, a device or a duplicate name. */
  | 'host/unsafe-entry'
  /** No readable `manifest.json` at the root, or one that does not describe a bundle. */
  | 'host/bad-manifest'
  /** `formatVersion` is not the one this Sheaf reads. */
  | 'host/format-version'
  /** An entry the manifest does not list, a listed file missing, or a wrong size or SHA-256. */
  | 'host/file-mismatch'
  /** The bundle's version is not the pinned `--version`. */
  | 'host/version-mismatch'
  /** `--version`, `--port` or another flag has a value that cannot be used. */
  | 'host/bad-option'
  /** The server could not listen (port in use, address not available). */
  | 'host/listen-failed'
  /** The data folder cannot be created or written (permissions, a full disk). */
  | 'host/write-failed'
  /** A serving worker could not load the new version; the old one is still served by all. */
  | 'host/switch-failed';

export interface HostProblem {
  readonly code: HostProblemCode;
  readonly message: string;
  readonly hint?: string;
}

export type HostResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: HostProblem };

export const hostOk = <T>(value: T): HostResult<T> => ({ ok: true, value });

export const hostFail = <T = never>(code: HostProblemCode, message: string, hint?: string): HostResult<T> => ({
  ok: false,
  problem: { code, message, ...(hint ? { hint } : {}) },
});

/**
 * Thrown inside the archive readers to stop at the first bad entry; caught at their boundary and
 * returned as data (streams cannot return early otherwise).
 */
export class HostProblemError extends Error {
  constructor(readonly problem: HostProblem) {
    super(problem.message);
    this.name = 'HostProblemError';
  }
}

export const rejectWith = (code: HostProblemCode, message: string, hint?: string): HostProblemError =>
  new HostProblemError({ code, message, ...(hint ? { hint } : {}) });

/** One line for the terminal: `sheaf host: <message> [code]` and the hint below it. */
export function formatHostProblem(problem: HostProblem): string {
  return `sheaf host: ${problem.message} [${problem.code}]` + (problem.hint ? `\n  hint: ${problem.hint}` : '');
}

/** A file-system failure (it has a `syscall`) as a problem: the data folder, not the bundle, is at fault. */
export function writeFailure(error: unknown, what: string): HostProblem | undefined {
  const e = error as { syscall?: unknown; code?: unknown } | undefined;
  if (!e || typeof e.syscall !== 'string') return undefined;
  return {
    code: 'host/write-failed',
    message: `Cannot ${what} (${typeof e.code === 'string' ? e.code : 'error'} on ${e.syscall}).`,
    hint: 'Check that the data folder (--data-dir) is writable and its disk has room.',
  };
}
