import type { Element, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';
import type { MdxCache } from '../mdx-cache.js';

/** Stands for the highlighted HTML of block `n` until `fillHighlights`; never in the output. */
const marker = (n: number) => `\uE000sheaf-code-${n}\uE001`;
const MARKER = /\uE000sheaf-code-(\d+)\uE001/g;

/**
 * Prepares each rendered `pre[data-sheaf-code]` (see `rehypeCodeBlocks`) for the memoised shiki
 * lines: `pre` gets shiki's style, and its `code` a marker that `fillHighlights` replaces by the
 * lines (those listed in `data-highlight` with the class `highlighted`). The lines go in as
 * HTML text, so the token spans are never parsed or walked. Pushes the HTML to `fills`.
 */
export function markHighlights(tree: Root, cache: MdxCache, fills: string[]): void {
  visit(tree, 'element', (pre) => {
    const key = pre.properties['dataSheafCode'];
    if (pre.tagName !== 'pre' || typeof key !== 'string') return undefined;
    const highlighted = new Set(String(pre.properties['dataHighlight'] ?? '').split(',').map(Number));
    delete pre.properties['dataSheafCode'];
    delete pre.properties['dataHighlight'];
    const entry = cache.highlights.get(key);
    const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    if (!entry || !code) return SKIP;
    pre.properties = { className: ['shiki'], style: entry.style, tabIndex: 0, ...pre.properties };
    Object.assign(pre.properties, { className: ['shiki'], style: entry.style, tabIndex: 0 });
    const html = entry.lines
      .map((inner, i) => `<span class="${highlighted.has(i + 1) ? 'line highlighted' : 'line'}">${inner}</span>`)
      .join('\n');
    code.children = [{ type: 'text', value: marker(fills.length) }];
    fills.push(html);
    return SKIP;
  });
}

/** Replaces the markers of `markHighlights` in serialised HTML. */
export function fillHighlights(html: string, fills: readonly string[]): string {
  return fills.length === 0 ? html : html.replace(MARKER, (m, n: string) => fills[Number(n)] ?? m);
}
