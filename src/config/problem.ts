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
  /**
   * The part the problem is about is kept as it is (e.g. a group without a name is shown without
   * a heading). Otherwise an error inside `navigation` costs that part, which the validator drops.
   */
  readonly kept?: true;
  /** Other places in the merged value the message refers to. */
  readonly related?: readonly { readonly pointer: string; readonly message: string }[];
}
