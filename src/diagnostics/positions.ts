import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { MAX_NESTING_DEPTH } from '../parse/nesting-limits.js';
import { findTooDeep } from '../parse/json-depth.js';
import { yamlOffsetLocator } from '../parse/yaml-offsets.js';
import { createLineIndex } from './line-index.js';

/** A 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Finds the position of a JSON pointer in one file's text. */
export type Locator = (pointer: string) => Position | undefined;

/** Splits a JSON pointer (`/a/b~1c`) into its unescaped tokens. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Joins tokens into a JSON pointer, escaping `~` and `/`. */
export function pointerFrom(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Returns the 1-based line and column of a character offset (one scan; for many, use a line index). */
export function offsetToPosition(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Builds a locator for a JSON or YAML text. The pointer resolves to the deepest existing node
 * on its path; for an object member the position is that of its key, so a message about a
 * property points at the property name. The text is parsed once and its line index built once,
 * however many pointers are located. A text nested deeper than `MAX_NESTING_DEPTH` (refused by
 * every parser of Sheaf, and reported there) locates nothing.
 */
export function createLocator(text: string, syntax: 'json' | 'yaml'): Locator {
  return syntax === 'json' ? jsonLocator(text) : yamlLocator(text);
}

/** Picks the syntax from a file name: `.yaml`/`.yml` are YAML, everything else JSON. */
export function syntaxOf(file: string): 'json' | 'yaml' {
  return /\.ya?ml$/i.test(file) ? 'yaml' : 'json';
}

function jsonLocator(text: string): Locator {
  if (findTooDeep(text, MAX_NESTING_DEPTH) !== undefined) return () => undefined;
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const lines = createLineIndex(text);
  return (pointer) => {
    let node: JsonNode | undefined = tree;
    let keyNode: JsonNode | undefined;
    for (const token of pointerTokens(pointer)) {
      if (node?.type === 'object') {
        const property: JsonNode | undefined = node.children?.find((p) => p.children?.[0]?.value === token);
        if (!property) break;
        keyNode = property;
        node = property.children?.[1];
      } else if (node?.type === 'array') {
        const item: JsonNode | undefined = node.children?.[Number(token)];
        if (!item) break;
        keyNode = undefined;
        node = item;
      } else {
        break;
      }
    }
    return lines.positionOf((keyNode ?? node)?.offset ?? 0);
  };
}

function yamlLocator(text: string): Locator {
  const locate = yamlOffsetLocator(text);
  if (!locate) return () => undefined;
  const lines = createLineIndex(text);
  return (pointer) => lines.positionOf(locate(pointerTokens(pointer)));
}
