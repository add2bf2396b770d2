import { readCodeBlocksSetting } from '../config/code-blocks-setting.js';
import type { Project } from '../load/project.js';
import { resolveCodeTheme, type CodeTheme } from './code-theme/resolve-code-theme.js';
import type { MdxSiteSettings } from './mdx/mdx-cache.js';

/**
 * The docs.json settings that change the rendered bodies of a whole site, read once per build:
 * `styling.codeblocks` (the code themes and custom languages) and `styling.latex`.
 */
export interface RenderSettings {
  readonly code: CodeTheme;
  /** docs.json `styling.latex`: `true` loads KaTeX on every page, `false` on none; absent, where math is found. */
  readonly latex?: boolean;
  /** What the MDX renderer reads (crosses to the render workers). */
  readonly mdx: MdxSiteSettings;
  /** Stands for the settings in the render cache key: a body rendered under other settings is never reused. */
  readonly key: string;
}

/** Reads and resolves the render settings of `project` (its code themes from shiki's bundled themes). */
export async function resolveRenderSettings(project: Pick<Project, 'config' | 'codeLanguages'>): Promise<RenderSettings> {
  const styling = project.config.config.styling;
  const code = await resolveCodeTheme(readCodeBlocksSetting(styling?.codeblocks), project.codeLanguages ?? []);
  const latex = typeof styling?.latex === 'boolean' ? styling.latex : undefined;
  return {
    code,
    ...(latex !== undefined ? { latex } : {}),
    mdx: { codeTheme: code.mdx, ...(latex !== undefined ? { latex } : {}) },
    key: `code:${code.mdx.key}\nlatex:${latex ?? 'auto'}`,
  };
}
