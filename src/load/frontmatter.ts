import yaml from 'js-yaml';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { measureExpanded } from '../diagnostics/expanded-shape.js';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from '../diagnostics/input-limits.js';
import type { FrontmatterPosition } from '../model/project.js';

/** Mintlify's frontmatter block: `---` line, YAML, `---` line, at the very start (BOM allowed). */
const FRONTMATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n?---(?:\r?\n|$)/;

export interface ParsedFrontmatter {
  readonly data: Record<string, unknown>;
  readonly positions: Record<string, FrontmatterPosition>;
  /** The YAML error, with its 1-based position in the page file, if the block did not parse. */
  readonly error?: { readonly message: string; readonly line: number; readonly column: number };
}

/**
 * Parses a page's frontmatter; positions are 1-based and relative to the whole file. Nesting
 * deeper than `MAX_NESTING_DEPTH` (also with aliases followed) and aliases adding more than
 * `MAX_ALIAS_NODES` nodes are errors naming the limit, and the page gets no metadata.
 */
export function parseFrontmatter(text: string): ParsedFrontmatter {
  const match = FRONTMATTER.exec(text);
  if (!match || match[1] === undefined) return { data: {}, positions: {} };
  const lineOffset = 1; // the opening `---` line
  const deep = depthError(match[1]);
  if (deep) return { data: {}, positions: {}, error: { ...deep, line: deep.line + lineOffset } };
  const lineCounter = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(match[1], { lineCounter, uniqueKeys: false, prettyErrors: false });
  } catch {
    // Only a stack overflow in `yaml`'s composer gets here: a depth js-yaml stopped short of reading.
    return { data: {}, positions: {}, error: { message: tooDeep(''), line: 1 + lineOffset, column: 1 } };
  }
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    const message = first.message.split('\n')[0] ?? first.message;
    return { data: {}, positions: {}, error: { message, line: pos.line + lineOffset, column: pos.col } };
  }
  let value: unknown;
  try {
    // Aliases come out as the very object their anchor names (shared, not copied), so this is
    // cheap whatever they expand to; `measureExpanded` applies Sheaf's limit below, in place of
    // `yaml`'s own count of alias uses.
    value = doc.toJS({ maxAliasCount: -1 });
  } catch (error) {
    // An alias `yaml` cannot resolve (used before its anchor).
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    return { data: {}, positions: {}, error: { message, line: 1 + lineOffset, column: 1 } };
  }
  const shape = measureExpanded(value);
  if (shape.depth > MAX_NESTING_DEPTH || shape.nodes - shape.distinct > MAX_ALIAS_NODES) {
    const message = shape.depth > MAX_NESTING_DEPTH ? tooDeep(' once its aliases (`*name`) are followed') : aliasMessage(shape.nodes - shape.distinct);
    return { data: {}, positions: {}, error: { message, line: 1 + lineOffset, column: 1 } };
  }
  const data = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const positions: Record<string, FrontmatterPosition> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!isScalar(pair.key) || !pair.key.range) continue;
      const pos = lineCounter.linePos(pair.key.range[0]);
      positions[String(pair.key.value)] = { line: pos.line + lineOffset, column: pos.col };
    }
  }
  return { data, positions };
}

/**
 * `yaml` recurses per level while composing, so a block nested thousands deep would overflow the
 * stack: js-yaml (which stops at `maxDepth`) reads it first. Only its depth error counts here;
 * syntax is judged by `yaml` below, as before. Positions are 1-based within the block.
 */
function depthError(block: string): { message: string; line: number; column: number } | undefined {
  try {
    yaml.load(block, { schema: yaml.CORE_SCHEMA, json: true, maxDepth: MAX_NESTING_DEPTH + 1 } as yaml.LoadOptions);
  } catch (error) {
    if (error instanceof yaml.YAMLException && /exceeded maxDepth/.test(error.reason)) {
      return { message: tooDeep(''), line: error.mark.line + 1, column: error.mark.column + 1 };
    }
  }
  return undefined;
}

function tooDeep(how: string): string {
  return `it nests lists and maps more than ${MAX_NESTING_DEPTH} levels deep${how}, past Sheaf's limit; the page is built without its metadata.`;
}

function aliasMessage(added: number): string {
  const count = Number.isFinite(added) ? added.toLocaleString('en-US') : 'endlessly many';
  return `its aliases (\`*name\`) would add ${count} nodes, over Sheaf's limit of ${MAX_ALIAS_NODES.toLocaleString('en-US')}; the page is built without its metadata.`;
}
