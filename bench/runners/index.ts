import { cliBuild } from './cli-build.js';
import { cliRebuild } from './cli-rebuild.js';
import { devPreview } from './dev-preview.js';
import { openapiLoad } from './openapi-load.js';
import { serving } from './serving.js';

/** What a runner reports; the harness measures time and memory around it. */
export interface RunnerResult {
  /** Units of work done (operations indexed, pages built), for the throughput column. */
  readonly items: number;
  /** Diagnostics or other counts worth a column. */
  readonly notes?: string;
  /** Measured by the runner around a process of its own (the CLI): these replace the harness's. */
  readonly measured?: { readonly wallMs: number; readonly cpuMs: number; readonly peakRssMb: number };
  /** The files the run wrote. */
  readonly output?: { readonly files: number; readonly bytes: number };
  /** The I/O floor of the case, measured in the same run (io-floor.ts). */
  readonly floorMs?: number;
  /** `redocly build-docs` on the same document, in the same run. */
  readonly redocly?: { readonly wallMs: number; readonly peakRssMb: number };
  /** A table of the case's own, printed after the harness's (the serving case's cells). */
  readonly table?: string;
}

export type Runner = (input: Readonly<Record<string, string>>) => Promise<RunnerResult>;

/** Runners by case `kind`. A new kind of benchmark is a new file and one entry here. */
export const RUNNERS: Readonly<Record<string, Runner>> = {
  'openapi-load': openapiLoad,
  'cli-build': cliBuild,
  'cli-rebuild': cliRebuild,
  'dev-preview': devPreview,
  serving,
};
