import { constants, type Stats } from 'node:fs';
import { open, readlink, type FileHandle } from 'node:fs/promises';
import { refusalOf, specialKind, type Refusal } from './refusal.js';

/** What an opened file must be besides a regular file. */
export interface OpenCheck {
  /** True for a real path the file may lie at (inside the project's real folders). */
  readonly allowed: (real: string) => boolean;
  /** Bytes; a larger file is refused (`too-large`). */
  readonly maxBytes?: number;
  /** Device and inode of the file the caller listed: another file opened in its place is refused as `missing`. */
  readonly expect?: { readonly dev: number; readonly ino: number };
}

export type Opened = { readonly ok: true; readonly handle: FileHandle; readonly info: Stats } | { readonly ok: false; readonly refusal: Refusal };

/**
 * Opens the real path of a project file, already checked by path, and checks what was opened:
 * the last step of every read and copy of a project file. It is opened without following a link
 * and without blocking (`O_NOFOLLOW | O_NONBLOCK`: a link swapped in is refused, a FIFO swapped in
 * never hangs the open), then by its descriptor (`fstat`) it must be a regular file (a FIFO,
 * socket or device is `special`, a folder `missing`), the one expected (`expect`), within
 * `maxBytes`, and — where `/proc` shows the descriptor's path — still inside the allowed
 * folders. So a tree that changes between the check and the open gives a refusal, never an
 * outside file or a hang. On success the caller owns the handle and must close it.
 */
export async function openChecked(real: string, check: OpenCheck): Promise<Opened> {
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  }
  const refuse = async (refusal: Refusal): Promise<Opened> => {
    await handle.close().catch(() => undefined);
    return { ok: false, refusal };
  };
  try {
    const info = await handle.stat();
    const special = specialKind(info);
    if (special) return await refuse({ kind: 'special', type: special });
    if (!info.isFile()) return await refuse({ kind: 'missing' });
    if (check.expect && (info.dev !== check.expect.dev || info.ino !== check.expect.ino)) return await refuse({ kind: 'missing' });
    if (check.maxBytes !== undefined && info.size > check.maxBytes) return await refuse({ kind: 'too-large', bytes: info.size, limit: check.maxBytes });
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (opened !== undefined && !check.allowed(opened)) return await refuse({ kind: 'outside' });
    return { ok: true, handle, info };
  } catch (error) {
    return refuse(refusalOf(error));
  }
}
