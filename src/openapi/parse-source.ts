import { parseStrictJson } from '../diagnostics/json-syntax.js';
import yaml from 'js-yaml';
import { offsetToPosition } from '../diagnostics/positions.js';
import type { Problem } from './problem.js';

export type ParseResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: Problem };

/**
 * YAML schema: YAML 1.2 core types plus `<<` merge keys. Timestamps stay strings, so every parsed
 * document is plain JSON data (js-yaml's default schema would produce `Date` objects).
 */
const YAML_SCHEMA = yaml.CORE_SCHEMA.extend([
  // js-yaml exports its built-in types at runtime; @types/js-yaml does not declare them.
  (yaml as unknown as { types: { merge: yaml.Type } }).types.merge,
]);

/**
 * Parses one OpenAPI file. JSON goes through `JSON.parse` (the fast path); only when that fails
 * is the text scanned again to find where. YAML goes through js-yaml; duplicate keys keep the
 * last value, as in JSON. A syntax error becomes an `openapi/parse-error` problem with position.
 */
export function parseSource(text: string, file: string, syntax: 'json' | 'yaml'): ParseResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return syntax === 'json' ? parseJson(body, file) : parseYaml(body, file);
}

function parseJson(text: string, file: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const parsed = parseStrictJson(text);
    const reason = 'error' in parsed ? parsed.error.problem : (error as Error).message;
    const position = 'error' in parsed ? { line: parsed.error.line, column: parsed.error.column } : offsetToPosition(text, text.length);
    return {
      ok: false,
      problem: {
        code: 'openapi/parse-error',
        message: `\`${file}\` is not valid JSON: ${reason} at line ${position.line}, column ${position.column}.`,
        file,
        ...position,
        hint: 'Fix the syntax error; until then the file is skipped.',
      },
    };
  }
}

function parseYaml(text: string, file: string): ParseResult {
  try {
    return { ok: true, value: yaml.load(text, { schema: YAML_SCHEMA, json: true }) };
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    const line = error.mark.line + 1;
    const column = error.mark.column + 1;
    return {
      ok: false,
      problem: {
        code: 'openapi/parse-error',
        message: `\`${file}\` is not valid YAML: ${error.reason} at line ${line}, column ${column}.`,
        file,
        line,
        column,
        hint: 'Fix the syntax error; until then the file is skipped.',
      },
    };
  }
}
