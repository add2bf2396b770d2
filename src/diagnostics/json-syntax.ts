import type { JsonSyntaxError } from '../parse/strict-json.js';
import { offsetToPosition } from './positions.js';

/** A JSON file's syntax error as the fields of its diagnostic (the reader gives the code). */
export interface JsonSyntaxFields {
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly hint: string;
}

/**
 * Says where and why the JSON text of `file` (a project-relative path, for the message) does not
 * parse, for every reader of JSON files (docs.json and its includes, OpenAPI documents): the
 * first error of `parseStrictJson`, at its 1-based line and column in `text`.
 */
export function jsonSyntaxFields(text: string, file: string, error: JsonSyntaxError): JsonSyntaxFields {
  const { line, column } = offsetToPosition(text, error.offset);
  return {
    message: `\`${file}\` is not valid JSON: ${error.problem} at line ${line}, column ${column}.`,
    file,
    line,
    column,
    hint: error.trailingComma
      ? 'Remove the comma before the closing bracket: JSON allows no trailing commas.'
      : 'Fix the syntax there; JSON allows no comments and no trailing commas.',
  };
}
