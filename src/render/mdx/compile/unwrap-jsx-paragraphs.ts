import type { PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';

/**
 * Headings whose paragraphs are unwrapped all, run together: Mintlify's `remarkUnwrapJsxHeadings`
 * (`@mintlify/common` mdx/plugins/remark/remarkUnwrapJsxHeadings.js: `h1`–`h6` and `Heading`).
 */
const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'Heading']);

/**
 * Inline components whose content is unwrapped when it is exactly one paragraph: Mintlify's
 * `remarkUnwrapInlineJsx` (`Badge`, `Tooltip`); other block content is left as written.
 */
const INLINE_COMPONENTS: ReadonlySet<string> = new Set(['Badge', 'Tooltip']);

/**
 * HTML elements whose content model is phrasing content only (HTML Living Standard, "Content
 * models"), so a `<p>` inside one is never valid HTML. Sheaf's own addition to Mintlify's two
 * rules: a `<p>` in a `<p>` is split by the browser's parser into an empty classed paragraph,
 * the text in a bare one, and an empty one (the author's classes lost); in the others it stays
 * nested and adds a block with margins. Left out: `a` (transparent: `<a><p>` is valid in flow
 * content), and elements that take flow content (`div`, `li`, `td`, `dt`, `figcaption`, …).
 */
const PHRASING_ELEMENTS: ReadonlySet<string> = new Set([
  'p',
  'pre',
  'span',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'button',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'label',
  'legend',
  'mark',
  'output',
  'q',
  's',
  'samp',
  'small',
  'strong',
  'sub',
  'summary',
  'sup',
  'time',
  'u',
  'var',
]);

type FlowChild = MdxJsxFlowElement['children'][number];

/** The children with each paragraph replaced by its content; `separator` between two paragraphs. */
function unwrapParagraphs(children: readonly FlowChild[], separator: PhrasingContent | undefined): RootContent[] {
  const out: RootContent[] = [];
  let previousWasParagraph = false;
  for (const child of children) {
    if (child.type !== 'paragraph') {
      out.push(child);
      previousWasParagraph = false;
      continue;
    }
    if (previousWasParagraph && separator) out.push({ ...separator });
    out.push(...child.children);
    previousWasParagraph = true;
  }
  return out;
}

/**
 * Text written on its own line inside a JSX element (`<h1 className="…">⏎Documentation⏎</h1>`)
 * is a paragraph to MDX. Removes that paragraph where it cannot stand, so the element keeps its
 * own classes and no margins are added:
 * - `h1`–`h6` and `Heading`: every paragraph, run together (as Mintlify);
 * - `Badge`, `Tooltip`: a single paragraph (as Mintlify);
 * - the phrasing-only HTML elements (`p`, `span`, `button`, `strong`, …, see PHRASING_ELEMENTS):
 *   every paragraph, two paragraphs kept apart by a line break (`<br>`), where the author left a
 *   blank line.
 * Other children (a list, a component) are left where they are. Only flow elements have
 * paragraph children; the same element written inline already holds its text directly.
 */
export function unwrapJsxParagraphs(tree: Root): void {
  visit(tree, 'mdxJsxFlowElement', (node) => {
    const name = node.name ?? '';
    let children: RootContent[] | undefined;
    if (HEADINGS.has(name)) children = unwrapParagraphs(node.children, undefined);
    else if (PHRASING_ELEMENTS.has(name)) children = unwrapParagraphs(node.children, { type: 'break' });
    else if (INLINE_COMPONENTS.has(name) && node.children.length === 1 && node.children[0]?.type === 'paragraph') {
      children = node.children[0].children;
    }
    // Phrasing content under a flow element: what MDX itself produces for `<h1>Text</h1>` on one line.
    if (children) node.children = children as FlowChild[];
  });
}
