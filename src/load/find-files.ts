import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import ignore from 'ignore';

/** Folders and files Mintlify never treats as content (reference §2). */
const DEFAULT_IGNORES = [
  '.git/',
  '.github/',
  '.claude/',
  '.agents/',
  '.idea/',
  '.vscode/',
  '.cursor/',
  '.mintlify/',
  'node_modules/',
  '.sheaf/',
  '_site/',
  '/README.md',
  '/LICENSE.md',
  '/CHANGELOG.md',
  '/CONTRIBUTING.md',
];

/**
 * Lists every file of a project (`_site/` and `.sheaf/`, Sheaf's default output and cache, and
 * `extraIgnores` left out too), project-relative POSIX paths, sorted, leaving out the default
 * ignores and the gitignore-style patterns of `.mintignore`.
 */
export async function findFiles(root: string, extraIgnores: readonly string[] = []): Promise<string[]> {
  const ig = ignore().add(DEFAULT_IGNORES).add([...extraIgnores]);
  const mintignore = await readFile(path.join(root, '.mintignore'), 'utf8').catch(() => '');
  ig.add(mintignore);
  const all = await fg('**/*', {
    cwd: root,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: ['**/node_modules/**', '**/.git/**'],
  });
  return all.filter((f) => !ig.ignores(f)).sort();
}
