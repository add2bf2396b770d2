import type { Nodes, Paragraph, Parents, Root, RootContent, Text } from 'mdast';
import type { Processor } from 'unified';

/**
 * Levels of nesting a page's tree may have. Every later step (Markdown copy, mdast→hast→estree,
 * rendering, HTML parsing) recurses once per level: 3,000 nested emphasis markers overflowed the
 * stack (an `internal/error`), and the Markdown copy costs quadratic time in the depth (5 s at
 * 500 levels, measured). Real pages nest a dozen levels; 100 leaves room.
 */
export const MAX_NESTING = 100;

/** Node types whose children are phrasing content: a too-deep one keeps its text as one text node. */
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell', 'mdxJsxTextElement']);

/** Literal text values shown when a subtree is flattened (code, not expressions or ESM). */
const TEXT_VALUES = new Set(['text', 'inlineCode', 'code', 'inlineMath', 'math']);

/** The text of a subtree, in order, without recursion. */
function textOf(node: Nodes): string {
  const parts: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes;
    if (TEXT_VALUES.has(current.type) && 'value' in current) parts.push(current.value);
    else if (current.type === 'break') parts.push('\n');
    if ('children' in current) for (let i = current.children.length - 1; i >= 0; i -= 1) stack.push(current.children[i] as Nodes);
  }
  return parts.join(' ').replace(/[ \t]+/g, ' ').trim();
}

/** Children standing for the flattened content of `node`, valid for its type. */
function flatChildren(node: Parents, text: string): RootContent[] {
  const leaf: Text = { type: 'text', value: text };
  const paragraph: Paragraph = { type: 'paragraph', children: [leaf] };
  if (PHRASING_PARENTS.has(node.type)) return [leaf];
  if (node.type === 'list') return [{ type: 'listItem', spread: false, children: [paragraph] }];
  if (node.type === 'table') return [{ type: 'tableRow', children: [{ type: 'tableCell', children: [leaf] }] }];
  if (node.type === 'tableRow') return [{ type: 'tableCell', children: [leaf] }];
  return [paragraph];
}

/**
 * Flattens every node at `MAX_NESTING` levels below the root into its text (a paragraph, a text
 * node, a list item… as its type allows), without recursion, so no later step goes deeper.
 * Returns the places flattened (their start, in the compiled text), first one first.
 */
export function capNesting(tree: Root): { line: number; column: number }[] {
  const places: { line: number; column: number }[] = [];
  const stack: { node: Parents; depth: number }[] = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: Parents; depth: number };
    if (depth === MAX_NESTING && node.children.length > 0) {
      const deeper = node.children.some((c) => 'children' in c && c.children.length > 0);
      if (!deeper) continue;
      const start = node.position?.start;
      if (start) places.push({ line: start.line, column: start.column });
      (node as { children: RootContent[] }).children = flatChildren(node, textOf(node));
      continue;
    }
    for (const child of node.children) if ('children' in child) stack.push({ node: child, depth: depth + 1 });
  }
  return places;
}

/**
 * A remark plugin that caps the nesting while the tree is parsed (the first transform of
 * mdast-util-from-markdown), so it holds before anything walks the tree: GFM's transforms and
 * @mdx-js/mdx's own first step recurse. `onCapped` gets the first place flattened (in the compiled text).
 */
export function remarkCapNesting(this: Processor, onCapped: (place: { line: number; column: number }) => void) {
  const data = this.data() as Record<string, unknown>;
  const extensions = Array.isArray(data['fromMarkdownExtensions']) ? data['fromMarkdownExtensions'] : (data['fromMarkdownExtensions'] = []);
  // First of all transforms: GFM's autolink literal transform walks the tree recursively too.
  extensions.unshift({
    transforms: [
      (tree: Root) => {
        const first = capNesting(tree)[0];
        if (first) onCapped(first);
      },
    ],
  });
}
