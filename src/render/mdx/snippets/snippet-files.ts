import { walkProject } from '../../../project-fs/walk-project.js';
import type { MdxCache } from '../mdx-cache.js';

const SNIPPET_DIRS = ['snippets', '_snippets'];
const SNIPPET_FILE = /\.(mdx?|jsx|tsx|js|ts)$/;
/** Entries the listing looks at, at most: it only feeds hints. */
const MAX_ENTRIES = 20_000;

const inSnippetDir = (relative: string) => SNIPPET_DIRS.some((d) => relative.startsWith(`${d}/`));

/**
 * Snippet-like files under the snippet folders (recursively), or with `extraDir` those directly in that folder, listed
 * by the load stage's walk (`walkProject`: never past a link leading out of the project, never
 * opening a FIFO), only the folders on the way walked. Render tasks run in worker threads without
 * the project's file list, hence a walk of their own.
 */
async function listSnippetLike(root: string, extraDir: string | undefined): Promise<string[]> {
  // The folder as a prefix of the paths in it (`` for the root).
  const extra = extraDir === undefined ? undefined : extraDir === '' ? '' : `${extraDir}/`;
  const keep = (folder: string) => (extra === undefined ? inSnippetDir(folder) : extra.startsWith(folder));
  const walk = await walkProject(root, { maxEntries: MAX_ENTRIES, skip: (relative) => relative.endsWith('/') && !keep(relative) }).catch(() => undefined);
  return (walk?.files ?? [])
    .map((f) => f.path)
    .filter((f) => SNIPPET_FILE.test(f) && (extra === undefined ? inSnippetDir(f) : f.startsWith(extra) && !f.slice(extra.length).includes('/')));
}

/**
 * Snippet-like files of a project, project-relative and sorted: those under `snippets/` and
 * `_snippets/`, plus the files of `extraDir` (the folder a missing import points into).
 * Used only for did-you-mean hints; the snippet folders are listed once per cache and root.
 */
export async function listSnippetFiles(cache: MdxCache, root: string, extraDir?: string): Promise<string[]> {
  let listed = cache.snippetFiles.get(root);
  if (!listed) {
    listed = listSnippetLike(root, undefined);
    cache.snippetFiles.set(root, listed);
  }
  const files = new Set(await listed);
  if (extraDir !== undefined && !SNIPPET_DIRS.some((d) => extraDir === d || extraDir.startsWith(`${d}/`))) {
    for (const f of await listSnippetLike(root, extraDir)) files.add(f);
  }
  return [...files].sort();
}
