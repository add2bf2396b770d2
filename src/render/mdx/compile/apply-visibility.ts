import type { Root } from 'mdast';
import { replaceJsxElements, stringAttribute } from './jsx-nodes.js';

/**
 * `<Visibility for="humans">` shows its children on the web; `for="agents"` is left out of the
 * HTML (it goes to the Markdown copy only, see `toMarkdownTree`). Applied to the tree that is
 * compiled to HTML, unless the page binds its own `Visibility`.
 */
export function applyVisibility(tree: Root, declared: ReadonlySet<string>): void {
  if (declared.has('Visibility')) return;
  replaceJsxElements(tree, (node) => {
    if (node.name !== 'Visibility') return undefined;
    return stringAttribute(node, 'for') === 'agents' ? [] : node.children;
  });
}
