import { createHash } from 'node:crypto';

/**
 * A file of the built site: content in memory, one of Sheaf's own files to copy (`copyFrom`,
 * absolute), or a project file to copy (`copyProjectFile`, project-relative POSIX: copied through
 * the load stage's checks). Paths are site-relative POSIX.
 */
export type OutputFile =
  | { readonly path: string; readonly content: string | Uint8Array }
  | { readonly path: string; readonly copyFrom: string }
  | { readonly path: string; readonly copyProjectFile: string };

/** First 10 hex digits of the SHA-256 of some content: the hash in asset names. */
export function shortHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}
