import { jsonSyntaxFields } from '../diagnostics/json-syntax.js';
import { createLocator, offsetToPosition, pointerFrom } from '../diagnostics/positions.js';
import { measureExpanded } from '../parse/expanded-shape.js';
import { findCycle } from '../parse/find-cycle.js';
import { findTooDeep } from '../parse/json-depth.js';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from '../parse/nesting-limits.js';
import { aliasName, largestAlias, loadYaml, type YamlAlias } from '../parse/load-yaml.js';
import { parseStrictJson } from '../parse/strict-json.js';
import { describeCycle } from './contains-itself.js';
import type { Problem } from './problem.js';

export type ParseResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: Problem };

/**
 * Parses one OpenAPI file. JSON goes through `JSON.parse` (the fast path); only when that fails
 * is the text scanned again to find where. YAML goes through js-yaml (about ten times faster
 * than `yaml` on large documents); duplicate keys keep the last value, as in JSON. A syntax
 * error becomes an `openapi/parse-error` problem with position.
 *
 * Limits, so every later walk over the value is bounded: nesting deeper than
 * `MAX_NESTING_DEPTH` is `openapi/too-deep` (JSON: found by a scan before parsing; YAML: measured
 * on the value with aliases followed, since a chain of anchors nests deeper than the text;
 * js-yaml's `maxDepth` only guards its recursion); aliases adding more than `MAX_ALIAS_NODES`
 * nodes are `openapi/alias-expansion`, at the alias that copies the most; an alias inside the
 * node it names, which makes the value hold itself, is `openapi/contains-itself`, at that alias.
 * So no later stage sees a cyclic value (`JSON.stringify` and every recursive walk would not end).
 */
export function parseSource(text: string, file: string, syntax: 'json' | 'yaml'): ParseResult {
  const bom = text.charCodeAt(0) === 0xfeff;
  // In JSON a BOM is read as a space, so positions stay those of the file (as for docs.json).
  return syntax === 'json' ? parseJson(bom ? ` ${text.slice(1)}` : text, file) : parseYaml(bom ? text.slice(1) : text, file);
}

function parseJson(text: string, file: string): ParseResult {
  const deep = findTooDeep(text, MAX_NESTING_DEPTH);
  if (deep !== undefined) return tooDeep(file, offsetToPosition(text, deep));
  const parsed = parseStrictJson(text);
  if ('value' in parsed) return { ok: true, value: parsed.value };
  return { ok: false, problem: { code: 'openapi/parse-error', ...jsonSyntaxFields(text, file, parsed.error) } };
}

function parseYaml(text: string, file: string): ParseResult {
  const loaded = loadYaml(text);
  if (!loaded.ok) {
    const { line, column } = loaded;
    if (loaded.tooDeep) return tooDeep(file, { line, column }, ' (counting aliases `*name` as copies of what they name)');
    return {
      ok: false,
      problem: {
        code: 'openapi/parse-error',
        message: `\`${file}\` is not valid YAML: ${loaded.reason} at line ${line}, column ${column}.`,
        file,
        line,
        column,
        hint: 'Fix the syntax error; until then the file is skipped.',
      },
    };
  }
  return checkShape(loaded.value, loaded.aliases, file, text);
}

/**
 * Checks the nesting of a parsed YAML value (counted exactly, with aliases followed) and what
 * aliases add to it. A value nested too deep is reported at the collection past the cap; aliases
 * adding too much, at the alias that copies the most.
 */
function checkShape(value: unknown, aliases: readonly YamlAlias[], file: string, text: string): ParseResult {
  const shape = measureExpanded(value);
  // Only a cycle measures endlessly deep.
  if (shape.depth === Infinity) return containsItself(value, aliases, file, text);
  if (shape.depth > MAX_NESTING_DEPTH) {
    const pointer = pointerFrom(shape.deepestPath(MAX_NESTING_DEPTH));
    // Only to place the error: the value is refused; js-yaml just read this text under the same depth guard.
    const position = createLocator(text, 'yaml')(pointer) ?? { line: 1, column: 1 };
    return tooDeep(file, position, ' (counting aliases `*name` as copies of what they name)');
  }
  if (shape.nodes - shape.distinct <= MAX_ALIAS_NODES) return { ok: true, value };
  const added = Number.isFinite(shape.nodes) ? (shape.nodes - shape.distinct).toLocaleString('en-US') : 'endlessly many';
  const blamed = largestAlias(text, aliases, shape.nodesOf);
  const position = blamed ? offsetToPosition(text, blamed.offset) : { line: 1, column: 1 };
  const here = blamed ? ` (\`*${blamed.name}\` here copies ${blamed.nodes.toLocaleString('en-US')} nodes)` : '';
  return {
    ok: false,
    problem: {
      code: 'openapi/alias-expansion',
      message: `\`${file}\` uses YAML aliases (\`*name\`) that would add ${added} nodes to the document, over the limit of ${MAX_ALIAS_NODES.toLocaleString('en-US')}${here}; the file is skipped.`,
      file,
      ...position,
      hint: 'Repeat less through anchors and aliases (each alias copies everything its anchor holds, aliases inside included).',
    },
  };
}

/** The refusal of a YAML value that holds itself, at the alias that closes the cycle. */
function containsItself(value: unknown, aliases: readonly YamlAlias[], file: string, text: string): ParseResult {
  const cycle = findCycle(value);
  // A merge (`<<: *name`) inside its anchor also encloses but copies: the alias naming the node of the cycle is the one.
  const alias = cycle && aliases.find((a) => a.enclosing && a.target === cycle.node);
  const position = alias ? offsetToPosition(text, alias.offset) : ((cycle && createLocator(text, 'yaml')(pointerFrom(cycle.path))) ?? { line: 1, column: 1 });
  const name = alias ? aliasName(text, alias.offset) : '';
  const what = name ? `the alias \`*${name}\` stands inside the node it names` : 'an alias (`*name`) stands inside the node it names';
  const where = cycle ? `, so ${describeCycle(cycle)}` : '';
  return {
    ok: false,
    problem: {
      code: 'openapi/contains-itself',
      message: `\`${file}\` contains itself: ${what}${where}; the file is skipped.`,
      file,
      ...position,
      hint: 'An alias can only repeat a node that is complete. For a recursive structure, name it (under `components/schemas` for a schema) and `$ref` it.',
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
