import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { createDiagnostic } from '../diagnostics/create.js';
import { offsetToPosition } from '../diagnostics/positions.js';
import type { StageResult } from '../model/diagnostic.js';

const problems: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected `:`',
  CommaExpected: 'expected `,`',
  CloseBraceExpected: 'expected `}`',
  CloseBracketExpected: 'expected `]`',
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape sequence',
  InvalidCharacter: 'invalid character in a string',
};

/**
 * Parses strict JSON (no comments, no trailing commas, as Mintlify requires). On a syntax error
 * the output is `undefined` and one `config/invalid-json` diagnostic gives the first error's
 * position in `file` (a project-relative path, used only in the message). A leading BOM is ignored.
 */
export function parseJson(text: string, file: string): StageResult<unknown> {
  const source = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
  const errors: ParseError[] = [];
  const value: unknown = parse(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { output: value, diagnostics: [] };
  const { line, column } = offsetToPosition(source, first.offset);
  const problem = problems[printParseErrorCode(first.error)] ?? 'syntax error';
  return {
    output: undefined,
    diagnostics: [
      createDiagnostic('config/invalid-json', {
        message: `\`${file}\` is not valid JSON: ${problem} at line ${line}, column ${column}.`,
        file,
        line,
        column,
        hint: isTrailingComma(source, first.offset)
          ? 'Remove the comma before the closing bracket: JSON allows no trailing commas.'
          : 'Fix the syntax there; JSON allows no comments and no trailing commas.',
      }),
    ],
  };
}

/** True when the error sits on a `}`/`]` that follows a comma (whitespace aside). */
function isTrailingComma(text: string, offset: number): boolean {
  const here = text[offset];
  if (here !== '}' && here !== ']') return false;
  return /,\s*$/.test(text.slice(0, offset));
}
