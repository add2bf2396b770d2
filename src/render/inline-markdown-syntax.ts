/**
 * The one inline-Markdown syntax of Sheaf, for short texts documented as Markdown outside page
 * bodies: docs.json `banner.content`, Frame `caption`, Prompt `description`. It knows
 * `**strong**` / `__strong__`, `*em*` / `_em_` (not inside a word, as `my_var_name`), `` `code` ``
 * and `[text](url)` (a URL may hold one level of parentheses); everything else, an unclosed
 * marker included, is text. Both renderers read these nodes: `InlineMarkdown` (preact, in
 * components) and `renderInlineMarkdown` (an HTML string, in the layout).
 */
export type InlineNode =
  | string
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'strong' | 'em'; readonly children: readonly InlineNode[] }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly InlineNode[] };

const TOKEN = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\w])_([^_\s](?:[^_]*[^_\s])?)_(?![\w])|\[([^\]]+)\]\(([^()\s]+(?:\([^()\s]*\))?[^()\s]*)\)/;

/** Longer texts are not parsed for inline Markdown. */
const MAX_INLINE_CHARS = 4_000;

/** The text as inline nodes; the text of strong, emphasis and link labels is parsed again. */
export function parseInlineMarkdown(text: string): InlineNode[] {
  // Titles and one-line descriptions are short; a longer text is shown as written, since TOKEN
  // backtracks quadratically on long unclosed runs (`[[[…`, `` `a`a… ``).
  if (text.length > MAX_INLINE_CHARS) return [text];
  const out: InlineNode[] = [];
  let rest = text;
  while (rest !== '') {
    const m = TOKEN.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const [, code, strong1, strong2, em1, em2, label, href] = m;
    if (code !== undefined) out.push({ type: 'code', text: code });
    else if (strong1 !== undefined || strong2 !== undefined) out.push({ type: 'strong', children: parseInlineMarkdown(strong1 ?? strong2 ?? '') });
    else if (em1 !== undefined || em2 !== undefined) out.push({ type: 'em', children: parseInlineMarkdown(em1 ?? em2 ?? '') });
    else if (label !== undefined && href !== undefined) out.push({ type: 'link', href, children: parseInlineMarkdown(label) });
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

/** The targets of every link in `nodes`, in order, links inside emphasis and labels included. */
export function inlineLinkTargets(nodes: readonly InlineNode[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly InlineNode[]): void => {
    for (const node of list) {
      if (typeof node === 'string' || node.type === 'code') continue;
      if (node.type === 'link') out.push(node.href);
      walk(node.children);
    }
  };
  walk(nodes);
  return out;
}
