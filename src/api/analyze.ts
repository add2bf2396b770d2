import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ReadPolicy } from '../model/project.js';
import type { Project } from '../load/project.js';
import type { Site } from '../model/site.js';
import { internalError } from '../diagnostics/internal-error.js';
import { locateDiagnostics, sortDiagnostics } from '../diagnostics/locate.js';
import { loadProject, policyOf, type LoadOptions } from '../load/load-project.js';
import { projectTextReader } from '../load/project-texts.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import { resolveSite } from '../resolve/resolve-site.js';
import { navigationIconDiagnostics } from '../render/layout/index.js';

export interface AnalyzeOptions extends LoadOptions {
  /** Project folder; defaults to the current directory. */
  readonly root?: string;
  /** Folders inside the project that are output, not content (left out of page discovery). */
  readonly outputDirs?: readonly string[];
}

export interface Analysis {
  readonly root: string;
  readonly project: Project | undefined;
  readonly site: Site | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Load and resolve: the part `check` and `build` share. Diagnostics are located and sorted. */
export async function analyze(options: AnalyzeOptions = {}): Promise<Analysis> {
  const root = path.resolve(options.root ?? '.');
  let project: Project | undefined;
  let site: Site | undefined;
  const raw: Diagnostic[] = [];
  try {
    const loaded = await loadProject(root, options);
    raw.push(...loaded.diagnostics);
    project = loaded.output;
    if (project) {
      const resolved = resolveSite({
        config: project.config,
        pages: project.pages,
        openapi: project.openapi.map((d) => d.index),
        failedOpenapi: project.failedOpenapi,
        asyncapi: (project.asyncapi ?? []).map((d) => d.index),
        failedAsyncapi: project.failedAsyncapi ?? [],
      });
      site = resolved.output;
      raw.push(...resolved.diagnostics);
      // The header and sidebar are the same on every page: their icons are looked at once here, for check and build alike.
      if (site) raw.push(...navigationIconDiagnostics({ config: project.config.config, origins: project.config.origins, navigation: site.navigation }));
    }
  } catch (error) {
    raw.push(internalError(error, 'while loading the project', options.debug ?? false));
  }
  return { root, project, site, diagnostics: await locate(raw, root, project?.policy ?? policyOf(options)) };
}

/**
 * Fills positions from the project's files and sorts: the last step before diagnostics leave the
 * API. Files are read again through the load stage's reader (`projectTextReader`: inside the
 * project and the `allowOutside` folders of `policy`, regular files, under its caps); a file
 * refused there keeps its diagnostics without a position.
 */
export async function locate(raw: readonly Diagnostic[], root: string, policy: ReadPolicy = DEFAULT_READ_POLICY): Promise<Diagnostic[]> {
  const located = await locateDiagnostics(raw, projectTextReader(root, policy));
  return sortDiagnostics(located);
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): { errorCount: number; warningCount: number } {
  return {
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warning').length,
  };
}
