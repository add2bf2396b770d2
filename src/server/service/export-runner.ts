import type { Deployment } from '../../model/bundle.js';

/** Live progress of a build, as the child process streams it. */
export interface ExportProgress {
  /** 0–100. */
  readonly progress: number;
  /** Pages written so far. */
  readonly pageCount: number;
}

/** What a job asks the runner for (the contract of `runExportChild` in `src/bundle/`). */
export interface ExportRunRequest {
  /** Absolute path of the docs project. */
  readonly source: string;
  /** A scratch folder for this run, empty at the start; the service removes it afterwards. */
  readonly workDir: string;
  /** Export version written into the manifest: the job id. */
  readonly version: string;
  readonly deployment?: Deployment;
  /** Wall-clock limit of the child, in milliseconds. */
  readonly timeoutMs: number;
  /** Heap limit of the child, in megabytes. */
  readonly maxMemoryMb: number;
  readonly onProgress?: (progress: ExportProgress) => void;
  readonly signal?: AbortSignal;
}

export type ExportRunResult =
  | {
      readonly ok: true;
      /** Absolute path of the `.tar.gz` bundle. */
      readonly bundleFile: string;
      /** Size of the bundle in bytes. */
      readonly bytes: number;
      readonly pageCount: number;
      /** Absolute path of the site's search records (JSON). */
      readonly searchRecordsFile: string;
      readonly errors: unknown;
      readonly warnings: unknown;
    }
  | { readonly ok: false; readonly reason: string };

export type ExportRunner = (request: ExportRunRequest) => Promise<ExportRunResult>;

/**
 * The real runner: the build in a child process (`runExportChild`), imported on first use so the
 * service starts without loading the build pipeline.
 */
export const childProcessRunner: ExportRunner = async (request) => {
  const { runExportChild } = await import('../../bundle/run-export-child.js');
  return runExportChild(request);
};
