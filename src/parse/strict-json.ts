import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

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

/** The first syntax error of a strict JSON text, in words, at a character offset of the text. */
export interface JsonSyntaxError {
  readonly offset: number;
  readonly problem: string;
  /** True when the error is a `}`/`]` right after a comma: a trailing comma. */
  readonly trailingComma: boolean;
}

/**
 * Parses strict JSON (no comments, no trailing commas) and returns the parsed value, or the
 * first syntax error. `text` must have no BOM. `JSON.parse` does the work (native, and it does not
 * recurse per level); only a text it refuses is scanned again by jsonc-parser to say where and
 * why. Callers check the nesting depth first (`findTooDeep`): jsonc-parser recurses per level.
 */
export function parseStrictJson(text: string): { readonly value: unknown } | { readonly error: JsonSyntaxError } {
  let native = '';
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    native = error instanceof Error ? error.message : String(error);
  }
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // Where jsonc-parser is more lenient than JSON.parse, V8's message has the position.
  const first: ParseError = errors[0] ?? { error: 1 as ParseError["error"], offset: Number(/at position (\d+)/.exec(native)?.[1] ?? text.length), length: 0 };
  const here = text[first.offset];
  return {
    error: {
      offset: first.offset,
      problem: PROBLEMS[printParseErrorCode(first.error)] ?? 'syntax error',
      trailingComma: (here === '}' || here === ']') && /,\s*$/.test(text.slice(Math.max(0, first.offset - 1_000), first.offset)),
    },
  };
}
