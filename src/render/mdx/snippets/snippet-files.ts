import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { MdxCache } from '../mdx-cache.js';

const SNIPPET_DIRS = ['snippets', '_snippets'];
const SNIPPET_FILE = /\.(mdx?|jsx|tsx|js|ts)$/;

async function listDir(root: string, dir: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && SNIPPET_FILE.test(e.name))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

/**
 * Snippet-like files of a project, project-relative and sorted: those under `snippets/` and
 * `_snippets/`, plus the files of `extraDir` (the folder a missing import points into).
 * Used only for did-you-mean hints; the snippet folders are listed once per cache and root.
 */
export async function listSnippetFiles(cache: MdxCache, root: string, extraDir?: string): Promise<string[]> {
  let listed = cache.snippetFiles.get(root);
  if (!listed) {
    listed = Promise.all(SNIPPET_DIRS.map((d) => listDir(root, d))).then((lists) => lists.flat());
    cache.snippetFiles.set(root, listed);
  }
  const files = new Set(await listed);
  if (extraDir !== undefined && !SNIPPET_DIRS.some((d) => extraDir === d || extraDir.startsWith(`${d}/`))) {
    try {
      for (const e of await readdir(path.join(root, extraDir), { withFileTypes: true })) {
        if (e.isFile() && SNIPPET_FILE.test(e.name)) files.add(path.posix.join(extraDir, e.name));
      }
    } catch {
      // The folder does not exist: nothing to suggest from it.
    }
  }
  return [...files].sort();
}
