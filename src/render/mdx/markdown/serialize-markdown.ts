import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { fillPlaceholders } from './to-markdown-tree.js';

/** True for a node that shows nothing: empty text, or a paragraph of such. */
function isEmpty(node: Nodes): boolean {
  if (node.type === 'text') return node.value.trim() === '';
  if (node.type === 'paragraph') return node.children.every(isEmpty);
  return false;
}

/**
 * Trims a paragraph's content: no whitespace at its edges or after a line break, no line break
 * at its end (JSX left out of the copy leaves such gaps).
 */
function tidyPhrasing(children: readonly PhrasingContent[]): PhrasingContent[] {
  const kept = children.map((c, i) => {
    const afterBreak = i === 0 || children[i - 1]?.type === 'break';
    return c.type === 'text' && afterBreak ? { ...c, value: c.value.replace(/^\s+/, '') } : c;
  });
  while (kept.length > 0 && (kept.at(-1)?.type === 'break' || isEmpty(kept.at(-1) as Nodes))) kept.pop();
  const last = kept.at(-1);
  if (last?.type === 'text') kept[kept.length - 1] = { ...last, value: last.value.trimEnd() };
  return kept;
}

/** Drops empty paragraphs, and line breaks that end a paragraph (`<br>` before a block). */
function prune(children: readonly RootContent[]): RootContent[] {
  return children
    .filter((c) => !(c.type === 'paragraph' && isEmpty(c)))
    .map((c) => {
      if (c.type === 'paragraph') return { ...c, children: tidyPhrasing(c.children) };
      return 'children' in c ? ({ ...c, children: prune(c.children as RootContent[]) } as RootContent) : c;
    });
}

/**
 * Serialises a Markdown tree from `toMarkdownTree`: placeholders get their values (or vanish),
 * empty paragraphs go, and the page title, if any, leads as `# Title` (unless the page
 * already starts with that heading).
 */
export function serializeMarkdown(tree: Root, title: string | undefined, values: (name: string) => string | undefined): string {
  const filled = fillPlaceholders(tree, values);
  const body = toMarkdown({ type: 'root', children: prune(filled.children) }, { extensions: [gfmToMarkdown()] }).trim();
  const heading = title?.replace(/\s+/g, ' ').trim();
  // A page that starts with its own `# Title` does not get it twice.
  const first = filled.children.find((c) => !(c.type === 'paragraph' && isEmpty(c)));
  const repeated = first?.type === 'heading' && first.depth === 1 && toMarkdown(first).trim() === `# ${heading}`;
  const head = heading && !repeated ? `# ${heading}` : '';
  return [head, body].filter((part) => part !== '').join('\n\n') + '\n';
}
