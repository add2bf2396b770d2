import { createDiagnostic } from '../diagnostics/create.js';
import { parseStrictJson } from '../diagnostics/json-syntax.js';
import type { StageResult } from '../model/diagnostic.js';

/**
 * Parses strict JSON (no comments, no trailing commas, as Mintlify requires). On a syntax error
 * the output is `undefined` and one `config/invalid-json` diagnostic gives the first error's
 * position in `file` (a project-relative path, used only in the message). A leading BOM is ignored.
 */
export function parseJson(text: string, file: string): StageResult<unknown> {
  const source = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
  const parsed = parseStrictJson(source);
  if ('value' in parsed) return { output: parsed.value, diagnostics: [] };
  const { line, column, problem, trailingComma } = parsed.error;
  return {
    output: undefined,
    diagnostics: [
      createDiagnostic('config/invalid-json', {
        message: `\`${file}\` is not valid JSON: ${problem} at line ${line}, column ${column}.`,
        file,
        line,
        column,
        hint: trailingComma
          ? 'Remove the comma before the closing bracket: JSON allows no trailing commas.'
          : 'Fix the syntax there; JSON allows no comments and no trailing commas.',
      }),
    ],
  };
}
