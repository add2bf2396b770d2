import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import { defaultFeatures } from '../deployment/features.js';
import { analyticsDiagnostics } from './analytics-diagnostics.js';
import { contextualDiagnostics } from './contextual-diagnostics.js';
import { internalError } from '../diagnostics/internal-error.js';
import { projectFiles } from '../emit/project-files.js';
import { configScriptUrlDiagnostics, openapiScriptUrlDiagnostics } from '../emit/script-url-diagnostics.js';
import { redirectDiagnostics } from '../emit/site-extras.js';
import { policyOf } from '../load/load-project.js';
import { analyze, countBySeverity, locate, type AnalyzeOptions } from './analyze.js';
import { pageDiagnostics } from './page-diagnostics.js';

export interface CheckOptions extends AnalyzeOptions {
  /** Worker threads rendering MDX; default as `sheaf build` (the cores, at most 4, none for small sites). */
  readonly workers?: number;
  /** Cache folder of rendered bodies, shared with `sheaf build`; default `<root>/.sheaf/cache`; `false` turns it off. */
  readonly cacheDir?: string | false;
  /**
   * False: load and resolve only, no page rendered (`sheaf check --print-navigation`, which wants
   * the navigation, not the pages' problems); default true.
   */
  readonly renderPages?: boolean;
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
 * The engine of `sheaf check`: loads and resolves a project, then reports what `sheaf build`
 * reports about it without writing a site (only the render cache): every page rendered the way
 * the build renders it, with its own diagnostics, its broken links and missing files and its
 * Tailwind class warnings (`pageDiagnostics`); docs.json's redirects (`redirectDiagnostics`) and
 * the `javascript:` links of docs.json and of OpenAPI descriptions (`build/script-url`), as the
 * build looks at them. So a page that `build` reports (an unclosed `<Card>`, a stray `{ID}`, a
 * link to no page) is reported by `check` with the same diagnostic, and both exit alike; so are
 * docs.json's integrations and contextual menus, as a cloud build with the Ask AI panel sees them.
 * Not covered: what only the written site or the build's options show (`build/unresolved-link`
 * from the link check over the output, `build/no-site-url`, write failures, the air-gapped
 * profile's remote resources).
 */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const root = path.resolve(options.root ?? '.');
  const analysis = await analyze({ ...options, root });
  const { project, site } = analysis;
  if (!project || !site) return { site, diagnostics: analysis.diagnostics, ...countBySeverity(analysis.diagnostics) };
  const raw: Diagnostic[] = [...analysis.diagnostics];
  try {
    const cloud = defaultFeatures('cloud');
    const own = await projectFiles(project, cloud);
    if (options.renderPages !== false) {
      const cacheDir = options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(root, '.sheaf', 'cache'));
      raw.push(
        ...(await pageDiagnostics(project, site, {
          copied: own.copied,
          ...(options.workers !== undefined ? { workers: options.workers } : {}),
          ...(cacheDir ? { cacheDir } : {}),
          ...(options.debug ? { debug: true } : {}),
        })),
      );
    }
    raw.push(...redirectDiagnostics(project, site, own.copied));
    for (const loaded of project.openapi) raw.push(...openapiScriptUrlDiagnostics(loaded));
    raw.push(...configScriptUrlDiagnostics(project.config.config, project.config.origins));
    // What a cloud build with the Ask AI panel says about docs.json's integrations and contextual
    // menus (a build without the panel also leaves out the options that need it).
    raw.push(...analyticsDiagnostics(project.config, cloud), ...contextualDiagnostics(project, cloud, true));
  } catch (error) {
    raw.push(internalError(error, 'while checking the pages', options.debug ?? false));
  }
  const diagnostics = await locate(raw, root, project.policy ?? policyOf(options));
  return { site, diagnostics, ...countBySeverity(diagnostics) };
}
