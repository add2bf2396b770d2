import type { VNode } from 'preact';
import { stringProp, textOf } from './props.js';

/**
 * The tab label of one code block inside CodeGroup / RequestExample / ResponseExample, read from
 * the element the MDX pipeline made: `<div class="code-block" data-language="L">` with a
 * `.code-title` inside. In order: the `.code-title` text (in the element tree or in raw HTML),
 * a `title`/`data-title`/`filename` prop, the language (`data-language`, `language`,
 * `class="language-L"`), then `Example N` (1-based).
 */
export function codeLabel(block: VNode, index: number): string {
  return findTitle(block, 0) ?? findLanguage(block, 0) ?? `Example ${index + 1}`;
}

type Props = Record<string, unknown> & { children?: unknown; dangerouslySetInnerHTML?: { __html?: unknown } };

/** How deep into the element tree labels are looked for: the title sits at depth 2 (block > header > title). */
const MAX_DEPTH = 6;

function classOf(p: Props): string {
  const c = p.class ?? p.className;
  return typeof c === 'string' ? c : '';
}

function childrenOf(p: Props): VNode[] {
  const c = p.children;
  const list = Array.isArray(c) ? c.flat(Infinity) : [c];
  return list.filter((n): n is VNode => typeof n === 'object' && n !== null && 'props' in n);
}

const RAW_TITLE = /class="[^"]*\bcode-title\b[^"]*"[^>]*>([^<]*)</;

function findTitle(node: VNode, depth: number): string | undefined {
  const p = node.props as Props;
  if (/\bcode-title\b/.test(classOf(p))) return stringProp(textOf(node));
  const own = stringProp(p.title) ?? stringProp(p['data-title']) ?? stringProp(p.filename) ?? stringProp(p['data-filename']);
  if (own !== undefined) return own;
  const html = p.dangerouslySetInnerHTML?.__html;
  if (typeof html === 'string') {
    const m = RAW_TITLE.exec(html);
    return m ? stringProp(textOf({ props: { dangerouslySetInnerHTML: { __html: m[1] ?? '' } } })) : undefined;
  }
  if (depth >= MAX_DEPTH) return undefined;
  for (const child of childrenOf(p)) {
    const t = findTitle(child, depth + 1);
    if (t !== undefined) return t;
  }
  return undefined;
}

function findLanguage(node: VNode, depth: number): string | undefined {
  const p = node.props as Props;
  const lang = stringProp(p['data-language']) ?? stringProp(p.language) ?? /\blanguage-([\w+#.-]+)/.exec(classOf(p))?.[1];
  if (lang !== undefined) return lang;
  if (depth >= MAX_DEPTH) return undefined;
  for (const child of childrenOf(p)) {
    const l = findLanguage(child, depth + 1);
    if (l !== undefined) return l;
  }
  return undefined;
}
