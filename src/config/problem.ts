import type { DiagnosticCode } from '../diagnostics/catalogue.js';

/**
 * A problem found in the merged configuration, located by its JSON pointer in the merged value.
 * `toDiagnostics` maps the pointer to a file, pointer and line/column through the origins.
 */
export interface ConfigProblem {
  readonly code: DiagnosticCode;
  readonly pointer: string;
  readonly message: string;
  readonly hint?: string;
  /** Other places in the merged value the message refers to. */
  readonly related?: readonly { readonly pointer: string; readonly message: string }[];
}
