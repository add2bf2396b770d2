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
 * Levels of JavaScript syntax tree an expression, attribute or `import`/`export` block may have.
 * Every later step copies or walks these trees recursively: 10,000 nested JSX elements in an
 * `export` overflowed the stack of mdast-util-to-hast's clone (an `internal/error`). An expression
 * of 100 nested brackets (the source guard's limit) is about 300 levels; 1,000 leaves room.
 */
export const MAX_SCRIPT_DEPTH = 1_000;

/** Whether a JavaScript syntax tree (estree) is deeper than `limit` levels of nodes, found without recursion. */
export function scriptDeeperThan(tree: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: tree, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (depth > limit) return true;
    for (const [key, child] of Object.entries(value as object)) {
      if (child === null || typeof child !== 'object' || key === 'loc' || key === 'range' || key === 'position') continue;
      if (Array.isArray(child)) {
        for (const item of child) if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1 });
      } else if (typeof (child as { type?: unknown }).type === 'string') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

type ScriptNode = Nodes & { value?: string; data?: { estree?: unknown } };
type JsxAttribute = { type: string; name?: string; value?: unknown; data?: { estree?: unknown } };

const deepScript = (holder: { data?: { estree?: unknown } } | undefined): boolean => holder?.data?.estree !== undefined && holder.data.estree !== null && scriptDeeperThan(holder.data.estree, MAX_SCRIPT_DEPTH);

/**
 * Replaces every expression, `import`/`export` block and JSX attribute whose JavaScript is deeper
 * than `MAX_SCRIPT_DEPTH` (see there): an expression or block becomes its source as text, an
 * attribute is dropped. Without recursion. Returns the places replaced, first one first.
 */
export function capScripts(tree: Root): { line: number; column: number }[] {
  const places: { line: number; column: number }[] = [];
  const note = (node: { position?: Nodes['position'] }) => {
    const start = node.position?.start;
    if (start) places.push({ line: start.line, column: start.column });
  };
  const stack: Parents[] = [tree];
  while (stack.length > 0) {
    const parent = stack.pop() as Parents;
    const children = parent.children as ScriptNode[];
    for (let i = 0; i < children.length; i += 1) {
      const child = children[i] as ScriptNode;
      if ((child.type === 'mdxjsEsm' || child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') && deepScript(child)) {
        note(child);
        const leaf: Text = { type: 'text', value: child.value ?? '' };
        children[i] = (child.type === 'mdxTextExpression' ? leaf : { type: 'paragraph', children: [leaf] }) as ScriptNode;
        continue;
      }
      if (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') {
        const attributes = (child as { attributes: JsxAttribute[] }).attributes;
        const kept = attributes.filter((a) => !deepScript(a) && !(a.value !== null && typeof a.value === 'object' && deepScript(a.value as JsxAttribute)));
        if (kept.length !== attributes.length) {
          note(child);
          (child as { attributes: JsxAttribute[] }).attributes = kept;
        }
      }
      if ('children' in child) stack.push(child as Parents);
    }
  }
  return places.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** What was capped: the tree of the page (`MAX_NESTING`), or the JavaScript in it (`MAX_SCRIPT_DEPTH`). */
export type CappedKind = 'content' | 'script';

/**
 * A remark plugin that caps the nesting while the tree is parsed (the first transform of
 * mdast-util-from-markdown), so it holds before anything walks the tree: GFM's transforms and
 * @mdx-js/mdx's own first step recurse. `onCapped` gets the first place flattened (in the compiled text) and the first script replaced.
 */
export function remarkCapNesting(this: Processor, onCapped: (place: { line: number; column: number }, what: CappedKind) => void) {
  const data = this.data() as Record<string, unknown>;
  const extensions = Array.isArray(data['fromMarkdownExtensions']) ? data['fromMarkdownExtensions'] : (data['fromMarkdownExtensions'] = []);
  // First of all transforms: GFM's autolink literal transform walks the tree recursively too.
  extensions.unshift({
    transforms: [
      (tree: Root) => {
        const content = capNesting(tree)[0];
        if (content) onCapped(content, 'content');
        const script = capScripts(tree)[0];
        if (script) onCapped(script, 'script');
      },
    ],
  });
}
