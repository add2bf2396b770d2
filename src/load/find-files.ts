import path from 'node:path';
import ignore from 'ignore';
import type { Diagnostic } from '../model/diagnostic.js';
import { DEFAULT_READ_POLICY } from './read-policy.js';
import { readProjectText } from './read-project-file.js';
import { linkOutsideDiagnostic, specialFileDiagnostic } from './refusal-diagnostic.js';
import { walkProject } from './walk-project.js';

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

export interface FoundFiles {
  /** Project-relative POSIX paths, sorted. */
  readonly files: readonly string[];
  /** Size of each listed file, in bytes. */
  readonly sizes: ReadonlyMap<string, number>;
  /** One per symbolic link leading outside the project and per FIFO, socket or device. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Lists every file of a project (`_site/` and `.sheaf/`, Sheaf's default output and cache, and
 * `extraIgnores` left out too), project-relative POSIX paths, sorted, leaving out the default
 * ignores and the gitignore-style patterns of `.mintignore`. Links are followed only inside the
 * project (and `allowOutside`): each link leading elsewhere, and each FIFO, socket or device, is
 * an error diagnostic and is not listed, so no later stage reads or copies it (`walkProject`).
 */
export async function findFiles(root: string, extraIgnores: readonly string[] = [], allowOutside: readonly string[] = []): Promise<FoundFiles> {
  const ig = ignore().add(DEFAULT_IGNORES).add([...extraIgnores]);
  const mintignore = await readProjectText({ root, allowOutside }, path.join(root, '.mintignore'), DEFAULT_READ_POLICY.maxPageBytes);
  if (mintignore.ok) ig.add(mintignore.text);
  const walk = await walkProject(root, { allowOutside, skip: (relative) => ig.ignores(relative) });
  const diagnostics = walk.refusals.map((r) => (r.kind === 'outside' ? linkOutsideDiagnostic(r.path, r.target) : specialFileDiagnostic(r.path, r.type)));
  return { files: walk.files.map((f) => f.path), sizes: new Map(walk.files.map((f) => [f.path, f.bytes])), diagnostics };
}
