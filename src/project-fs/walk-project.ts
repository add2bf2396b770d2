import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapLimited } from './map-limited.js';
import { insideFolders, isWithin, realFolders } from './project-scope.js';
import { specialKind, type SpecialKind } from './refusal.js';

/** Default most entries a walk looks at: files, folders, links and special files together. */
export const DEFAULT_MAX_ENTRIES = 200_000;
/** Entries of one folder looked at (`lstat`, `readlink`, `realpath`) at the same time. */
const CONCURRENCY = 32;

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
  /**
   * Stop once more than this many entries were looked at — files, folders, links, FIFOs… alike,
   * skipped ones not counted (the walk is then `truncated`); default `DEFAULT_MAX_ENTRIES`.
   */
  readonly maxEntries?: number;
  /** Aborting ends the walk between two folders: it rejects with the signal's reason. */
  readonly signal?: AbortSignal;
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
  /**
   * Folders reached through a link that were not walked because the same real folder already
   * was through a link (project-relative, as reached; sorted). See `walkProject`.
   */
  readonly repeated: readonly string[];
  /** True when `maxFiles` or `maxEntries` stopped the walk. */
  readonly truncated: boolean;
}

/** A folder to walk: its lexical path, real path, project-relative path, and whether a link leads to it. */
type Folder = readonly [lexical: string, real: string, relative: string, viaLink: boolean];

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Lists the regular files of a project without ever leaving it. A symbolic link is followed only
 * when its real target lies inside the root's real path (or an allowed folder) and outside the
 * excluded folders: a link to a file lists that file under the link's name, a link to a folder
 * is walked like a folder. A link leading anywhere else is a refusal naming the link and its
 * target as written, and nothing behind it is looked at; so is every FIFO, socket and device,
 * which is never opened. A dangling link is left out silently (there is nothing to read).
 *
 * The walk is linear in the size of the tree, whatever its links: each real folder is walked at
 * most twice, once at its own path (the tree without links) and once through links — at the
 * first path a link leads to it, in walk order (depth first, by name). A further link to a folder
 * already walked through a link (and a folder inside such a walk that already was) is left out
 * and named in `repeated`, so two links to the next folder at each of n levels cost n folders,
 * not 2^n; a link to a folder on its own way (a cycle) is left out. No diagnostic is made for
 * either: Sheaf found no rule of Mintlify's for them, and a page only reachable that way is then
 * reported where the navigation names it. Entries looked at count against `maxEntries`.
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
  const allowed = (p: string) => insideFolders(real, p) && !excluded(p);
  const skip = options.skip ?? (() => false);
  const files: WalkedFile[] = [];
  const refusals: WalkRefusal[] = [];
  const repeated: string[] = [];
  const maxFiles = options.maxFiles ?? Infinity;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  let entriesSeen = 0;
  let truncated = false;
  /** Real folders walked through a link, and those on the way to the folder being walked. */
  const walkedThroughLink = new Set<string>();
  const onTheWay = new Set<string>([real.root]);

  const addFile = (relative: string, realPath: string, info: Stats) => {
    if (files.length >= maxFiles) {
      truncated = true;
      return;
    }
    files.push({ path: relative, real: realPath, bytes: info.size, dev: info.dev, ino: info.ino, nlink: info.nlink });
  };

  /** What one entry of a folder is: a folder to walk, a file listed or a refusal (both recorded here), or nothing. */
  const look = async (entry: Dirent, dir: string, dirReal: string, prefix: string): Promise<Folder | undefined> => {
    const lexical = path.join(dir, entry.name);
    const relative = prefix + entry.name;
    if (entry.isSymbolicLink()) {
      const target = await readlink(lexical).catch(() => '');
      const targetReal = await realpath(lexical).catch(() => undefined);
      if (targetReal === undefined) {
        // Dangling: refused when where it points is outside, else nothing to list.
        if (!allowed(path.resolve(dirReal, target))) refusals.push({ kind: 'outside', path: relative, target });
        return undefined;
      }
      if (!allowed(targetReal)) {
        refusals.push({ kind: 'outside', path: relative, target });
        return undefined;
      }
      const info = await stat(lexical).catch(() => undefined);
      if (!info) return undefined;
      if (info.isDirectory()) return skip(`${relative}/`) ? undefined : [lexical, targetReal, relative, true];
      const special = specialKind(info);
      if (special) refusals.push({ kind: 'special', path: relative, type: special });
      else if (info.isFile()) addFile(relative, targetReal, info);
      return undefined;
    }
    const info = await lstat(lexical).catch(() => undefined);
    if (!info) return undefined;
    const entryReal = path.join(dirReal, entry.name);
    // A folder here was not skipped as `x/` (see `walkFolder`): only an excluded one is left out.
    if (info.isDirectory()) return excluded(entryReal) ? undefined : [lexical, entryReal, relative, false];
    const special = specialKind(info);
    if (special) refusals.push({ kind: 'special', path: relative, type: special });
    else if (info.isFile()) addFile(relative, entryReal, info);
    return undefined;
  };

  /** Walks the folder at lexical path `dir` (real path `dirReal`), `prefix` its project-relative path with `/`; `linked` when a link is on its way. */
  const walkFolder = async (dir: string, dirReal: string, prefix: string, linked: boolean): Promise<void> => {
    options.signal?.throwIfAborted();
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // A folder that cannot be listed holds nothing the build could read either.
    }
    // A folder (by the entry's type) is skipped as `x/`, anything else as `x`: a link to a folder is looked at first.
    const kept = entries.filter((e) => !skip(prefix + e.name + (e.isDirectory() ? '/' : ''))).sort(byName);
    entriesSeen += kept.length;
    if (entriesSeen > maxEntries) {
      truncated = true;
      return;
    }
    const found = await mapLimited(kept, CONCURRENCY, (entry) => look(entry, dir, dirReal, prefix));
    const folders = found.filter((f): f is Folder => f !== undefined).sort((a, b) => (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
    for (const [lexical, folderReal, relative, viaLink] of folders) {
      if (truncated) return;
      if (viaLink && onTheWay.has(folderReal)) continue; // A cycle.
      const throughLink = linked || viaLink;
      if (throughLink) {
        if (walkedThroughLink.has(folderReal)) {
          repeated.push(relative);
          continue;
        }
        walkedThroughLink.add(folderReal);
      }
      onTheWay.add(folderReal);
      try {
        await walkFolder(lexical, folderReal, `${relative}/`, throughLink);
      } finally {
        onTheWay.delete(folderReal);
      }
    }
  };

  await walkFolder(lexicalRoot, real.root, '', false);
  return { files: files.sort(byPath), refusals: refusals.sort(byPath), repeated: repeated.sort(), truncated };
}
