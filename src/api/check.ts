import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import { defaultFeatures } from '../deployment/features.js';
import { internalError } from '../diagnostics/internal-error.js';
import { projectFiles } from '../emit/project-files.js';
import { redirectDiagnostics } from '../emit/site-extras.js';
import { policyOf } from '../load/load-project.js';
import { analyze, countBySeverity, locate, type AnalyzeOptions } from './analyze.js';
import { mdxPageDiagnostics } from './page-diagnostics.js';

export interface CheckOptions extends AnalyzeOptions {
  /** Worker threads rendering MDX; default as `sheaf build` (the cores, at most 4, none for small sites). */
  readonly workers?: number;
  /** Cache folder of rendered bodies, shared with `sheaf build`; default `<root>/.sheaf/cache`; `false` turns it off. */
  readonly cacheDir?: string | false;
}

export interface CheckResult {
  /** The resolved site, or undefined when the configuration could not be read. */
  readonly site: Site | undefined;
  /** Every problem found, located (file, line, column) and sorted. */
  readonly diagnostics: readonly Diagnostic[];
  readonly errorCount: number;
  readonly warningCount: number;
}

/**
 * The engine of `sheaf check`: loads and resolves a project, then compiles and renders every MDX
 * page the way `sheaf build` does (`mdxPageDiagnostics`) and looks at docs.json's redirects as
 * the build does (`redirectDiagnostics`), writing nothing but the render cache. So a page that
 * `build` reports (an unclosed `<Card>`, a stray `{ID}`) is reported by `check` with the same
 * diagnostic, and both exit alike. Not covered: what only the written site shows (broken links,
 * missing images, the air-gapped profile's remote resources).
 */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const root = path.resolve(options.root ?? '.');
  const analysis = await analyze({ ...options, root });
  const { project, site } = analysis;
  if (!project || !site) return { site, diagnostics: analysis.diagnostics, ...countBySeverity(analysis.diagnostics) };
  const raw: Diagnostic[] = [...analysis.diagnostics];
  try {
    const cacheDir = options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(root, '.sheaf', 'cache'));
    raw.push(
      ...(await mdxPageDiagnostics(project, site, {
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
        ...(cacheDir ? { cacheDir } : {}),
        ...(options.debug ? { debug: true } : {}),
      })),
    );
    const own = await projectFiles(project, defaultFeatures('cloud'));
    raw.push(...redirectDiagnostics(project, site, own.copied));
  } catch (error) {
    raw.push(internalError(error, 'while checking the pages', options.debug ?? false));
  }
  const diagnostics = await locate(raw, root, project.policy ?? policyOf(options));
  return { site, diagnostics, ...countBySeverity(diagnostics) };
}
