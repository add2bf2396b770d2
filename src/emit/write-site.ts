import { createHash } from 'node:crypto';
import { copyFile, lstat, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
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
  /** Every file written or kept, with its stamp: the next build's `previous`. */
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
    // An incremental build keeps what it may reuse and removes the rest at its end (removeStale).
    if (options.keep) return undefined;
    await rm(outDir, { recursive: true, force: true });
  }
  await mkdir(path.join(outDir, '_sheaf'), { recursive: true });
  await writeFile(path.join(outDir, OUTPUT_MARKER), 'This folder is written by `sheaf build` and replaced by the next build.\n');
  return undefined;
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
      // What the file is made from, as a digest: compared with what the last build wrote there.
      let hash: string;
      if ('content' in file) hash = key ?? createHash('sha1').update(file.content).digest('hex');
      else if ('copyFrom' in file) hash = key ?? (await sourceKey(file.copyFrom));
      else hash = key ?? (await sourceKey(path.join(project?.root ?? '', ...file.copyProjectFile.split('/'))));
      const kept = previous ? await unchanged(file.path, target, hash) : undefined;
      if (kept) return record(file.path, kept);
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      // A kept folder may hold a link where a file goes (put there by hand): it is replaced, never followed.
      if (previous) await rm(target, { force: true });
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
      record(file.path, await stampOf(target, hash));
    },
    async keep(filePath, key) {
      const kept = previous ? await unchanged(filePath, targetOf(filePath), key) : undefined;
      if (kept) record(filePath, kept);
      return kept !== undefined;
    },
    stats: () => ({ files, bytes }),
    stamps: () => stamps,
  };
}

/** A copied file's source, as a digest of what tells it changed: its size, time and inode (not its content: it is not read). */
async function sourceKey(file: string): Promise<string> {
  const s = await lstat(file).catch(() => undefined);
  return s ? `copy:${s.size}:${s.mtimeMs}:${s.ino}` : 'copy:missing';
}
