import { createDiagnostic } from '../diagnostics/create.js';
import type { Diagnostic, RelatedLocation } from '../model/diagnostic.js';
import type { ConfigOrigins } from '../model/project.js';
import type { ConfigLocator } from './locate.js';
import type { ConfigProblem } from './problem.js';
import { originOf } from './origins.js';

/**
 * Locates problems of the merged configuration: each pointer is mapped through `origins` to the
 * file and pointer it came from, then to a line and column in that file.
 */
export function toDiagnostics(problems: readonly ConfigProblem[], origins: ConfigOrigins, locate: ConfigLocator): Diagnostic[] {
  const place = (pointer: string) => {
    const origin = originOf(origins, pointer);
    return { file: origin.file, pointer: origin.pointer, ...locate(origin.file, origin.pointer) };
  };
  return problems.map((problem) => {
    const related: RelatedLocation[] | undefined = problem.related?.map((r) => ({ ...place(r.pointer), message: r.message }));
    return createDiagnostic(problem.code, {
      message: problem.message,
      ...place(problem.pointer),
      ...(problem.hint === undefined ? {} : { hint: problem.hint }),
      ...(related === undefined ? {} : { related }),
    });
  });
}

/**
 * Orders diagnostics deterministically: the main config file first, then other files by path;
 * within a file by line, column, code and message.
 */
export function sortDiagnostics(diagnostics: readonly Diagnostic[], mainFile: string): Diagnostic[] {
  const rank = (d: Diagnostic) => (d.file === mainFile ? 0 : 1);
  return [...diagnostics].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      compare(a.file ?? '', b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compare(a.code, b.code) ||
      compare(a.message, b.message),
  );
}

/** Code-unit order, independent of the locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
