import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { FrontmatterPosition } from '../model/project.js';

/** Mintlify's frontmatter block: `---` line, YAML, `---` line, at the very start (BOM allowed). */
const FRONTMATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n?---(?:\r?\n|$)/;

export interface ParsedFrontmatter {
  readonly data: Record<string, unknown>;
  readonly positions: Record<string, FrontmatterPosition>;
  /** The YAML error, with its 1-based position in the page file, if the block did not parse. */
  readonly error?: { readonly message: string; readonly line: number; readonly column: number };
}

/** Parses a page's frontmatter; positions are 1-based and relative to the whole file. */
export function parseFrontmatter(text: string): ParsedFrontmatter {
  const match = FRONTMATTER.exec(text);
  if (!match || match[1] === undefined) return { data: {}, positions: {} };
  const lineOffset = 1; // the opening `---` line
  const lineCounter = new LineCounter();
  const doc = parseDocument(match[1], { lineCounter, uniqueKeys: false, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    const message = first.message.split('\n')[0] ?? first.message;
    return { data: {}, positions: {}, error: { message, line: pos.line + lineOffset, column: pos.col } };
  }
  const value: unknown = doc.toJS();
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
