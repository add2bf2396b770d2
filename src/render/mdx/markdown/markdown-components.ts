import type { Link, Paragraph, PhrasingContent, RootContent, Text } from 'mdast';
import type { JsxElement } from '../compile/jsx-nodes.js';
import { stringAttribute } from '../compile/jsx-nodes.js';

/**
 * Turns one JSX element, whose children are already converted, into Markdown nodes. `inline`
 * is true inside a paragraph (children are phrasing content).
 */
export type MarkdownHandler = (node: JsxElement, children: RootContent[], inline: boolean) => RootContent[];

const text = (value: string): Text => ({ type: 'text', value });
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
const strong = (children: PhrasingContent[]): PhrasingContent => ({ type: 'strong', children });

/** `**title**` before the children, for any element with a `title`. */
const titled: MarkdownHandler = (node, children, inline) => {
  const title = stringAttribute(node, 'title');
  if (title === undefined || inline) return children;
  return [paragraph([strong([text(title)])]), ...children];
};

/** A callout: a blockquote whose first paragraph starts with `**Label:**`. */
const callout =
  (label: string): MarkdownHandler =>
  (_node, children, inline) => {
    if (inline) return children;
    const [first, ...rest] = children;
    const lead = strong([text(`${label}:`)]);
    const body: RootContent[] =
      first?.type === 'paragraph' ? [paragraph([lead, text(' '), ...first.children]), ...rest] : [paragraph([lead]), ...children];
    return [{ type: 'blockquote', children: body as Extract<RootContent, { type: 'paragraph' }>[] }];
  };

/** `name` (type, required, default: x): the line of a ParamField or ResponseField. */
const field: MarkdownHandler = (node, children, inline) => {
  const name = ['query', 'path', 'body', 'header', 'name'].map((k) => stringAttribute(node, k)).find((v) => v !== undefined);
  if (name === undefined || inline) return children;
  const facts = [stringAttribute(node, 'type')];
  if (node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'required' && a.value !== 'false')) facts.push('required');
  const fallback = stringAttribute(node, 'default');
  if (fallback !== undefined) facts.push(`default: ${fallback}`);
  const detail = facts.filter(Boolean).join(', ');
  return [paragraph([{ type: 'inlineCode', value: name }, ...(detail ? [text(` (${detail})`)] : [])]), ...children];
};

const card: MarkdownHandler = (node, children, inline) => {
  const title = stringAttribute(node, 'title');
  const href = stringAttribute(node, 'href');
  if (inline || title === undefined) return children;
  const label: PhrasingContent = href ? ({ type: 'link', url: href, children: [text(title)] } satisfies Link) : text(title);
  return [paragraph([strong([label])]), ...children];
};

const update: MarkdownHandler = (node, children, inline) => {
  const label = stringAttribute(node, 'label');
  const description = stringAttribute(node, 'description');
  if (inline || label === undefined) return children;
  return [{ type: 'heading', depth: 2, children: [text(label)] }, ...(description ? [paragraph([text(description)])] : []), ...children];
};

const frame: MarkdownHandler = (node, children, inline) => {
  const caption = stringAttribute(node, 'caption');
  return caption && !inline ? [...children, paragraph([{ type: 'emphasis', children: [text(caption)] }])] : children;
};

const image: MarkdownHandler = (node, _children, inline) => {
  const src = stringAttribute(node, 'src');
  if (!src) return [];
  const img: PhrasingContent = { type: 'image', url: src, alt: stringAttribute(node, 'alt') ?? '' };
  return inline ? [img] : [paragraph([img])];
};

const anchor: MarkdownHandler = (node, children, inline) => {
  const href = stringAttribute(node, 'href');
  if (!href || !inline) return children;
  return [{ type: 'link', url: href, children: children as PhrasingContent[] }];
};

/**
 * Markdown renderings of the built-in components; anything else (and any element without a
 * handler) keeps its children, with a bold `title` when it has one. One entry per component.
 */
export const markdownComponents: Readonly<Record<string, MarkdownHandler>> = {
  Note: callout('Note'),
  Warning: callout('Warning'),
  Info: callout('Info'),
  Tip: callout('Tip'),
  Check: callout('Check'),
  Danger: callout('Danger'),
  Callout: callout('Note'),
  Card: card,
  ParamField: field,
  ResponseField: field,
  Update: update,
  Frame: frame,
  Icon: () => [],
  img: image,
  a: anchor,
  br: (_node, _children, inline) => (inline ? [{ type: 'break' }] : []),
  Visibility: (node, children) => (stringAttribute(node, 'for') === 'humans' ? [] : children),
};

export const defaultMarkdownHandler: MarkdownHandler = titled;
