import { parseInlineMarkdown, type InlineNode } from '../inline-markdown-syntax.js';
import { escapeHtml } from './escape.js';
import type { UrlStyle } from '../../model/url-style.js';
import { linkAttributes } from './href.js';

/**
 * Renders one line of inline Markdown (docs.json `banner.content`, in the syntax of
 * `parseInlineMarkdown`) as escaped HTML. Link targets go through `linkAttributes`, so site paths
 * become relative to the page, with Mintlify's form as `data-href` (a `javascript:` target
 * leaves the link without one).
 */
export function renderInlineMarkdown(source: string, base: string, style: UrlStyle): string {
  return parseInlineMarkdown(source)
    .map((node) => toHtml(node, base, style))
    .join('');
}

function toHtml(node: InlineNode, base: string, style: UrlStyle): string {
  if (typeof node === 'string') return escapeHtml(node);
  const inner = () => ('children' in node ? node.children.map((child) => toHtml(child, base, style)).join('') : '');
  switch (node.type) {
    case 'code':
      return `<code>${escapeHtml(node.text)}</code>`;
    case 'strong':
      return `<strong>${inner()}</strong>`;
    case 'em':
      return `<em>${inner()}</em>`;
    case 'link': {
      const attributes = Object.entries(linkAttributes(base, { href: node.href }, style))
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      return `<a${attributes}>${inner()}</a>`;
    }
  }
}
