import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { streamOpened } from '../project-fs/copy-project-file.js';
import { forEachLimited } from '../project-fs/map-limited.js';
import { openChecked } from '../project-fs/open-checked.js';
import { isWithin } from '../project-fs/project-scope.js';
import { describeBytes } from '../project-fs/read-policy.js';
import { DEFAULT_MAX_ENTRIES, walkProject, type WalkedFile } from '../project-fs/walk-project.js';

/** Default most files an export source may hold (those Sheaf never reads left out). */
export const DEFAULT_SNAPSHOT_FILES = 100_000;
/** Default most bytes of an export source's files, in bytes (2 GB). */
export const DEFAULT_SNAPSHOT_BYTES = 2 * 1024 * 1024 * 1024;
/** Default most entries (files, folders, links) of an export source looked at. */
export const DEFAULT_SNAPSHOT_ENTRIES = DEFAULT_MAX_ENTRIES;

/** Folders (at any depth) that a build never reads: version control, packages, Sheaf's cache and output. */
const NEVER_READ = new Set(['.git', 'node_modules', '.sheaf', '_site']);
/** Files copied at the same time. */
const CONCURRENCY = 8;

export interface SnapshotOptions {
  /** The docs source folder. */
  readonly source: string;
  /** The folder to copy into (created; should be empty). */
  readonly into: string;
  /**
   * Absolute folders left out even when they lie inside the source (the service's data folder,
   * the job's work folder): never copied, and a link into one fails the snapshot like a link out.
   */
  readonly exclude?: readonly string[];
  /** Default `DEFAULT_SNAPSHOT_FILES`. */
  readonly maxFiles?: number;
  /** Bytes; default `DEFAULT_SNAPSHOT_BYTES`. */
  readonly maxBytes?: number;
  /** Files, folders and links looked at; default `DEFAULT_SNAPSHOT_ENTRIES`. */
  readonly maxEntries?: number;
  /** Aborting stops the walk between two folders and the copy between (and within) two files. */
  readonly signal?: AbortSignal;
}

export type SnapshotResult =
  | { readonly ok: true; readonly files: number; readonly bytes: number }
  /**
   * In plain words for the job's caller, naming the entry as the project wrote it (never a path
   * outside the source), ending in the diagnostic code of the refusal (`[load/link-outside-project]`)
   * as the export process's own failures do; `aborted` when the signal stopped it.
   */
  | { readonly ok: false; readonly reason: string; readonly aborted?: true };

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const andMore = (n: number) => (n > 0 ? ` (and ${plural(n, 'other entry', 'other entries')} like it)` : '');
const ABORTED: SnapshotResult = { ok: false, reason: 'The copy of the docs source was stopped.', aborted: true };

/**
 * Copies the regular files of an export source into `into`, so that the export process reads a
 * tree nobody else can change and that holds no link: the containment of an export job. No link
 * is followed out of the source: a link whose target lies inside it becomes a copy of that target
 * (a file, or a folder walked like any other, see `walkProject`: each folder at most once through
 * links); a link leading outside it (or into an excluded folder), a FIFO, socket or device, and a
 * hard link whose inode has links outside the source (`st_nlink` above the number of its paths
 * inside) fail the snapshot, as do more than `maxFiles` files, `maxEntries` entries or
 * `maxBytes` bytes. `.git`, `node_modules`, `.sheaf` and `_site` folders are left out (no build
 * reads them). Each file is opened by `openChecked` (no link followed, no blocking, the same
 * device and inode as listed, inside the source by `/proc/self/fd`), so a tree changed while it
 * is copied fails rather than leaks.
 */
export async function snapshotSource(options: SnapshotOptions): Promise<SnapshotResult> {
  const maxFiles = options.maxFiles ?? DEFAULT_SNAPSHOT_FILES;
  const maxBytes = options.maxBytes ?? DEFAULT_SNAPSHOT_BYTES;
  const maxEntries = options.maxEntries ?? DEFAULT_SNAPSHOT_ENTRIES;
  const { signal } = options;
  if (signal?.aborted) return ABORTED;
  const sourceReal = await realpath(options.source);
  const exclude = [path.resolve(options.into), ...(options.exclude ?? [])];
  let walk;
  try {
    walk = await walkProject(sourceReal, {
      exclude,
      maxFiles: maxFiles + 1,
      maxEntries,
      ...(signal ? { signal } : {}),
      skip: (relative) => relative.endsWith('/') && NEVER_READ.has(path.posix.basename(relative.slice(0, -1))),
    });
  } catch (error) {
    if (signal?.aborted) return ABORTED;
    throw error;
  }
  const refusal = walk.refusals[0];
  if (refusal) {
    const more = andMore(walk.refusals.length - 1);
    return {
      ok: false,
      reason:
        refusal.kind === 'outside'
          ? `The docs source holds a symbolic link \`${refusal.path}\` → \`${refusal.target}\` that leads outside it${more}; an export reads only files inside its source, so replace the link with a copy of the file. [load/link-outside-project]`
          : `The docs source holds \`${refusal.path}\`, a ${refusal.type}${more}; an export source may hold only files, folders and links inside it. [load/not-a-regular-file]`,
    };
  }
  if (walk.files.length > maxFiles) {
    return { ok: false, reason: `The docs source holds more than ${plural(maxFiles, 'file', 'files')}, the most an export reads. [load/project-too-large]` };
  }
  if (walk.truncated) {
    return { ok: false, reason: `The docs source holds more than ${plural(maxEntries, 'file, folder and link', 'files, folders and links')}, the most an export looks at. [load/project-too-large]` };
  }
  const total = walk.files.reduce((sum, f) => sum + f.bytes, 0);
  if (total > maxBytes) {
    return { ok: false, reason: `The docs source holds ${describeBytes(total)} of files, over the ${describeBytes(maxBytes)} an export reads. [load/project-too-large]` };
  }
  const shared = hardLinkedOutside(walk.files);
  if (shared) {
    return {
      ok: false,
      reason: `The docs source holds \`${shared}\`, a hard link to a file that also lives outside the source; an export source may hold only its own files, so replace it with a copy. [load/link-outside-project]`,
    };
  }

  const excludeReal = await Promise.all(exclude.map((p) => realpath(p).catch(() => path.resolve(p))));
  const allowed = (p: string) => isWithin(p, sourceReal) && !excludeReal.some((e) => isWithin(p, e));
  let copied = 0;
  let failure: string | undefined;
  await mkdir(options.into, { recursive: true });
  await forEachLimited(
    walk.files,
    CONCURRENCY,
    async (file) => {
      const result = await copyOne(file, path.join(options.into, ...file.path.split('/')), allowed, maxBytes - copied, signal);
      if (typeof result === 'string') failure ??= result;
      else copied += result;
    },
    () => failure !== undefined || signal?.aborted === true,
  );
  if (signal?.aborted) return ABORTED;
  if (failure !== undefined) return { ok: false, reason: failure };
  return { ok: true, files: walk.files.length, bytes: copied };
}

/** The path of a file whose inode has more hard links than paths inside the source, if any. */
function hardLinkedOutside(files: readonly WalkedFile[]): string | undefined {
  const paths = new Map<string, Set<string>>();
  for (const f of files) {
    if (f.nlink < 2) continue;
    const key = `${f.dev}:${f.ino}`;
    let set = paths.get(key);
    if (!set) paths.set(key, (set = new Set()));
    set.add(f.real);
  }
  return files.find((f) => f.nlink >= 2 && (paths.get(`${f.dev}:${f.ino}`)?.size ?? 0) < f.nlink)?.path;
}

/** Copies one listed file, checking that what is opened is it; the bytes copied, or why not. */
async function copyOne(file: WalkedFile, to: string, allowed: (real: string) => boolean, budget: number, signal: AbortSignal | undefined): Promise<number | string> {
  const changed = `The docs source changed while it was copied (\`${file.path}\`); start the export again.`;
  const opened = await openChecked(file.real, { allowed, expect: { dev: file.dev, ino: file.ino } });
  if (!opened.ok) return changed;
  try {
    if (opened.info.size > budget) return 'The docs source grew past the most an export reads while it was copied; start the export again. [load/project-too-large]';
    await mkdir(path.dirname(to), { recursive: true });
    await streamOpened(opened.handle, opened.info.size, to, { exclusive: true, ...(signal ? { signal } : {}) });
    return opened.info.size;
  } catch {
    return changed;
  } finally {
    await opened.handle.close();
  }
}
