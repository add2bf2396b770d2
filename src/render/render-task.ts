import path from 'node:path';
import type { ReadPolicy } from '../model/project.js';
import type { RenderedBody } from '../model/render.js';
import { internalError } from '../diagnostics/internal-error.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { readProjectText } from '../project-fs/read-project-file.js';
import { components, type IconLibrary } from './components/index.js';
import { createMdxCache, renderMdx, type MdxCache } from './mdx/index.js';
import type { MdxSiteSettings } from './mdx/mdx-cache.js';

/** What one MDX page render needs: plain data, so it can cross to a worker thread. */
export interface MdxTask {
  readonly root: string;
  readonly file: string;
  readonly variables: Readonly<Record<string, string>>;
  /** docs.json `icons.library`. */
  readonly iconLibrary?: IconLibrary;
  /** What the page and its snippets may read (links, byte caps); default `DEFAULT_READ_POLICY`. */
  readonly policy?: ReadPolicy;
  /** docs.json code themes and `styling.latex` (`resolveRenderSettings`); the defaults when absent. */
  readonly settings?: MdxSiteSettings;
  /**
   * A digest of the project's snippet files (render-bodies.ts): when it changes (a snippet
   * edited while `sheaf dev` runs), the thread's compiled snippets are dropped.
   */
  readonly snippets?: string;
}

/**
 * A renderer of MDX tasks holding the caches one thread shares across the pages of a build
 * (highlighter, highlighted blocks, compiled snippets). Create one per thread. `debug`: stack
 * traces in `internal/error` diagnostics.
 */
export function createMdxTaskRunner(debug: boolean): (task: MdxTask) => Promise<RenderedBody> {
  // One cache per site settings (its highlights and snippets depend on them); a build has one, so
  // only the latest is kept.
  let current: { key: string; snippets: string | undefined; cache: MdxCache } | undefined;
  return (task) => {
    const key = task.settings ? `${task.settings.codeTheme.key}\n${String(task.settings.latex)}` : '';
    if (current?.key !== key) current = { key, snippets: task.snippets, cache: createMdxCache(task.settings) };
    // Edited snippets: compiled again (the highlighters stay).
    if (current.snippets !== task.snippets) current = { key, snippets: task.snippets, cache: { ...current.cache, snippets: new WeakMap(), snippetFiles: new Map(), lock: Promise.resolve() } };
    return runMdxTask(task, current.cache, debug);
  };
}

/** Renders one MDX page body. Never throws: an unexpected failure is an `internal/error` body. */
export async function runMdxTask(task: MdxTask, cache: MdxCache, debug: boolean): Promise<RenderedBody> {
  try {
    const policy = task.policy ?? DEFAULT_READ_POLICY;
    const read = await readProjectText({ root: task.root, allowOutside: policy.allowOutside }, path.join(task.root, task.file), policy.maxPageBytes);
    if (!read.ok) throw new Error(`the page could not be read (${read.refusal.kind})`);
    const source = read.text;
    return await renderMdx({
      policy,
      root: task.root,
      file: task.file,
      source,
      variables: task.variables,
      components,
      cache,
      ...(task.iconLibrary ? { componentSettings: { iconLibrary: task.iconLibrary } } : {}),
    });
  } catch (error) {
    return {
      html: '<p class="render-failed">This page could not be rendered.</p>',
      headings: [],
      sections: [],
      markdown: '',
      features: [],
      diagnostics: [{ ...internalError(error, `while rendering ${task.file}`, debug), file: task.file, line: 1, column: 1 }],
    };
  }
}
