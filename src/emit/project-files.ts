import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Project } from '../model/project.js';
import type { OutputFile } from './output-file.js';
import type { ProjectStyles } from './site-assets.js';

/** Files that are sources, not site content: never copied into the output. */
const SOURCE = /(\.(mdx?|jsx|tsx|ts)$)|(^|\/)(docs|mint)\.json$|(^|\/)\.mintignore$|(^|\/)\.[^/]+$|^_?snippets\//i;

/**
 * The project files copied as they are into the site (images, fonts, videos, downloads, OpenAPI
 * documents, …): everything but pages, snippets, configuration and dotfiles. Root-level `.css`
 * and `.js` files are not copied but bundled into the site's assets (Mintlify loads them on
 * every page); the JavaScript ones only outside air-gapped builds.
 */
export async function projectFiles(
  project: Project,
  deployment: string,
): Promise<{ files: OutputFile[]; styles: ProjectStyles; copied: ReadonlySet<string> }> {
  const rootLevel = (f: string, ext: string) => !f.includes('/') && f.toLowerCase().endsWith(ext);
  const read = (f: string) => readFile(path.join(project.root, f), 'utf8').then((text) => ({ file: f, text }));
  const css = await Promise.all(project.files.filter((f) => rootLevel(f, '.css')).map(read));
  const js = deployment === 'air-gapped' ? [] : await Promise.all(project.files.filter((f) => rootLevel(f, '.js')).map(read));
  const copy = project.files.filter((f) => !SOURCE.test(f) && !rootLevel(f, '.css') && !rootLevel(f, '.js'));
  return {
    files: copy.map((f) => ({ path: f, copyFrom: path.join(project.root, f) })),
    styles: { css, js },
    copied: new Set(copy),
  };
}
