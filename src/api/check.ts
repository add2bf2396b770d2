import type { Diagnostic } from '../model/diagnostic.js';
import type { Site } from '../model/site.js';
import { analyze, countBySeverity, type AnalyzeOptions } from './analyze.js';

export type CheckOptions = AnalyzeOptions;

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
  const { site, diagnostics } = await analyze(options);
  return { site, diagnostics, ...countBySeverity(diagnostics) };
}
