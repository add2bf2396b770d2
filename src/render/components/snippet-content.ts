import { Fragment, toChildArray, type ComponentChildren, type VNode } from 'preact';

/**
 * The key that marks a function component as the content of an MDX snippet (set by the MDX
 * renderer on a snippet's default export). Mintlify inlines imported snippets into the page
 * before components read their children, so `<CodeGroup><Install /></CodeGroup>` has the
 * snippet's code blocks as children; `inlineChildren` does the same at render time.
 */
export const SNIPPET_CONTENT = 'sheafSnippetContent';

/** Marks `content` (a snippet's default export) as snippet content; returns it. */
export function markSnippetContent<T extends object>(content: T): T {
  (content as Record<string, unknown>)[SNIPPET_CONTENT] = true;
  return content;
}

const isSnippetContent = (type: unknown): type is (props: unknown) => ComponentChildren =>
  typeof type === 'function' && (type as unknown as Record<string, unknown>)[SNIPPET_CONTENT] === true;

/** How deep snippets inside snippets are inlined (a cycle is already cut when they are loaded). */
const MAX_INLINE_DEPTH = 8;

/**
 * The element children of `children` with fragments flattened and snippet content inlined
 * (rendered to the elements it is made of), as Mintlify's page tree has them. Text (the
 * whitespace between blocks) is dropped.
 */
export function inlineChildren(children: ComponentChildren, depth = 0): VNode[] {
  return toChildArray(children).flatMap((child): VNode[] => {
    if (typeof child !== 'object') return [];
    const vnode = child as VNode<{ children?: ComponentChildren }>;
    if (vnode.type === Fragment) return inlineChildren(vnode.props.children, depth);
    if (depth < MAX_INLINE_DEPTH && isSnippetContent(vnode.type)) return inlineChildren(vnode.type(vnode.props), depth + 1);
    return [vnode];
  });
}
