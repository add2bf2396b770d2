import type { ReadPolicy } from '../model/project.js';

export type { ReadPolicy } from '../model/project.js';

const MB = 1024 * 1024;

/**
 * The byte caps a build starts from, checked (by `stat`) before a file is read: 10 MB for
 * docs.json and each file it includes, 100 MB for an OpenAPI document (GitHub's, the largest in
 * the corpus, is about 12 MB), 5 MB for a page or snippet. No folder outside the project.
 */
export const DEFAULT_READ_POLICY: ReadPolicy = {
  allowOutside: [],
  maxConfigBytes: 10 * MB,
  maxOpenApiBytes: 100 * MB,
  maxPageBytes: 5 * MB,
};

/** The caps of `policy` with the defaults filled in. */
export function readPolicy(policy: Partial<ReadPolicy> = {}): ReadPolicy {
  return { ...DEFAULT_READ_POLICY, ...policy };
}

const UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, k: 1024, kb: 1024, m: MB, mb: MB, g: 1024 * MB, gb: 1024 * MB };

/**
 * A byte count as a flag gives it: `5242880`, `512k`, `5MB`, `1G` (K, M, G are 1024-based);
 * `undefined` when it is not one (or is 0).
 */
export function parseByteSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? UNITS[(m[2] ?? '').toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Math.floor(Number(m[1]) * unit);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** `5 MB` for a whole number of megabytes, `1,500 bytes` otherwise: how limits are named in messages. */
export function describeBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}
