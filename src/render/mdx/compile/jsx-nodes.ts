import type { Nodes, Parents, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

export function isJsxElement(node: Nodes | RootContent): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/** The value of a string attribute, or `undefined` (absent, or an expression). */
export function stringAttribute(node: JsxElement, name: string): string | undefined {
  const attr = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return attr && typeof attr.value === 'string' ? attr.value : undefined;
}

/**
 * Replaces, depth first, each JSX element for which `replace` returns an array by that array
 * (its children to unwrap it, `[]` to drop it). Children are processed before their parent.
 */
export function replaceJsxElements(tree: Root, replace: (node: JsxElement) => RootContent[] | undefined): void {
  const walk = (parent: Parents) => {
    const out: RootContent[] = [];
    for (const child of parent.children as RootContent[]) {
      if ('children' in child) walk(child);
      const replacement = isJsxElement(child) ? replace(child) : undefined;
      if (replacement) out.push(...replacement);
      else out.push(child);
    }
    (parent as { children: RootContent[] }).children = out;
  };
  walk(tree);
}
