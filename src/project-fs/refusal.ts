import type { Stats } from 'node:fs';

/** What a FIFO, socket or device is called in messages. */
export type SpecialKind = 'FIFO (named pipe)' | 'socket' | 'character device' | 'block device';

/** Why a project file is not read. */
export type Refusal =
  | { readonly kind: 'missing' }
  /**
   * Its real path lies outside the root (and the allowed folders). `link` is the symbolic link on
   * the way, as the project wrote it (its project-relative path and `readlink` text); absent
   * when the path itself is outside the root (`../x`).
   */
  | { readonly kind: 'outside'; readonly link?: { readonly path: string; readonly target: string } }
  | { readonly kind: 'special'; readonly type: SpecialKind }
  /** Larger than the cap, in bytes. */
  | { readonly kind: 'too-large'; readonly bytes: number; readonly limit: number }
  | { readonly kind: 'unreadable'; readonly reason: string };

/** The kind of a FIFO, socket or device; `undefined` for files, folders and links. */
export function specialKind(s: Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>): SpecialKind | undefined {
  if (s.isFIFO()) return 'FIFO (named pipe)';
  if (s.isSocket()) return 'socket';
  if (s.isCharacterDevice()) return 'character device';
  if (s.isBlockDevice()) return 'block device';
  return undefined;
}

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** True for the errors of a path that is not there (or ends in a link where none may be followed). */
export const isMissing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR', 'ELOOP'].includes(errnoOf(error) ?? '');

/** The refusal for an error of the file system: `missing`, or `unreadable` with its code. */
export function refusalOf(error: unknown): Refusal {
  return isMissing(error) ? { kind: 'missing' } : { kind: 'unreadable', reason: errnoOf(error) ?? (error as Error).message };
}
