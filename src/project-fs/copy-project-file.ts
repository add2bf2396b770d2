import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FileHandle } from 'node:fs/promises';
import { openChecked, type OpenCheck } from './open-checked.js';
import { insideFolders, type ReadScope } from './project-scope.js';
import { checkPath } from './read-project-file.js';
import type { Refusal } from './refusal.js';

export type Copied = { readonly ok: true; readonly bytes: number } | { readonly ok: false; readonly refusal: Refusal };

/**
 * Streams the first `bytes` bytes of an opened file into a new file `to` (replaced if it
 * exists), and no more: a file that grows meanwhile is cut at the size its `fstat` gave, never
 * read on without bound. The handle stays open.
 */
export async function streamOpened(handle: FileHandle, bytes: number, to: string, options: { readonly exclusive?: boolean; readonly signal?: AbortSignal } = {}): Promise<void> {
  const flags = options.exclusive ? 'wx' : 'w';
  if (bytes === 0) return writeFile(to, '', { flag: flags, mode: 0o644 });
  const from = handle.createReadStream({ start: 0, end: bytes - 1, autoClose: false });
  const into = createWriteStream(to, { flags, mode: 0o644 });
  await (options.signal ? pipeline(from, into, { signal: options.signal }) : pipeline(from, into));
}

/**
 * Copies a project file to `to` under the checks of `readProjectFile` (real path inside the
 * project, a regular file, no link followed and no blocking at the open, what was opened still
 * inside by `/proc/self/fd`), without reading it whole: for images, fonts, downloads and other
 * files copied into a site as they are. `maxBytes` caps it when given. The folder of `to` must
 * exist.
 */
export async function copyProjectFile(scope: ReadScope, absolute: string, to: string, maxBytes?: number): Promise<Copied> {
  const checked = await checkPath(scope, absolute, maxBytes);
  if (!checked.ok) return checked;
  const check: OpenCheck = { allowed: (real) => insideFolders(checked.folders, real), ...(maxBytes !== undefined ? { maxBytes } : {}) };
  const opened = await openChecked(checked.real, check);
  if (!opened.ok) return opened;
  try {
    await streamOpened(opened.handle, opened.info.size, to);
    return { ok: true, bytes: opened.info.size };
  } finally {
    await opened.handle.close();
  }
}
