import { constants, type Stats } from 'node:fs';
import { lstat, open, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a project's files may come from: its root, and the folders outside it that its links may
 * lead into (`--allow-outside`; never in the export service).
 */
export interface ReadScope {
  /** Absolute path of the project root (as given; its real path is what counts). */
  readonly root: string;
  /** Absolute folders outside the root that symbolic links may lead into. */
  readonly allowOutside?: readonly string[];
  /** The real paths of the root and the allowed folders, when the caller resolved them once for many reads (`resolveScope`). */
  readonly real?: RealFolders;
}

/** Real paths of a scope's root and allowed folders. */
export interface RealFolders {
  readonly root: string;
  readonly allowed: readonly string[];
}

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

export type Checked = { readonly ok: true; readonly real: string; readonly bytes: number } | { readonly ok: false; readonly refusal: Refusal };
export type ReadBytes = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly refusal: Refusal };
export type ReadText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly refusal: Refusal };

const toPosix = (p: string) => p.split(path.sep).join('/');

/** True when `child` is `folder` or lies inside it (both absolute, normalized). */
export function isWithin(child: string, folder: string): boolean {
  const relative = path.relative(folder, child);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** The kind of a FIFO, socket or device; `undefined` for files, folders and links. */
export function specialKind(s: Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>): SpecialKind | undefined {
  if (s.isFIFO()) return 'FIFO (named pipe)';
  if (s.isSocket()) return 'socket';
  if (s.isCharacterDevice()) return 'character device';
  if (s.isBlockDevice()) return 'block device';
  return undefined;
}

/** Real paths of the root and of the allowed folders; a folder that does not exist stays as written. */
export async function realFolders(scope: ReadScope): Promise<RealFolders> {
  if (scope.real) return scope.real;
  const real = (p: string) => realpath(p).catch(() => path.resolve(p));
  return { root: await real(scope.root), allowed: await Promise.all((scope.allowOutside ?? []).map(real)) };
}

/** `scope` with its real folders resolved once, for a caller about to read many files. */
export async function resolveScope(scope: ReadScope): Promise<ReadScope> {
  return { ...scope, real: await realFolders(scope) };
}

const errnoOf = (error: unknown) => (error as NodeJS.ErrnoException).code;
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'ELOOP'].includes(errnoOf(error) ?? '');
const unreadable = (error: unknown): Refusal => ({ kind: 'unreadable', reason: errnoOf(error) ?? (error as Error).message });

/**
 * Checks that `absolute` may be read for the project of `scope`: its real path lies inside the
 * root's real path (or an allowed folder), it is a regular file — a FIFO, socket or device is
 * never opened, so nothing can hang on one — and, with `maxBytes`, no larger than that. Nothing is
 * opened here. A refusal for a path leading out names the symbolic link on the way, as written.
 */
export async function checkProjectFile(scope: ReadScope, absolute: string, maxBytes?: number): Promise<Checked> {
  const checked = await check(scope, absolute, maxBytes);
  return checked.ok ? { ok: true, real: checked.real, bytes: checked.bytes } : checked;
}

type Folders = RealFolders;

async function check(scope: ReadScope, absolute: string, maxBytes: number | undefined): Promise<(Checked & { ok: true; folders: Folders }) | (Checked & { ok: false })> {
  const lexicalRoot = path.resolve(scope.root);
  const target = path.resolve(absolute);
  if (target === lexicalRoot || !isWithin(target, lexicalRoot)) return { ok: false, refusal: { kind: 'outside' } };
  const folders = await realFolders(scope);
  const inside = (real: string) => isWithin(real, folders.root) || folders.allowed.some((a) => isWithin(real, a));
  let real: string;
  try {
    real = await realpath(target);
  } catch (error) {
    if (!isMissing(error)) return { ok: false, refusal: unreadable(error) };
    // Missing, or a dangling link: outside when where a link on the way points is.
    return { ok: false, refusal: (await linkLeadingOut(lexicalRoot, target, inside)) ?? { kind: 'missing' } };
  }
  if (!inside(real)) return { ok: false, refusal: (await linkLeadingOut(lexicalRoot, target, inside)) ?? { kind: 'outside' } };
  let info: Stats;
  try {
    info = await stat(real);
  } catch (error) {
    return { ok: false, refusal: isMissing(error) ? { kind: 'missing' } : unreadable(error) };
  }
  const special = specialKind(info);
  if (special) return { ok: false, refusal: { kind: 'special', type: special } };
  if (!info.isFile()) return { ok: false, refusal: { kind: 'missing' } };
  if (maxBytes !== undefined && info.size > maxBytes) return { ok: false, refusal: { kind: 'too-large', bytes: info.size, limit: maxBytes } };
  return { ok: true, real, bytes: info.size, folders };
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
 * Reads a project file whole after `checkProjectFile`. The real path is opened without following
 * a link and without blocking (`O_NOFOLLOW | O_NONBLOCK`), and what was opened is checked again
 * (a regular file, within the cap, and — where `/proc` shows it — still inside the allowed
 * folders), so a tree that changes between the check and the read gives a refusal, not an
 * outside file, a hang or an unbounded read.
 */
export async function readProjectFile(scope: ReadScope, absolute: string, maxBytes: number): Promise<ReadBytes> {
  const checked = await check(scope, absolute, maxBytes);
  if (!checked.ok) return checked;
  let handle;
  try {
    handle = await open(checked.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, refusal: isMissing(error) ? { kind: 'missing' } : unreadable(error) };
  }
  try {
    const info = await handle.stat();
    const special = specialKind(info);
    if (special) return { ok: false, refusal: { kind: 'special', type: special } };
    if (!info.isFile()) return { ok: false, refusal: { kind: 'missing' } };
    if (info.size > maxBytes) return { ok: false, refusal: { kind: 'too-large', bytes: info.size, limit: maxBytes } };
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    const { root, allowed } = checked.folders;
    if (opened !== undefined && !isWithin(opened, root) && !allowed.some((a) => isWithin(opened, a))) return { ok: false, refusal: { kind: 'outside' } };
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
    return { ok: false, refusal: unreadable(error) };
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
  const checked = await checkProjectFile(scope, absolute);
  if (!checked.ok) return checked;
  let handle;
  try {
    handle = await open(checked.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, refusal: isMissing(error) ? { kind: 'missing' } : unreadable(error) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, refusal: specialKind(info) ? { kind: 'special', type: specialKind(info) as SpecialKind } : { kind: 'missing' } };
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return { ok: true, bytes: buffer.subarray(0, bytesRead) };
  } catch (error) {
    return { ok: false, refusal: unreadable(error) };
  } finally {
    await handle.close();
  }
}
