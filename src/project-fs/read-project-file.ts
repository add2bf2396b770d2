import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { openChecked } from './open-checked.js';
import { insideFolders, isWithin, realFolders, type ReadScope, type RealFolders } from './project-scope.js';
import { refusalOf, specialKind, type Refusal } from './refusal.js';

export { insideFolders, isWithin, realFolders, resolveScope, type ReadScope, type RealFolders } from './project-scope.js';
export { specialKind, type Refusal, type SpecialKind } from './refusal.js';

export type Checked = { readonly ok: true; readonly real: string; readonly bytes: number } | { readonly ok: false; readonly refusal: Refusal };
export type ReadBytes = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly refusal: Refusal };
export type ReadText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly refusal: Refusal };

const toPosix = (p: string) => p.split(path.sep).join('/');

/**
 * Checks that `absolute` may be read for the project of `scope`: its real path lies inside the
 * root's real path (or an allowed folder), it is a regular file — a FIFO, socket or device is
 * never opened, so nothing can hang on one — and, with `maxBytes`, no larger than that. Nothing is
 * opened here. A refusal for a path leading out names the symbolic link on the way, as written.
 */
export async function checkProjectFile(scope: ReadScope, absolute: string, maxBytes?: number): Promise<Checked> {
  const checked = await checkPath(scope, absolute, maxBytes);
  return checked.ok ? { ok: true, real: checked.real, bytes: checked.bytes } : checked;
}

/** `checkProjectFile`, with the scope's real folders for the open that follows. */
export async function checkPath(
  scope: ReadScope,
  absolute: string,
  maxBytes: number | undefined,
): Promise<{ readonly ok: true; readonly real: string; readonly bytes: number; readonly folders: RealFolders } | { readonly ok: false; readonly refusal: Refusal }> {
  const lexicalRoot = path.resolve(scope.root);
  const target = path.resolve(absolute);
  if (target === lexicalRoot || !isWithin(target, lexicalRoot)) return { ok: false, refusal: { kind: 'outside' } };
  const folders = await realFolders(scope);
  const inside = (real: string) => insideFolders(folders, real);
  let real: string;
  try {
    real = await realpath(target);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind !== 'missing') return { ok: false, refusal };
    // Missing, or a dangling link: outside when where a link on the way points is.
    return { ok: false, refusal: (await linkLeadingOut(lexicalRoot, target, inside)) ?? refusal };
  }
  if (!inside(real)) return { ok: false, refusal: (await linkLeadingOut(lexicalRoot, target, inside)) ?? { kind: 'outside' } };
  try {
    const info = await stat(real);
    const special = specialKind(info);
    if (special) return { ok: false, refusal: { kind: 'special', type: special } };
    if (!info.isFile()) return { ok: false, refusal: { kind: 'missing' } };
    if (maxBytes !== undefined && info.size > maxBytes) return { ok: false, refusal: { kind: 'too-large', bytes: info.size, limit: maxBytes } };
    return { ok: true, real, bytes: info.size, folders };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  }
}

/**
 * The first symbolic link on the way from the root to `target` that leads outside (`inside` is
 * false for its real path, or, dangling, for where it points), as the project wrote it. Only
 * looked for once a path is refused: it names the link in the message.
 */
async function linkLeadingOut(lexicalRoot: string, target: string, inside: (real: string) => boolean): Promise<Refusal | undefined> {
  let current = lexicalRoot;
  for (const part of path.relative(lexicalRoot, target).split(path.sep)) {
    current = path.join(current, part);
    const entry = await lstat(current).catch(() => undefined);
    if (!entry) return undefined;
    if (!entry.isSymbolicLink()) continue;
    const written = await readlink(current).catch(() => '');
    const real = await realpath(current).catch(async () => path.resolve(await realpath(path.dirname(current)).catch(() => path.dirname(current)), written));
    if (!inside(real)) return { kind: 'outside', link: { path: toPosix(path.relative(lexicalRoot, current)), target: written } };
  }
  return undefined;
}

/**
 * Reads a project file whole: `checkProjectFile`, then `openChecked` on its real path (no link
 * followed, no blocking, a regular file within the cap and still inside the allowed folders by
 * what was opened), so a tree that changes between the check and the read gives a refusal, not
 * an outside file, a hang or an unbounded read.
 */
export async function readProjectFile(scope: ReadScope, absolute: string, maxBytes: number): Promise<ReadBytes> {
  const checked = await checkPath(scope, absolute, maxBytes);
  if (!checked.ok) return checked;
  const opened = await openChecked(checked.real, { allowed: (real) => insideFolders(checked.folders, real), maxBytes });
  if (!opened.ok) return opened;
  const { handle, info } = opened;
  try {
    // Read to the end, never past the cap: the file may have grown since the stat.
    const chunks: Buffer[] = [];
    let length = 0;
    for (let buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1); ; buffer = Buffer.alloc(64 * 1024)) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, length);
      chunks.push(buffer.subarray(0, bytesRead));
      length += bytesRead;
      if (length > maxBytes) return { ok: false, refusal: { kind: 'too-large', bytes: length, limit: maxBytes } };
      // A short read of a regular file is its end.
      if (bytesRead < buffer.length) break;
    }
    return { ok: true, bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length) };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  } finally {
    await handle.close();
  }
}

/** `readProjectFile` as UTF-8 text. */
export async function readProjectText(scope: ReadScope, absolute: string, maxBytes: number): Promise<ReadText> {
  const read = await readProjectFile(scope, absolute, maxBytes);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}

/**
 * The first `bytes` bytes of a project file (fewer if it is shorter), under the same checks as
 * `readProjectFile` but whatever its size: enough to tell what a large file is without reading it.
 */
export async function readProjectHead(scope: ReadScope, absolute: string, bytes: number): Promise<ReadBytes> {
  const checked = await checkPath(scope, absolute, undefined);
  if (!checked.ok) return checked;
  const opened = await openChecked(checked.real, { allowed: (real) => insideFolders(checked.folders, real) });
  if (!opened.ok) return opened;
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await opened.handle.read(buffer, 0, bytes, 0);
    return { ok: true, bytes: buffer.subarray(0, bytesRead) };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error) };
  } finally {
    await opened.handle.close();
  }
}
