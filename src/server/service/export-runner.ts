import type { ExportChildOptions, ExportChildResult } from '../../export/run-export-child.js';

/** What a job asks the runner for: exactly what `runExportChild` in `src/export/` takes. */
export type ExportRunRequest = ExportChildOptions;

/** Live progress of a build, as the child process streams it: 0–100 and pages written so far. */
export type ExportProgress = Parameters<NonNullable<ExportChildOptions['onProgress']>>[0];

export type ExportRunResult = ExportChildResult;

export type ExportRunner = (request: ExportRunRequest) => Promise<ExportRunResult>;

/**
 * The real runner: the build in a child process (`runExportChild`), imported on first use so the
 * service starts without loading the build pipeline.
 */
export const childProcessRunner: ExportRunner = async (request) => {
  const { runExportChild } = await import('../../export/run-export-child.js');
  return runExportChild(request);
};
