import { realpath } from 'node:fs/promises';
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

/** True when `child` is `folder` or lies inside it (both absolute, normalized). */
export function isWithin(child: string, folder: string): boolean {
  const relative = path.relative(folder, child);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** True when the real path `real` lies inside the root or an allowed folder of `folders`. */
export function insideFolders(folders: RealFolders, real: string): boolean {
  return isWithin(real, folders.root) || folders.allowed.some((a) => isWithin(real, a));
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
