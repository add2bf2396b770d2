import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { locateDiagnostics, sortDiagnostics } from '../diagnostics/locate.js';
import { loadProject, type LoadOptions } from '../load/load-project.js';
import { resolveSite } from '../resolve/resolve-site.js';

export interface CheckOptions extends LoadOptions {
  /** Project folder; defaults to the current directory. */
  readonly root?: string;
}

export interface CheckResult {
  /** The resolved site, or undefined when the configuration could not be read. */
  readonly site: Site | undefined;
  /** Every problem found, located (file, line, column) and sorted. */
  readonly diagnostics: readonly Diagnostic[];
  readonly errorCount: number;
  readonly warningCount: number;
}

/** Loads and resolves a project without rendering: the engine of `sheaf check`. */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const root = path.resolve(options.root ?? '.');
  let site: Site | undefined;
  let raw: Diagnostic[] = [];
  try {
    const loaded = await loadProject(root, options);
    raw = [...loaded.diagnostics];
    if (loaded.output) {
      const project = loaded.output;
      const resolved = resolveSite({
        config: project.config,
        pages: project.pages,
        openapi: project.openapi.map((d) => d.index),
        failedOpenapi: project.failedOpenapi,
      });
      site = resolved.output;
      raw.push(...resolved.diagnostics);
    }
  } catch (error) {
    raw.push(
      createDiagnostic('internal/error', {
        message: `Sheaf failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        hint: 'This is a bug in Sheaf; please report it with the project that triggers it.',
      }),
    );
  }
  const located = await locateDiagnostics(raw, (file) => readFile(path.join(root, file), 'utf8').catch(() => undefined));
  const diagnostics = sortDiagnostics(located);
  return {
    site,
    diagnostics,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warning').length,
  };
}
