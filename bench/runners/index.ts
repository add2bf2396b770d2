import { openapiLoad } from './openapi-load.js';
import { openapiSite } from './openapi-site.js';
import { openapiSiteScaled } from './openapi-site-scaled.js';
import { siteBuild } from './site-build.js';

/** What a runner reports; the harness measures time and memory around it. */
export interface RunnerResult {
  /** Units of work done (operations indexed, pages built), for the throughput column. */
  readonly items: number;
  /** Diagnostics or other counts worth a column. */
  readonly notes?: string;
}

export type Runner = (input: Readonly<Record<string, string>>) => Promise<RunnerResult>;

/** Runners by case `kind`. A new kind of benchmark is a new file and one entry here. */
export const RUNNERS: Readonly<Record<string, Runner>> = {
  'openapi-load': openapiLoad,
  'site-build': siteBuild,
  'openapi-site': openapiSite,
  'openapi-site-scaled': openapiSiteScaled,
};
