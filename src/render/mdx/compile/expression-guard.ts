import type { Diagnostic } from '../../../model/diagnostic.js';
import type { ExpressionSite } from './guard-expressions.js';
import { expressionDiagnostic, isSandboxRefusal } from './module-diagnostics.js';

/** What the compiled code calls for each guarded expression: evaluates `run`, or gives site `index`'s fallback. */
export type ExpressionGuard = (run: () => unknown, index: number) => unknown;

/**
 * Where a failing expression is reported. A module (a snippet above all) is evaluated once per
 * build but rendered by many pages, so its guard cannot hold a page's report: the page sets
 * `report` for exactly the duration of its synchronous `renderToString` (the only time content
 * expressions run) and clears it after. One per `MdxCache`.
 */
export interface ExpressionSink {
  report: ((d: Diagnostic) => void) | undefined;
}

export const createExpressionSink = (): ExpressionSink => ({ report: undefined });

/** Runs `work` with `sink` reporting to `report`, then clears it (also when `work` throws). */
export function withExpressionReport<T>(sink: ExpressionSink, report: (d: Diagnostic) => void, work: () => T): T {
  const outer = sink.report;
  sink.report = report;
  try {
    return work();
  } finally {
    sink.report = outer;
  }
}

/**
 * The guard of one module (`file`, its `sites` from `guardExpressions`). A thrown expression
 * is reported as `mdx/expression-failed` at its place and replaced by its fallback: a content
 * expression by its text as written (`{ID}`), an attribute or spread by `undefined` (left out).
 * It rethrows, so the whole module fails as before (`mdx/runtime`), when nothing is listening
 * (the expression ran outside a page render) and for a refusal of the export sandbox (file or
 * network access), which stays an error of the page.
 */
export function createExpressionGuard(file: string, sites: readonly ExpressionSite[], sink: ExpressionSink): ExpressionGuard {
  return (run, index) => {
    try {
      return run();
    } catch (error) {
      const site = sites[index];
      const report = sink.report;
      if (!site || !report || isSandboxRefusal(error)) throw error;
      report(expressionDiagnostic(error, file, site));
      return site.kind === 'content' ? site.source : undefined;
    }
  };
}
