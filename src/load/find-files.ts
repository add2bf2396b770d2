import path from 'node:path';
import ignore from 'ignore';
import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectText } from '../project-fs/read-project-file.js';
import { linkOutsideDiagnostic, specialFileDiagnostic } from '../project-fs/refusal-diagnostic.js';
import { DEFAULT_MAX_ENTRIES, walkProject } from '../project-fs/walk-project.js';

/**
 * The files Mintlify never treats as content, exactly its list (reference §2, "Ignored by
 * default"; `DEFAULT_MINT_IGNORES` of @mintlify/common's mintIgnore.js), matched as it matches
 * them: gitignore patterns through the `ignore` package, at any depth unless the pattern holds a
 * `/`, case-insensitively (the package's default). So `docs/README.md` and `readme.md` are left
 * out while `Readme.mdx` and `changelog.mdx` stay pages; under `.mintlify/` only folders, the
 * `skills/` files and JSON/YAML files stay. Mintlify's `.mintignore` docs page also lists
 * `build`, `dist`, `coverage`, `.cache`, `tmp` and `temp`, which its code does not ignore: the
 * code and the reference are followed (real projects keep navigated pages under `build/`).
 */
export const MINTLIFY_IGNORES: readonly string[] = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  '.cursor',
  '.mintlify/**',
  '!.mintlify/**/',
  '!.mintlify/skills/**',
  '!.mintlify/**/*.json',
  '!.mintlify/**/*.yaml',
  '!.mintlify/**/*.yml',
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
];

/**
 * Keeps `.mintlify/skills` when it is a symbolic link (Mintlify's `ai/skillmd` page allows
 * `ln -s ../skills .mintlify/skills`): a link is matched by its name without the trailing `/` of a
 * folder, which `.mintlify/**` would leave out unseen. Where it leads is then checked like any
 * link's (inside the project, or an `--allow-outside` folder). After `MINTLIFY_IGNORES`.
 */
const SKILLS_LINK = '!.mintlify/skills';

/** Sheaf's own default output and cache folders (any depth, as before): never content either. */
const SHEAF_IGNORES: readonly string[] = ['.sheaf/', '_site/'];

/** The lines of a `.mintignore` as Mintlify reads them: split on line ends, each trimmed. */
export function mintignorePatterns(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim());
}

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
 * Lists every file of a project, project-relative POSIX paths, sorted, leaving out the files
 * Mintlify ignores (`MINTLIFY_IGNORES` and the gitignore-style patterns of the root
 * `.mintignore`), and Sheaf's `_site/` and `.sheaf/` and `ignores` too. Links are followed only
 * inside the project (and `allowOutside`): each link leading elsewhere, and each FIFO, socket or device, is an error
 * diagnostic and is not listed, so no later stage reads or copies it (`walkProject`, which also
 * walks each folder at most once through links). Past `maxEntries` the listing stops with one
 * `load/project-too-large` error and what was listed so far.
 */
export async function findFiles(root: string, options: FindOptions = {}): Promise<FoundFiles> {
  const allowOutside = options.allowOutside ?? [];
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const ig = ignore().add([...MINTLIFY_IGNORES, SKILLS_LINK, ...SHEAF_IGNORES, ...(options.ignores ?? [])]);
  const mintignore = await readProjectText({ root, allowOutside }, path.join(root, '.mintignore'), DEFAULT_READ_POLICY.maxPageBytes);
  if (mintignore.ok) ig.add(mintignorePatterns(mintignore.text));
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
