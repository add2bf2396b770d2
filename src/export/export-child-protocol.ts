import type { PagesOption } from '../api/page-selection.js';
import type { AssistantOptions } from '../deployment/assistant-config.js';
import type { Deployment } from '../model/bundle.js';

/** What the parent passes the export process (as JSON in its one argument). */
export interface ChildJob {
  /** The snapshot of the docs project (a path in the process's own view of the file system). */
  readonly source: string;
  /** The work folder (in the process's view): the only folder the process may write. */
  readonly workDir: string;
  readonly version: string;
  readonly deployment?: Deployment;
  /** Only these pages (`BuildOptions.pages`); absent: every page. */
  readonly pages?: PagesOption;
  /** The Ask AI panel's endpoint and public key (`BuildOptions.assistant`); absent: no panel. */
  readonly assistant?: AssistantOptions;
  /** Wall-clock limit in milliseconds the process keeps itself to (besides the parent's). */
  readonly timeoutMs?: number;
}

/** Exit code of an export process that stopped itself at its time limit. */
export const TIME_LIMIT_EXIT_CODE = 124;
/** Exit code of an export process that stopped because its parent is gone (its IPC channel closed). */
export const PARENT_GONE_EXIT_CODE = 1;

/** Messages of the export process to its parent over IPC. */
export type ChildMessage =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'result'; readonly pageCount: number; readonly errors: number; readonly warnings: number }
  | { readonly type: 'failed'; readonly reason: string };

/** Names inside the work folder: the bundle, the search records, the pages' texts, diagnostics, the site while it is built. */
export const BUNDLE_FILE = 'bundle.tar.gz';
export const RECORDS_FILE = 'search-records.json';
/** The searchable pages' Markdown copies by route (`PageTexts`), for the service's page endpoint. */
export const PAGE_TEXTS_FILE = 'page-texts.json';
/** The build's diagnostics (JSON array), for operators and tests; not part of the bundle. */
export const DIAGNOSTICS_FILE = 'diagnostics.json';
export const SITE_DIR = 'site';
