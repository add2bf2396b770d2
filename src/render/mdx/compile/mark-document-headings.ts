import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';

/**
 * The attribute a heading written in the document carries from compile to `finishHtml`, which
 * reads it (and removes it from every element). `DOCUMENT_HEADING_PROPERTY` is its hast name.
 */
export const DOCUMENT_HEADING_ATTRIBUTE = 'data-sheaf-heading';
export const DOCUMENT_HEADING_PROPERTY = 'dataSheafHeading';

const JSX_HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Marks the headings that stand in the module's MDX tree: Markdown headings (`## …`) and JSX
 * heading elements written as blocks (`<h2 …>`). These are the headings Mintlify's table of
 * contents can see (`remarkExtractTableOfContents` walks the tree: `heading` nodes and
 * `mdxJsxFlowElement` `h1`–`h4`); a heading that a component's code renders (an exported
 * `HeroCard` returning `<h3>`, a snippet's JSX component, an expression) is not in the tree, so
 * it carries no mark. Snippets are marked when they compile: Mintlify inlines their trees.
 */
export function markDocumentHeadings(tree: Root): void {
  visit(tree, (node) => {
    if (node.type === 'heading') {
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [DOCUMENT_HEADING_PROPERTY]: '' } };
    } else if (node.type === 'mdxJsxFlowElement' && JSX_HEADINGS.has(node.name ?? '')) {
      node.attributes.push({ type: 'mdxJsxAttribute', name: DOCUMENT_HEADING_ATTRIBUTE, value: '' });
    }
  });
}
