import { createLineIndex } from '../diagnostics/line-index.js';
import type { FrontmatterPosition } from '../model/project.js';
import { measureExpanded } from '../parse/expanded-shape.js';
import { largestAlias, loadYaml } from '../parse/load-yaml.js';
import { FRONTMATTER_BLOCK } from '../parse/frontmatter-block.js';
import { isRecord } from '../parse/is-record.js';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from '../parse/nesting-limits.js';


/** Lines before the block in the page file: the opening `---`. */
const LINES_BEFORE = 1;

export interface ParsedFrontmatter {
  readonly data: Record<string, unknown>;
  readonly positions: Record<string, FrontmatterPosition>;
  /** The YAML error, with its 1-based position in the page file, if the block did not parse. */
  readonly error?: { readonly message: string; readonly line: number; readonly column: number };
}

/**
 * Parses a page's frontmatter as Mintlify does (gray-matter, so js-yaml: a double-quoted value
 * may go on over several lines), once, with the position of each top-level key (1-based, in the
 * whole file). Nesting deeper than `MAX_NESTING_DEPTH` (counted on the value, aliases followed)
 * and aliases adding more than `MAX_ALIAS_NODES` nodes are errors naming the limit, at the
 * collection past it or at the alias that copies the most, and the page gets no metadata.
 */
export function parseFrontmatter(text: string): ParsedFrontmatter {
  const match = FRONTMATTER_BLOCK.exec(text);
  if (!match) return { data: {}, positions: {} };
  const block = match[1] ?? '';
  const loaded = loadYaml(block, { keys: true });
  if (!loaded.ok) {
    const message = loaded.tooDeep ? tooDeep() : loaded.reason;
    return { data: {}, positions: {}, error: { message, line: loaded.line + LINES_BEFORE, column: loaded.column } };
  }
  const lines = createLineIndex(block);
  const at = (offset: number) => {
    const { line, column } = lines.positionOf(offset);
    return { line: line + LINES_BEFORE, column };
  };
  const shape = measureExpanded(loaded.value);
  if (shape.depth > MAX_NESTING_DEPTH) {
    return { data: {}, positions: {}, error: { message: tooDeep(), ...at(deepestOffset(block, shape.deepestPath(MAX_NESTING_DEPTH), loaded.keys)) } };
  }
  const added = shape.nodes - shape.distinct;
  if (added > MAX_ALIAS_NODES) {
    const blamed = largestAlias(block, loaded.aliases, shape.nodesOf);
    const count = Number.isFinite(added) ? added.toLocaleString('en-US') : 'endlessly many';
    const here = blamed ? ` (\`*${blamed.name}\` here copies ${blamed.nodes.toLocaleString('en-US')})` : '';
    const message = `its aliases (\`*name\`) would add ${count} nodes${here}, over Sheaf's limit of ${MAX_ALIAS_NODES.toLocaleString('en-US')}; the page is built without its metadata.`;
    return { data: {}, positions: {}, error: { message, ...(blamed ? at(blamed.offset) : { line: 1 + LINES_BEFORE, column: 1 }) } };
  }
  const value = loaded.value;
  const data = isRecord(value) ? value : {};
  const positions: Record<string, FrontmatterPosition> = {};
  for (const { key, offset } of loaded.keys) positions[key] = at(offset);
  return { data, positions };
}

/**
 * Where to point a refusal for depth: the top-level key the deepest chain starts from (the block's
 * start when there is none). The value is refused, so no second parser is run to be more exact.
 */
function deepestOffset(block: string, path: readonly string[], keys: readonly { key: string; offset: number }[]): number {
  const first = path[0];
  const key = first === undefined ? undefined : [...keys].reverse().find((k) => k.key === first);
  return key?.offset ?? Math.max(0, block.search(/\S/));
}

function tooDeep(): string {
  return `it nests lists and maps more than ${MAX_NESTING_DEPTH} levels deep, past Sheaf's limit; the page is built without its metadata.`;
}
