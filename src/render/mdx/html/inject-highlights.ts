import type { Element, ElementContent, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';
import type { MdxCache } from '../mdx-cache.js';

/** Shiki's hast gives lines `class: 'line'` (a plain string property). */
const isLine = (node: ElementContent): node is Element => node.type === 'element' && node.properties['class'] === 'line';

/**
 * Puts the memoised shiki lines into each rendered `pre[data-sheaf-code]` (see
 * `rehypeCodeBlocks`): `pre` gets shiki's style, `code` the lines, and the lines listed in
 * `data-highlight` the class `highlighted`. Cached nodes are shared, never mutated.
 */
export function injectHighlights(tree: Root, cache: MdxCache): void {
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
    let line = 0;
    code.children = entry.lines.map((node) => {
      if (!isLine(node)) return node;
      line += 1;
      return highlighted.has(line) ? { ...node, properties: { ...node.properties, class: 'line highlighted' } } : node;
    });
    return SKIP;
  });
}
