import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyProjectFile } from '../project-fs/copy-project-file.js';
import { resolveScope, type ReadScope } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';
import type { OutputFile } from './output-file.js';

/** Marker file Sheaf writes in every output folder, so a later build knows it may replace it. */
export const OUTPUT_MARKER = '_sheaf/.sheaf-output';

export interface SiteWriter {
  write(file: OutputFile): Promise<void>;
  /** Files and bytes written so far. */
  stats(): { files: number; bytes: number };
}

/**
 * Prepares `outDir` for a build: refuses the project root or a folder holding it, and a
 * non-empty folder that is not a previous Sheaf output (so a wrong `-o` never deletes someone's
 * files); otherwise empties it. Returns why it refused, or undefined.
 */
export async function prepareOutput(outDir: string, root: string): Promise<string | undefined> {
  const rel = path.relative(outDir, root);
  if (rel === '' || !rel.startsWith('..')) return `The output folder \`${outDir}\` is the project folder or holds it.`;
  const entries = await readdir(outDir).catch(() => [] as string[]);
  if (entries.length > 0) {
    const ours = await stat(path.join(outDir, OUTPUT_MARKER)).then(() => true, () => false);
    if (!ours) return `The output folder \`${outDir}\` is not empty and was not written by Sheaf.`;
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
export function createSiteWriter(outDir: string, project?: ReadScope): SiteWriter {
  let files = 0;
  let bytes = 0;
  const made = new Set<string>();
  let scope: Promise<ReadScope> | undefined;
  return {
    async write(file) {
      const refused = refusedOutputPath(file.path);
      if (refused) throw new Error(`Sheaf refuses to write \`${file.path.replace(/\0/g, '\\0')}\`: ${refused}.`);
      const target = path.join(outDir, ...file.path.split('/'));
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      if ('content' in file) {
        await writeFile(target, file.content);
        bytes += typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.byteLength;
      } else if ('copyFrom' in file) {
        await copyFile(file.copyFrom, target);
        bytes += (await stat(target)).size;
      } else {
        if (!project) throw new Error(`The project file \`${file.copyProjectFile}\` cannot be copied: the site writer was given no project.`);
        scope ??= resolveScope(project);
        const resolved = await scope;
        const copied = await copyProjectFile(resolved, path.join(resolved.root, ...file.copyProjectFile.split('/')), target);
        if (!copied.ok) {
          const why = refusalDiagnostic(file.copyProjectFile, copied.refusal, 'asset')?.message;
          throw new Error(why ?? `\`${file.copyProjectFile}\` could not be read (${copied.refusal.kind === 'unreadable' ? copied.refusal.reason : 'it is gone'}); it is not copied.`);
        }
        bytes += copied.bytes;
      }
      files += 1;
    },
    stats: () => ({ files, bytes }),
  };
}
