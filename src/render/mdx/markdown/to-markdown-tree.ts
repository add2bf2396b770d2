import type { Program } from 'estree';
import type { Nodes, Paragraph, Root, RootContent, Text } from 'mdast';
import type { JsxElement } from '../compile/jsx-nodes.js';
import { defaultMarkdownHandler, markdownComponents } from './markdown-components.js';

/** The key of `Text.data` that marks a `{name}` placeholder, filled when the value is known. */
export const PLACEHOLDER = 'sheafName';

export interface MarkdownContext {
  /** The Markdown tree of the MDX snippet a local JSX name renders, if it is one. */
  readonly snippet: (name: string) => Root | undefined;
}

const placeholder = (name: string): Text => ({ type: 'text', value: '', data: { [PLACEHOLDER]: name } as Text['data'] });

/** A `{…}` expression: a name becomes a placeholder, a string or number literal its text. */
function expression(program: Program | undefined | null): Text | undefined {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return undefined;
  const e = statement.expression;
  if (e.type === 'Identifier') return placeholder(e.name);
  if (e.type === 'Literal' && (typeof e.value === 'string' || typeof e.value === 'number')) return { type: 'text', value: String(e.value) };
  if (e.type === 'TemplateLiteral' && e.expressions.length === 0) return { type: 'text', value: e.quasis.map((q) => q.value.cooked ?? '').join('') };
  return undefined;
}

/** Literal props of an element (`word="hi"`, `n={2}`), for filling a snippet's placeholders. */
export function literalProps(node: JsxElement): Map<string, string> {
  const props = new Map<string, string>();
  for (const a of node.attributes) {
    if (a.type !== 'mdxJsxAttribute') continue;
    if (typeof a.value === 'string') props.set(a.name, a.value);
    else if (a.value && typeof a.value === 'object') {
      const value = expression(a.value.data?.estree);
      if (value && !value.data) props.set(a.name, value.value);
    }
  }
  return props;
}

/** A copy of `tree` whose placeholders with a value in `values` become that text. */
export function fillPlaceholders<T extends Nodes>(tree: T, values: (name: string) => string | undefined): T {
  const name = tree.type === 'text' ? (tree.data as Record<string, unknown> | undefined)?.[PLACEHOLDER] : undefined;
  if (typeof name === 'string') {
    const value = values(name);
    return (value === undefined ? tree : { type: 'text', value }) as T;
  }
  if (!('children' in tree)) return tree;
  return { ...tree, children: tree.children.map((c) => fillPlaceholders(c, values)) } as T;
}

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'image', 'linkReference', 'imageReference', 'footnoteReference']);
/** Parents whose children are flow content. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition', 'mdxJsxFlowElement']);

/** Wraps runs of phrasing content among flow content in paragraphs (MDX unravels `<X>text</X>`). */
function asFlow(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  let run: Paragraph | undefined;
  for (const child of children) {
    if (PHRASING.has(child.type)) {
      if (!run) out.push((run = { type: 'paragraph', children: [] }));
      run.children.push(child as Paragraph['children'][number]);
    } else {
      run = undefined;
      out.push(child);
    }
  }
  return out;
}

function convertElement(node: JsxElement, ctx: MarkdownContext): RootContent[] {
  const inline = node.type === 'mdxJsxTextElement';
  const snippet = node.name ? ctx.snippet(node.name) : undefined;
  if (snippet) {
    const props = literalProps(node);
    const filled = fillPlaceholders(snippet, (n) => props.get(n) ?? '');
    const only = filled.children[0];
    if (inline && filled.children.length === 1 && only?.type === 'paragraph') return only.children;
    return filled.children;
  }
  const converted = convertChildren(node.children, ctx);
  const children = inline ? converted : asFlow(converted);
  const handler = (node.name && markdownComponents[node.name]) || defaultMarkdownHandler;
  return handler(node, children, inline);
}

function convert(node: RootContent, ctx: MarkdownContext): RootContent[] {
  switch (node.type) {
    case 'yaml':
    case 'html':
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression': {
      const value = expression(node.data?.estree);
      return value ? [{ type: 'paragraph', children: [value] } satisfies Paragraph] : [];
    }
    case 'mdxTextExpression': {
      const value = expression(node.data?.estree);
      return value ? [value] : [];
    }
    case 'math':
      return [{ type: 'html', value: `$$\n${node.value}\n$$` }];
    case 'inlineMath':
      return [{ type: 'html', value: `$${node.value}$` }];
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return convertElement(node, ctx);
    default: {
      if (!('children' in node)) {
        const { position: _position, ...rest } = node;
        return [rest as RootContent];
      }
      const { position: _position, children, ...rest } = node;
      const converted = convertChildren(children as RootContent[], ctx);
      return [{ ...rest, children: FLOW_PARENTS.has(node.type) ? asFlow(converted) : converted } as RootContent];
    }
  }
}

function convertChildren(children: readonly RootContent[], ctx: MarkdownContext): RootContent[] {
  return children.flatMap((c) => convert(c, ctx));
}

/**
 * The Markdown view of an MDX tree, as a plain mdast tree: ESM, frontmatter and raw HTML
 * (JSX tags, in the plain-Markdown fallback) removed,
 * components rendered by `markdownComponents` (callouts as blockquotes, fields as lines…),
 * imported MDX snippets inlined with their literal props, `{name}` kept as a placeholder for
 * `fillPlaceholders`. Math is kept as `$…$` / `$$…$$`. Does not mutate `tree`.
 */
export function toMarkdownTree(tree: Root, ctx: MarkdownContext): Root {
  return { type: 'root', children: asFlow(convertChildren(tree.children, ctx)) };
}
