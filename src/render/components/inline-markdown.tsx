import type { ComponentChildren, JSX } from 'preact';
import { parseInlineMarkdown, type InlineNode } from '../inline-markdown-syntax.js';

/**
 * A string prop documented as Markdown (Frame `caption`, Prompt `description`) in the inline
 * syntax of `parseInlineMarkdown`; text is escaped by preact. Link targets stay as written: the
 * page body they land in has its links rewritten and `javascript:` targets removed later.
 */
export function InlineMarkdown(props: { readonly text: string }): JSX.Element {
  return <>{parseInlineMarkdown(props.text).map(toChild)}</>;
}

function toChild(node: InlineNode): ComponentChildren {
  if (typeof node === 'string') return node;
  switch (node.type) {
    case 'code':
      return <code>{node.text}</code>;
    case 'strong':
      return <strong>{node.children.map(toChild)}</strong>;
    case 'em':
      return <em>{node.children.map(toChild)}</em>;
    case 'link':
      return <a href={node.href}>{node.children.map(toChild)}</a>;
  }
}
