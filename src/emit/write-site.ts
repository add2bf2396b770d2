import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyProjectFile } from '../project-fs/copy-project-file.js';
import { resolveScope, type ReadScope } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';
import type { OutputFile } from './output-file.js';
import type { FileStamp } from './output-state.js';

/** Marker file Sheaf writes in every output folder, so a later build knows it may replace it. */
export const OUTPUT_MARKER = '_sheaf/.sheaf-output';

export interface SiteWriter {
  /**
   * Writes a file, unless the last build wrote the same content there and the file is as it left
   * it. `key`, when given, stands for the content (a cache key): the content is not hashed.
   */
  write(file: OutputFile, key?: string): Promise<void>;
  /**
   * Keeps the file the last build wrote at `path` when it is as that build left it (and, with
   * `key`, was written from the same key): true, and it counts as written; false when it must be written.
   */
  keep(path: string, key?: string): Promise<boolean>;
  /** Files and bytes written or kept so far. */
  stats(): { files: number; bytes: number };
  /** In an incremental build (a `previous`, even empty): every file written or kept, with its stamp, the next build's `previous`. */
  stamps(): ReadonlyMap<string, FileStamp>;
}

/**
 * Prepares `outDir` for a build: refuses the project root or a folder holding it, and a
 * non-empty folder that is not a previous Sheaf output (so a wrong `-o` never deletes someone's
 * files); otherwise empties it, or with `keep` (an incremental build) leaves a previous output as
 * it is. Returns why it refused, or undefined.
 */
export async function prepareOutput(outDir: string, root: string, options: { readonly keep?: boolean } = {}): Promise<string | undefined> {
  const rel = path.relative(outDir, root);
  if (rel === '' || !rel.startsWith('..')) return `The output folder \`${outDir}\` is the project folder or holds it.`;
  const entries = await readdir(outDir).catch(() => [] as string[]);
  if (entries.length > 0) {
    const ours = await stat(path.join(outDir, OUTPUT_MARKER)).then(() => true, () => false);
    if (!ours) return `The output folder \`${outDir}\` is not empty and was not written by Sheaf.`;
    // An incremental build keeps what it may reuse and removes the rest at its end (removeStale),
    // unless the folder holds anything but folders and regular files: a link (put there by hand) is
    // never written through or followed, so such a folder is emptied as for a build from nothing.
    if (options.keep && onlyFilesAndFolders(outDir) && !(await caseInsensitive(outDir))) return undefined;
    await rm(outDir, { recursive: true, force: true });
  }
  await mkdir(path.join(outDir, '_sheaf'), { recursive: true });
  await writeFile(path.join(outDir, OUTPUT_MARKER), 'This folder is written by `sheaf build` and replaced by the next build.\n');
  return undefined;
}

/** Removes the regular file standing where a folder of `dir` (inside `outDir`) should be. */
async function removeFileAncestor(outDir: string, dir: string): Promise<void> {
  for (let at = dir; at.length > outDir.length && at.startsWith(outDir); at = path.dirname(at)) {
    const found = await lstat(at).catch(() => undefined);
    if (found?.isFile()) {
      await rm(at);
      return;
    }
  }
}

/**
 * True when the folder's file system ignores case (macOS, Windows): the marker answers under its
 * upper-case name. A page whose route changed only in case would be written into the old name's
 * folder there and then removed as stale, so such a folder is not kept.
 */
async function caseInsensitive(outDir: string): Promise<boolean> {
  return stat(path.join(outDir, OUTPUT_MARKER.toUpperCase())).then(() => true, () => false);
}

/** True when everything under `dir` is a folder or a regular file (read without following links). */
function onlyFilesAndFolders(dir: string): boolean {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).every((e) => e.isFile() || e.isDirectory());
  } catch {
    return false;
  }
}

/**
 * Why a site-relative output path is refused, or undefined: every segment must name a new entry
 * of its folder (not empty, `.` or `..`, no NUL, no `\\` that Windows reads as a separator), so
 * nothing is ever written outside the output folder whatever path a stage hands over.
 */
export function refusedOutputPath(filePath: string): string | undefined {
  for (const segment of filePath.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') return `its segment \`${segment}\` does not name a file or folder`;
    if (segment.includes('\0')) return 'it holds a NUL character';
    if (segment.includes('\\')) return 'it holds a backslash';
  }
  return undefined;
}

/**
 * Writes output files under `outDir`, creating folders as needed; refuses (throws on) a path
 * `refusedOutputPath` refuses. A project file (`copyProjectFile`) is copied through the load
 * stage's checks for the project of `project` (`copyProjectFile` in src/project-fs: inside the project,
 * a regular file, no link followed when it is opened): one refused — a link or FIFO swapped in
 * since the listing — throws with the refusal's message, and nothing of it is written.
 */
export function createSiteWriter(outDir: string, project?: ReadScope, previous?: Readonly<Record<string, FileStamp>>): SiteWriter {
  let files = 0;
  let bytes = 0;
  const made = new Set<string>();
  const stamps = new Map<string, FileStamp>();
  let scope: Promise<ReadScope> | undefined;
  const targetOf = (filePath: string): string => {
    const refused = refusedOutputPath(filePath);
    if (refused) throw new Error(`Sheaf refuses to write \`${filePath.replace(/\0/g, '\\0')}\`: ${refused}.`);
    return path.join(outDir, ...filePath.split('/'));
  };
  /** The stamp of the file at `target` when it is the one the last build wrote at `filePath` from `hash`. */
  const unchanged = async (filePath: string, target: string, hash: string | undefined): Promise<FileStamp | undefined> => {
    const last = previous?.[filePath];
    if (!last || (hash !== undefined && last.hash !== hash)) return undefined;
    const now = await lstat(target).catch(() => undefined);
    return now?.isFile() && now.size === last.size && now.mtimeMs === last.mtimeMs ? last : undefined;
  };
  const record = (filePath: string, stamp: FileStamp): void => {
    // A file written again (a redirect page over a page's path) counts once, with its last size.
    const before = stamps.get(filePath);
    if (before) bytes -= before.size;
    else files += 1;
    stamps.set(filePath, stamp);
    bytes += stamp.size;
  };
  const stampOf = async (target: string, hash: string): Promise<FileStamp> => {
    const s = await stat(target);
    return { hash, size: s.size, mtimeMs: s.mtimeMs };
  };
  return {
    async write(file, key) {
      const target = targetOf(file.path);
      // What the file is made from, as a digest: compared with what the last build wrote there
      // (only in an incremental build; a build from nothing stamps nothing).
      let hash = '';
      if (previous) {
        if ('content' in file) hash = key ?? createHash('sha1').update(file.content).digest('hex');
        else if ('copyFrom' in file) hash = key ?? (await sourceKey(file.copyFrom));
        else hash = key ?? (await sourceKey(path.join(project?.root ?? '', ...file.copyProjectFile.split('/'))));
        const kept = await unchanged(file.path, target, hash);
        if (kept) return record(file.path, kept);
      }
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true }).catch(async (error: NodeJS.ErrnoException) => {
          // A kept folder may hold a file of the last build where this one needs a folder (a page
          // gone, a new page under its path): it goes, as a build from nothing would not have it.
          if (!previous || (error.code !== 'ENOTDIR' && error.code !== 'EEXIST')) throw error;
          await removeFileAncestor(outDir, dir);
          await mkdir(dir, { recursive: true });
        });
        made.add(dir);
      }
      if ('content' in file) {
        await writeFile(target, file.content);
      } else if ('copyFrom' in file) {
        await copyFile(file.copyFrom, target);
      } else {
        if (!project) throw new Error(`The project file \`${file.copyProjectFile}\` cannot be copied: the site writer was given no project.`);
        scope ??= resolveScope(project);
        const resolved = await scope;
        const copied = await copyProjectFile(resolved, path.join(resolved.root, ...file.copyProjectFile.split('/')), target);
        if (!copied.ok) {
          const why = refusalDiagnostic(file.copyProjectFile, copied.refusal, 'asset')?.message;
          throw new Error(why ?? `\`${file.copyProjectFile}\` could not be read (${copied.refusal.kind === 'unreadable' ? copied.refusal.reason : 'it is gone'}); it is not copied.`);
        }
      }
      if (previous) record(file.path, await stampOf(target, hash));
      else {
        files += 1;
        bytes += 'content' in file ? (typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.byteLength) : (await stat(target)).size;
      }
    },
    async keep(filePath, key) {
      // A path the last build's state names that this writer refuses (a damaged state) is not kept.
      let target: string | undefined;
      try {
        target = targetOf(filePath);
      } catch {
        target = undefined;
      }
      const kept = previous && target ? await unchanged(filePath, target, key) : undefined;
      if (kept) record(filePath, kept);
      return kept !== undefined;
    },
    stats: () => ({ files, bytes }),
    stamps: () => stamps,
  };
}

/**
 * A copied file's source, as what tells it changed: the file it resolves to (a link inside the
 * project is followed when copied) with its size, time and inode (not its content: it is not read).
 */
async function sourceKey(file: string): Promise<string> {
  const real = await realpath(file).catch(() => undefined);
  const s = real ? await stat(real).catch(() => undefined) : undefined;
  return real && s ? `copy:${real}:${s.size}:${s.mtimeMs}:${s.ino}` : 'copy:missing';
}
