import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderedBody } from '../model/render.js';
import { internalError } from '../api/analyze.js';
import { components } from './components/index.js';
import { renderMdx } from './mdx/render-mdx.js';

/** What one MDX page render needs: plain data, so it can cross to a worker thread. */
export interface MdxTask {
  readonly root: string;
  readonly file: string;
  readonly variables: Readonly<Record<string, string>>;
}

/** Renders one MDX page body. Never throws: an unexpected failure is an `internal/error` body. */
export async function runMdxTask(task: MdxTask): Promise<RenderedBody> {
  try {
    const source = await readFile(path.join(task.root, task.file), 'utf8');
    return await renderMdx({ root: task.root, file: task.file, source, variables: task.variables, components });
  } catch (error) {
    return {
      html: '<p class="render-failed">This page could not be rendered.</p>',
      headings: [],
      sections: [],
      markdown: '',
      features: [],
      diagnostics: [{ ...internalError(error, `while rendering ${task.file}`), file: task.file, line: 1, column: 1 }],
    };
  }
}
