import { createDiagnostic } from '../diagnostics/create.js';
import { jsonSyntaxFields } from '../diagnostics/json-syntax.js';
import { offsetToPosition } from '../diagnostics/positions.js';
import type { StageResult } from '../model/diagnostic.js';
import { findTooDeep } from '../parse/json-depth.js';
import { MAX_NESTING_DEPTH } from '../parse/nesting-limits.js';
import { parseStrictJson } from '../parse/strict-json.js';

/**
 * Parses strict JSON (no comments, no trailing commas, as Mintlify requires). On a syntax error
 * the output is `undefined` and one `config/invalid-json` diagnostic gives the first error's
 * position in `file` (a project-relative path, used only in the message); on objects and arrays
 * nested deeper than `MAX_NESTING_DEPTH`, one `config/too-deep` at the first bracket past it
 * (checked before parsing). A leading BOM is ignored (read as a space, so positions stay those
 * of the file). Linear in the text's length.
 */
export function parseJson(text: string, file: string): StageResult<unknown> {
  const source = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
  const deep = findTooDeep(source, MAX_NESTING_DEPTH);
  if (deep !== undefined) {
    const { line, column } = offsetToPosition(source, deep);
    return {
      output: undefined,
      diagnostics: [
        createDiagnostic('config/too-deep', {
          message: `\`${file}\` nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep (line ${line}, column ${column}); Sheaf reads no configuration nested that deep.`,
          file,
          line,
          column,
          hint: `Flatten the structure: a real docs.json needs a few dozen levels at most.`,
        }),
      ],
    };
  }
  const parsed = parseStrictJson(source);
  if ('value' in parsed) return { output: parsed.value, diagnostics: [] };
  return { output: undefined, diagnostics: [createDiagnostic('config/invalid-json', jsonSyntaxFields(source, file, parsed.error))] };
}
