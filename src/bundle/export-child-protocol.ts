import type { Deployment } from '../model/bundle.js';

/** What the parent passes the export process (as JSON in its one argument). */
export interface ChildJob {
  /** Real path of the docs project. */
  readonly source: string;
  /** Real path of the work folder: the only folder the process may write. */
  readonly workDir: string;
  readonly version: string;
  readonly deployment?: Deployment;
}

/** Messages of the export process to its parent over IPC. */
export type ChildMessage =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'result'; readonly pageCount: number; readonly errors: number; readonly warnings: number }
  | { readonly type: 'failed'; readonly reason: string };

/** Names inside the work folder: the bundle, the search records, diagnostics, the site while it is built. */
export const BUNDLE_FILE = 'bundle.tar.gz';
export const RECORDS_FILE = 'search-records.json';
/** The build's diagnostics (JSON array), for operators and tests; not part of the bundle. */
export const DIAGNOSTICS_FILE = 'diagnostics.json';
export const SITE_DIR = 'site';
