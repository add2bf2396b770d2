import yaml from 'js-yaml';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from '../diagnostics/input-limits.js';
import { findTooDeep } from '../diagnostics/json-depth.js';
import { parseStrictJson } from '../diagnostics/json-syntax.js';
import { createLocator, offsetToPosition, pointerFrom } from '../diagnostics/positions.js';
import { measureExpanded } from '../diagnostics/expanded-shape.js';
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
 * is the text scanned again to find where. YAML goes through js-yaml (about ten times faster
 * than `yaml` on large documents); duplicate keys keep the last value, as in JSON. A syntax
 * error becomes an `openapi/parse-error` problem with position.
 *
 * Limits, so every later walk over the value is bounded: nesting deeper than
 * `MAX_NESTING_DEPTH` is `openapi/too-deep` (JSON: found by a scan before parsing; YAML: by
 * js-yaml's `maxDepth`, and again with aliases followed, since a chain of anchors nests deeper
 * than the text); aliases adding more than `MAX_ALIAS_NODES` nodes are `openapi/alias-expansion`.
 */
export function parseSource(text: string, file: string, syntax: 'json' | 'yaml'): ParseResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return syntax === 'json' ? parseJson(body, file) : parseYaml(body, file);
}

function parseJson(text: string, file: string): ParseResult {
  const deep = findTooDeep(text, MAX_NESTING_DEPTH);
  if (deep !== undefined) return tooDeep(file, offsetToPosition(text, deep));
  const parsed = parseStrictJson(text);
  if ('value' in parsed) return { ok: true, value: parsed.value };
  const { line, column, problem } = parsed.error;
  return {
    ok: false,
    problem: {
      code: 'openapi/parse-error',
      message: `\`${file}\` is not valid JSON: ${problem} at line ${line}, column ${column}.`,
      file,
      line,
      column,
      hint: 'Fix the syntax error; until then the file is skipped.',
    },
  };
}

function parseYaml(text: string, file: string): ParseResult {
  let value: unknown;
  try {
    // js-yaml counts some levels twice (entries of block sequences), so its `maxDepth` is only a
    // guard against deep recursion, at twice the cap; the exact count is `checkShape`'s.
    value = yaml.load(text, { schema: YAML_SCHEMA, json: true, maxDepth: 2 * MAX_NESTING_DEPTH + 2 } as yaml.LoadOptions);
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    const line = error.mark.line + 1;
    const column = error.mark.column + 1;
    if (/exceeded maxDepth/.test(error.reason)) return tooDeep(file, { line, column }, ' (counting aliases `*name` as copies of what they name)');
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
  return checkShape(value, file, text);
}

/**
 * Checks the nesting of a parsed YAML value (counted exactly, with aliases followed) and what
 * aliases add to it. A value nested too deep is reported at the collection past the cap.
 */
function checkShape(value: unknown, file: string, text: string): ParseResult {
  const shape = measureExpanded(value);
  if (shape.depth > MAX_NESTING_DEPTH) {
    const pointer = pointerFrom(shape.deepestPath(MAX_NESTING_DEPTH));
    const position = createLocator(text, 'yaml')(pointer) ?? { line: 1, column: 1 };
    return tooDeep(file, position, ' (counting aliases `*name` as copies of what they name)');
  }
  if (shape.nodes - shape.distinct <= MAX_ALIAS_NODES) return { ok: true, value };
  const added = Number.isFinite(shape.nodes) ? (shape.nodes - shape.distinct).toLocaleString('en-US') : 'endlessly many';
  return {
    ok: false,
    problem: {
      code: 'openapi/alias-expansion',
      message: `\`${file}\` uses YAML aliases (\`*name\`) that would add ${added} nodes to the document, over the limit of ${MAX_ALIAS_NODES.toLocaleString('en-US')}; the file is skipped.`,
      file,
      line: 1,
      column: 1,
      hint: 'Repeat less through anchors and aliases (each alias copies everything its anchor holds, aliases inside included).',
    },
  };
}

function tooDeep(file: string, at: { line: number; column: number }, how = ''): ParseResult {
  return {
    ok: false,
    problem: {
      code: 'openapi/too-deep',
      message: `\`${file}\` nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep${how}; the file is skipped.`,
      file,
      ...at,
      hint: 'Real OpenAPI documents nest a few dozen levels at most: give deep schemas names under `components/schemas` and `$ref` them.',
    },
  };
}
