import type { AsyncApiCode } from '../diagnostics/codes/asyncapi.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { createLocator, type Locator } from '../diagnostics/positions.js';
import type { Diagnostic } from '../model/diagnostic.js';

/** A problem found in an AsyncAPI document, before it is located (`pointer` into `file`). */
export interface AsyncApiProblem {
  readonly code: AsyncApiCode;
  readonly message: string;
  readonly file: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
}

/** The text of the document that was read, so its problems can be located; absent when it was never read. */
export interface ReadText {
  readonly text: string;
  readonly syntax: 'json' | 'yaml';
}

/**
 * Turns problems into diagnostics with line and column from each pointer (a problem about the
 * whole file that was read is placed at 1:1). The locator is built only when some problem has a
 * pointer, so a valid document pays nothing.
 */
export function locateAsyncApiProblems(problems: readonly AsyncApiProblem[], source: ReadText | undefined): Diagnostic[] {
  let locator: Locator | undefined;
  const locate = (pointer: string | undefined) => {
    if (source === undefined) return undefined;
    if (pointer === undefined) return { line: 1, column: 1 };
    locator ??= createLocator(source.text, source.syntax);
    return locator(pointer);
  };
  return problems.map((p) => {
    const position = p.line === undefined ? locate(p.pointer) : undefined;
    return createDiagnostic(p.code, {
      message: p.message,
      file: p.file,
      pointer: p.pointer,
      line: p.line ?? position?.line,
      column: p.column ?? position?.column,
      hint: p.hint,
    });
  });
}
