import type { Diagnostic } from '../model/diagnostic.js';
import type { OpenApiCode } from '../diagnostics/codes/openapi.js';
import { createDiagnostic } from '../diagnostics/create.js';
import { createLocator, type Locator } from '../diagnostics/positions.js';

/**
 * A problem found in an OpenAPI file, before it is located. `file` is project-relative POSIX (or
 * a URL); `pointer` addresses the JSON/YAML node in that file. `locateProblems` adds line/column.
 */
export interface Problem {
  readonly code: OpenApiCode;
  readonly message: string;
  readonly file: string;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
  readonly related?: readonly { readonly file: string; readonly pointer: string; readonly message: string }[];
}

/** The text of one file that was read, kept so problems in it can be located. */
export interface SourceText {
  readonly text: string;
  readonly syntax: 'json' | 'yaml';
}

/**
 * Turns problems into diagnostics, filling line/column from each pointer (a problem about a whole
 * file that was read is placed at 1:1). A locator is built only for files that have a problem
 * with a pointer, so valid documents pay nothing. Files never read (missing, not fetched) stay
 * without a position.
 */
export function locateProblems(
  problems: readonly Problem[],
  texts: ReadonlyMap<string, SourceText>,
): Diagnostic[] {
  const locators = new Map<string, Locator | undefined>();
  const locate = (file: string, pointer: string | undefined) => {
    if (pointer === undefined) return texts.has(file) ? { line: 1, column: 1 } : undefined;
    if (!locators.has(file)) {
      const source = texts.get(file);
      locators.set(file, source && createLocator(source.text, source.syntax));
    }
    return locators.get(file)?.(pointer);
  };
  return problems.map((problem) => {
    const position = problem.line === undefined ? locate(problem.file, problem.pointer) : undefined;
    const related = problem.related?.map((r) => ({ ...r, ...locate(r.file, r.pointer) }));
    return createDiagnostic(problem.code, {
      message: problem.message,
      file: problem.file,
      pointer: problem.pointer,
      line: problem.line ?? position?.line,
      column: problem.column ?? position?.column,
      hint: problem.hint,
      related,
    });
  });
}

/** Describes a JSON value's type for messages: `an array`, `a string`, `null`, `missing`. */
export function describeType(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}
