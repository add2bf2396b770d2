import type { Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';

/** Components whose content goes to the right-hand panel (`RenderedBody.aside`) when at the top level. */
export const ASIDE_COMPONENTS: ReadonlySet<string> = new Set(['RequestExample', 'ResponseExample', 'Panel']);

/** The element `finishHtml` moves out of the article into the aside. */
export const ASIDE_TAG = 'sheaf-aside';

/**
 * Wraps each top-level `<RequestExample>`, `<ResponseExample>` and `<Panel>` of a page in a
 * `<sheaf-aside>` element; after rendering, `finishHtml` moves those to `aside`, in order.
 */
export function markAsides(tree: Root, declared: ReadonlySet<string>): void {
  tree.children = tree.children.map((child): RootContent => {
    if (child.type !== 'mdxJsxFlowElement' || !child.name || !ASIDE_COMPONENTS.has(child.name) || declared.has(child.name)) return child;
    const wrapper: MdxJsxFlowElement = { type: 'mdxJsxFlowElement', name: ASIDE_TAG, attributes: [], children: [child] };
    return wrapper;
  });
}
