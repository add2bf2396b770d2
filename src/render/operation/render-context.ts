import type { MarkdownRenderer } from './markdown-html.js';
import { markdownToText } from './markdown-html.js';
import { trimChars } from '../../text/linear-text.js';

/** Characters of search text kept per section, at most: enough to find a field, small enough for the index. */
const MAX_SECTION_CHARS = 6000;

/**
 * What the parts of one page render with. Created per page by `renderOperationPage`; its
 * counters and collected text belong to that page only.
 */
export interface RenderContext {
  /** The bundled document: schemas' `$ref`s are resolved in it lazily. */
  readonly doc: unknown;
  /** `api.params.expanded: all`: nested fields start open. */
  readonly expanded: boolean;
  /** docs.json `api.params.post`: schema keys shown as pills after each field's name. */
  readonly post: readonly string[];
  readonly markdown: MarkdownRenderer;
  /** A page-unique element id made from `base` (`-2`, `-3`… on repeats). */
  readonly id: (base: string) => string;
  /** Anchor id of the first expansion of each named schema on the page, by pointer. */
  readonly anchors: Map<string, string>;
  /** Field rows still allowed to expand nested schemas on this page (decremented per row). */
  budget: number;
  /** Plain text of the current search section. */
  text: string[];
  textChars: number;
}

/** Field rows per page that expand nested schemas; past it, nested fields show as a reference label. */
export const ROW_BUDGET = 400;

/** A lowercase id fragment: letters, digits, `_` and `-` kept, runs of anything else as one `-`. */
export function idPart(text: string): string {
  return trimChars(text.toLowerCase().replace(/[^a-z0-9_-]+/g, '-'), '-') || 'x';
}

export function createContext(doc: unknown, expanded: boolean, markdown: MarkdownRenderer, post: readonly string[] = []): RenderContext {
  const used = new Map<string, number>();
  return {
    doc,
    expanded,
    post,
    markdown,
    anchors: new Map(),
    budget: ROW_BUDGET,
    text: [],
    textChars: 0,
    id: (base) => {
      const count = (used.get(base) ?? 0) + 1;
      used.set(base, count);
      return count === 1 ? base : `${base}-${count}`;
    },
  };
}

/** Adds words to the current search section (CommonMark reduced to text), until the section is full. */
export function addText(ctx: RenderContext, ...parts: (string | undefined)[]): void {
  for (const part of parts) {
    if (part === undefined || part === '' || ctx.textChars >= MAX_SECTION_CHARS) continue;
    const plain = markdownToText(part);
    ctx.text.push(plain);
    ctx.textChars += plain.length + 1;
  }
}

/** Starts a new search section and returns the text of the previous one (whitespace collapsed). */
export function takeText(ctx: RenderContext): string {
  const text = ctx.text.join(' ').replace(/\s+/g, ' ').trim();
  ctx.text = [];
  ctx.textChars = 0;
  return text;
}
