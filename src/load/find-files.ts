import path from 'node:path';
import ignore from 'ignore';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectText } from '../project-fs/read-project-file.js';
import { linkOutsideDiagnostic, specialFileDiagnostic } from '../project-fs/refusal-diagnostic.js';
import { DEFAULT_MAX_ENTRIES, walkProject } from '../project-fs/walk-project.js';

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

export interface FindOptions {
  /** Gitignore-style patterns left out besides the defaults and `.mintignore` (the build output). */
  readonly ignores?: readonly string[];
  /** Absolute folders outside the project that its links may lead into (`--allow-outside`). */
  readonly allowOutside?: readonly string[];
  /** Most entries looked at (files, folders and links; ignored ones not counted); default `DEFAULT_MAX_ENTRIES`. */
  readonly maxEntries?: number;
}

export interface FoundFiles {
  /** Project-relative POSIX paths, sorted. */
  readonly files: readonly string[];
  /** Size of each listed file, in bytes. */
  readonly sizes: ReadonlyMap<string, number>;
  /** One per symbolic link leading outside the project and per FIFO, socket or device; one more when the listing stopped at its cap. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Lists every file of a project (`_site/` and `.sheaf/`, Sheaf's default output and cache, and
 * `ignores` left out too), project-relative POSIX paths, sorted, leaving out the default ignores
 * and the gitignore-style patterns of `.mintignore`. Links are followed only inside the project
 * (and `allowOutside`): each link leading elsewhere, and each FIFO, socket or device, is an error
 * diagnostic and is not listed, so no later stage reads or copies it (`walkProject`, which also
 * walks each folder at most once through links). Past `maxEntries` the listing stops with one
 * `load/project-too-large` error and what was listed so far.
 */
export async function findFiles(root: string, options: FindOptions = {}): Promise<FoundFiles> {
  const allowOutside = options.allowOutside ?? [];
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const ig = ignore().add(DEFAULT_IGNORES).add([...(options.ignores ?? [])]);
  const mintignore = await readProjectText({ root, allowOutside }, path.join(root, '.mintignore'), DEFAULT_READ_POLICY.maxPageBytes);
  if (mintignore.ok) ig.add(mintignore.text);
  const walk = await walkProject(root, { allowOutside, maxEntries, skip: (relative) => ig.ignores(relative) });
  const diagnostics = walk.refusals.map((r) => (r.kind === 'outside' ? linkOutsideDiagnostic(r.path, r.target) : specialFileDiagnostic(r.path, r.type)));
  if (walk.truncated) {
    diagnostics.push(
      createDiagnostic('load/project-too-large', {
        message: `The project folder holds more than ${maxEntries.toLocaleString('en-US')} files, folders and links; Sheaf lists no more, so pages and files past them are left out.`,
        file: '.',
        hint: 'List folders that are not documentation (generated files, dependencies, archives) in `.mintignore`.',
      }),
    );
  }
  return { files: walk.files.map((f) => f.path), sizes: new Map(walk.files.map((f) => [f.path, f.bytes])), diagnostics };
}
