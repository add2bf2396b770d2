import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isWithin, realFolders, specialKind, type SpecialKind } from './read-project-file.js';

export interface WalkOptions {
  /** Absolute folders outside the root that links may lead into (`--allow-outside`). */
  readonly allowOutside?: readonly string[];
  /**
   * True to leave out an entry and everything under it, before it is looked at: a project-relative
   * POSIX path, ending in `/` for a folder (or a link to one).
   */
  readonly skip?: (relative: string) => boolean;
  /**
   * Absolute folders that are not part of the project even when they lie inside the root (the
   * export service's data folder, a job's work folder): never walked, and a link into one is
   * refused like a link outside.
   */
  readonly exclude?: readonly string[];
  /** Stop after this many files (the walk is then `truncated`). */
  readonly maxFiles?: number;
}

/** A regular file of the project, reached without leaving it. */
export interface WalkedFile {
  /** Project-relative POSIX path, as the project names it (through the links on the way). */
  readonly path: string;
  /** Its real path. */
  readonly real: string;
  readonly bytes: number;
  /** Device and inode: the same file reached twice (a link, or a hard link) has the same pair. */
  readonly dev: number;
  readonly ino: number;
  /** Hard links to the inode, anywhere on the device (`st_nlink`). */
  readonly nlink: number;
}

/** An entry the walk did not take. */
export type WalkRefusal =
  /** A symbolic link (project-relative path, target as written) leading outside the root or into an excluded folder. */
  | { readonly kind: 'outside'; readonly path: string; readonly target: string }
  | { readonly kind: 'special'; readonly path: string; readonly type: SpecialKind };

export interface ProjectWalk {
  /** Sorted by path. */
  readonly files: readonly WalkedFile[];
  /** Sorted by path. */
  readonly refusals: readonly WalkRefusal[];
  /** True when `maxFiles` stopped the walk. */
  readonly truncated: boolean;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * Lists the regular files of a project without ever leaving it. A symbolic link is followed only
 * when its real target lies inside the root's real path (or an allowed folder) and outside the
 * excluded folders: a link to a file lists that file under the link's name, a link to a folder
 * is walked like a folder (one that leads back into a folder being walked is a cycle, left out).
 * A link leading anywhere else is a refusal naming the link and its target as written, and
 * nothing behind it is looked at; so is every FIFO, socket and device, which is never opened.
 * A dangling link is left out silently (there is nothing to read).
 */
export async function walkProject(root: string, options: WalkOptions = {}): Promise<ProjectWalk> {
  const lexicalRoot = path.resolve(root);
  const real = await realFolders({ root: lexicalRoot, allowOutside: options.allowOutside ?? [] });
  // Only folders strictly inside the root: one holding the root (a source kept in the service's
  // data folder) excludes nothing, and links out of the root are refused anyway.
  const exclude = (await Promise.all((options.exclude ?? []).map((p) => realpath(p).catch(() => path.resolve(p))))).filter(
    (e) => e !== real.root && isWithin(e, real.root),
  );
  const excluded = (p: string) => exclude.some((e) => isWithin(p, e));
  const allowed = (p: string) => (isWithin(p, real.root) || real.allowed.some((a) => isWithin(p, a))) && !excluded(p);
  const files: WalkedFile[] = [];
  const refusals: WalkRefusal[] = [];
  const maxFiles = options.maxFiles ?? Infinity;
  let truncated = false;

  const addFile = (relative: string, realPath: string, info: Stats) => {
    if (files.length >= maxFiles) {
      truncated = true;
      return;
    }
    files.push({ path: relative, real: realPath, bytes: info.size, dev: info.dev, ino: info.ino, nlink: info.nlink });
  };

  /** Walks the folder at lexical path `dir` (real path `dirReal`), `prefix` its project-relative path with `/`. */
  const walkFolder = async (dir: string, dirReal: string, prefix: string, chain: ReadonlySet<string>): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // A folder that cannot be listed holds nothing the build could read either.
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const folders: [lexical: string, real: string, relative: string][] = [];
    await Promise.all(
      entries.map(async (entry) => {
        const lexical = path.join(dir, entry.name);
        const relative = prefix + entry.name;
        if (entry.isDirectory()) {
          const folderReal = path.join(dirReal, entry.name);
          if (!options.skip?.(`${relative}/`) && !excluded(folderReal)) folders.push([lexical, folderReal, relative]);
          return;
        }
        if (options.skip?.(relative)) return;
        if (entry.isSymbolicLink()) {
          const target = await readlink(lexical).catch(() => '');
          const targetReal = await realpath(lexical).catch(() => undefined);
          if (targetReal === undefined) {
            // Dangling: refused when where it points is outside, else nothing to list.
            if (!allowed(path.resolve(dirReal, target))) refusals.push({ kind: 'outside', path: relative, target });
            return;
          }
          if (!allowed(targetReal)) {
            refusals.push({ kind: 'outside', path: relative, target });
            return;
          }
          const info = await stat(lexical).catch(() => undefined);
          if (!info) return;
          if (info.isDirectory()) {
            if (!options.skip?.(`${relative}/`) && !chain.has(targetReal)) folders.push([lexical, targetReal, relative]);
            return;
          }
          const special = specialKind(info);
          if (special) refusals.push({ kind: 'special', path: relative, type: special });
          else if (info.isFile()) addFile(relative, targetReal, info);
          return;
        }
        const info = await lstat(lexical).catch(() => undefined);
        if (!info) return;
        const special = specialKind(info);
        if (special) refusals.push({ kind: 'special', path: relative, type: special });
        else if (info.isFile()) addFile(relative, path.join(dirReal, entry.name), info);
      }),
    );
    folders.sort((a, b) => (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
    for (const [lexical, folderReal, relative] of folders) {
      if (truncated) return;
      await walkFolder(lexical, folderReal, `${relative}/`, new Set([...chain, folderReal]));
    }
  };

  await walkFolder(lexicalRoot, real.root, '', new Set([real.root]));
  return { files: files.sort(byPath), refusals: refusals.sort(byPath), truncated };
}
