import type { Expression, Program } from 'estree';
import type { Nodes, Root, RootContent } from 'mdast';
import type { MdxParamField } from '../../../model/render.js';
import { isJsxElement, type JsxElement } from './jsx-nodes.js';

/** The props that name a ParamField, in Mintlify's order of precedence. */
const LOCATIONS = ['path', 'query', 'header', 'body'] as const;

/** Marks a prop whose value is not a literal (a variable, a call…): treated as absent. */
const UNKNOWN: unique symbol = Symbol('unknown');

export interface CollectContext {
  /** Names the module binds itself: a page's own `ParamField` is not the built-in one. */
  readonly declared: ReadonlySet<string>;
  /** The ParamFields of the MDX snippet a JSX name renders (its default export), if it is one. */
  readonly snippet: (name: string) => readonly MdxParamField[] | undefined;
}

/** The value of a literal expression: strings, numbers, booleans, null, and arrays/objects of them. */
function literal(node: Expression | null | undefined): unknown {
  if (!node) return UNKNOWN;
  switch (node.type) {
    case 'Literal':
      return 'regex' in node || 'bigint' in node ? UNKNOWN : node.value;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? node.quasis.map((q) => q.value.cooked ?? '').join('') : UNKNOWN;
    case 'UnaryExpression': {
      const value = literal(node.argument);
      if (typeof value !== 'number') return UNKNOWN;
      return node.operator === '-' ? -value : node.operator === '+' ? value : UNKNOWN;
    }
    case 'Identifier':
      return node.name === 'undefined' ? undefined : UNKNOWN;
    case 'ArrayExpression': {
      const items = node.elements.map((e) => (e && e.type !== 'SpreadElement' ? literal(e) : UNKNOWN));
      return items.includes(UNKNOWN) ? UNKNOWN : items;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init') return UNKNOWN;
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined;
        const value = literal(p.value as Expression);
        if (key === undefined || value === UNKNOWN) return UNKNOWN;
        out[key] = value;
      }
      return out;
    }
    default:
      return UNKNOWN;
  }
}

/**
 * The props of an element as values: `name="x"` a string, a bare `required` true, `n={5}` the
 * literal's value; `UNKNOWN` for other expressions. Spread props are left out.
 */
function props(node: JsxElement): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const a of node.attributes) {
    if (a.type !== 'mdxJsxAttribute') continue;
    if (a.value === null || a.value === undefined) out.set(a.name, true);
    else if (typeof a.value === 'string') out.set(a.name, a.value);
    else {
      const program = a.value.data?.estree as Program | undefined;
      const statement = program?.body.length === 1 ? program.body[0] : undefined;
      out.set(a.name, statement?.type === 'ExpressionStatement' ? literal(statement.expression) : UNKNOWN);
    }
  }
  return out;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : undefined);
/** `required`, `required={true}`, `required="true"`. */
const flag = (value: unknown): boolean => value === true || value === 'true';

const FIELD_PARTS = new Set(['ParamField', 'ResponseField', 'Expandable']);

/** Plain text of a field's own content: nested fields and Expandables left out. */
function ownText(nodes: readonly RootContent[], out: string[]): void {
  for (const node of nodes) {
    if (isJsxElement(node) && node.name && FIELD_PARTS.has(node.name)) continue;
    if (node.type === 'text' || node.type === 'inlineCode') out.push(node.value);
    else if ('children' in node) ownText(node.children as RootContent[], out);
    if (node.type === 'paragraph' || node.type === 'listItem') out.push(' ');
  }
}

function field(node: JsxElement, ctx: CollectContext): MdxParamField | undefined {
  const values = props(node);
  const location = LOCATIONS.find((l) => text(values.get(l)) !== undefined);
  const name = text(values.get(location ?? 'name'));
  if (name === undefined) return undefined;
  const type = text(values.get('type'));
  const given = values.get('default');
  const placeholder = text(values.get('placeholder'));
  const words: string[] = [];
  ownText(node.children as RootContent[], words);
  const description = words.join('').replace(/\s+/g, ' ').trim();
  return {
    ...(location ? { in: location } : {}),
    name,
    ...(type !== undefined ? { type } : {}),
    required: flag(values.get('required')),
    deprecated: flag(values.get('deprecated')),
    ...(given !== undefined && given !== UNKNOWN && given !== '' && given !== null ? { default: given } : {}),
    ...(placeholder !== undefined ? { placeholder } : {}),
    ...(description !== '' ? { description } : {}),
    children: walk(node.children as RootContent[], true, ctx),
  };
}

/**
 * Fields under `nodes`: at the top of a page its ParamFields (ResponseFields describe the
 * response and are skipped whole); inside a field, ParamFields and ResponseFields alike. Any
 * other element is looked into; an element rendering an MDX snippet gives the snippet's fields.
 */
function walk(nodes: readonly RootContent[], nested: boolean, ctx: CollectContext): MdxParamField[] {
  const out: MdxParamField[] = [];
  for (const node of nodes) {
    if (isJsxElement(node) && node.name) {
      const name = node.name;
      const builtin = !ctx.declared.has(name);
      if (builtin && (name === 'ParamField' || (nested && name === 'ResponseField'))) {
        const found = field(node, ctx);
        if (found) out.push(found);
        continue;
      }
      if (builtin && name === 'ResponseField') continue;
      const fromSnippet = ctx.snippet(name);
      if (fromSnippet) {
        out.push(...fromSnippet);
        continue;
      }
    }
    if ('children' in node) out.push(...walk((node as Extract<Nodes, { children: unknown }>).children as RootContent[], nested, ctx));
  }
  return out;
}

/**
 * The ParamFields of a module's tree in document order, each with the fields nested in it
 * (see `MdxParamField`). Only literal prop values are read; a field without a name is skipped.
 * Pure: the tree is not changed.
 */
export function collectParamFields(tree: Root, ctx: CollectContext): MdxParamField[] {
  return walk(tree.children, false, ctx);
}
