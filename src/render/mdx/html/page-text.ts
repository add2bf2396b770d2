import type { Element, ElementContent, Root, RootContent } from 'hast';

/** Elements whose boundaries separate words. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table',
  'td', 'th', 'tr', 'ul', 'math',
]);
/** Elements whose text is not page text. */
const HIDDEN_TAGS = new Set(['script', 'style', 'template', 'svg', 'annotation', 'button']);
/** Classes whose text is not page text: anchors, copy buttons, KaTeX's visual duplicate of the MathML. */
const HIDDEN_CLASSES = ['heading-anchor', 'copy-button', 'katex-html'];

function isHidden(node: Element): boolean {
  if (HIDDEN_TAGS.has(node.tagName)) return true;
  const classes = Array.isArray(node.properties['className']) ? node.properties['className'] : [];
  return classes.some((c) => typeof c === 'string' && HIDDEN_CLASSES.includes(c));
}

/** Appends the visible text of `node` to `out`, with a space at block boundaries. */
export function appendText(node: Root | RootContent | ElementContent, out: string[]): void {
  if (node.type === 'text') out.push(node.value);
  else if (node.type === 'element') {
    if (isHidden(node)) return;
    const block = BLOCK.has(node.tagName);
    if (block) out.push(' ');
    for (const child of node.children) appendText(child, out);
    if (block) out.push(' ');
  } else if (node.type === 'root') for (const child of node.children) appendText(child, out);
}

/** The visible text of `node`, whitespace collapsed. */
export function textOf(node: Root | RootContent | ElementContent): string {
  const out: string[] = [];
  appendText(node, out);
  return collapse(out.join(''));
}

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
