import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { offsetToPosition, type Position } from './positions.js';

const PROBLEMS: Readonly<Record<string, string>> = {
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

/** The first syntax error of a strict JSON text, in words, with its 1-based position. */
export interface JsonSyntaxError extends Position {
  readonly problem: string;
  /** True when the error is a `}`/`]` right after a comma: a trailing comma. */
  readonly trailingComma: boolean;
}

/**
 * Parses strict JSON (no comments, no trailing commas) and returns the parsed value, or the
 * first syntax error. `text` must have no BOM.
 */
export function parseStrictJson(text: string): { readonly value: unknown } | { readonly error: JsonSyntaxError } {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { value };
  const here = text[first.offset];
  return {
    error: {
      ...offsetToPosition(text, first.offset),
      problem: PROBLEMS[printParseErrorCode(first.error)] ?? 'syntax error',
      trailingComma: (here === '}' || here === ']') && /,\s*$/.test(text.slice(0, first.offset)),
    },
  };
}
