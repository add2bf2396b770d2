import type { Severity } from '../../model/diagnostic.js';

/** One entry of the permanent code catalogue. */
export interface CodeEntry {
  readonly severity: Severity;
  /** What the code means, in one sentence, for the README's catalogue table. */
  readonly summary: string;
}

export type CodeTable = Readonly<Record<string, CodeEntry>>;
