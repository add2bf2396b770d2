import type { Diagnostic } from '../model/diagnostic.js';
import { createLocator, syntaxOf, type Locator } from './positions.js';

/** Reads a project file's text, or undefined when it cannot be read. */
export type ReadText = (file: string) => Promise<string | undefined>;

/**
 * Fills `line` and `column` of diagnostics (and their related locations) that carry a file and
 * a JSON pointer but no position. Each file is parsed once, and only if it needs locating.
 */
export async function locateDiagnostics(diagnostics: readonly Diagnostic[], readText: ReadText): Promise<Diagnostic[]> {
  const locators = new Map<string, Promise<Locator | undefined>>();
  const locatorOf = (file: string) => {
    let l = locators.get(file);
    if (!l) {
      l = readText(file).then((text) => (text === undefined ? undefined : createLocator(text, syntaxOf(file))));
      locators.set(file, l);
    }
    return l;
  };
  const place = async <T extends { file?: string; pointer?: string; line?: number; column?: number }>(d: T): Promise<T> => {
    if (d.line !== undefined || d.file === undefined || d.pointer === undefined) return d;
    const pos = (await locatorOf(d.file))?.(d.pointer);
    return pos ? { ...d, line: pos.line, column: pos.column } : d;
  };
  return Promise.all(
    diagnostics.map(async (d) => {
      const placed = await place(d);
      return d.related ? { ...placed, related: await Promise.all(d.related.map(place)) } : placed;
    }),
  );
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

/** Sorts diagnostics by file, line, column, then severity and code: deterministic output. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      RANK[a.severity] - RANK[b.severity] ||
      a.code.localeCompare(b.code) ||
      a.message.localeCompare(b.message),
  );
}
