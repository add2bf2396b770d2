import type { Element, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { escapeHtml } from '../html.js';

/**
 * GitHub's sanitation (hast-util-sanitize's default schema), plus: `script`, `style`, `iframe` and
 * the like are dropped with their content; `data:` URLs are allowed on `src` so that `data:image/…`
 * pictures show (every other `data:` URL is removed after sanitizing).
 */
const SCHEMA: Schema = {
  ...defaultSchema,
  strip: ['script', 'style', 'iframe', 'noscript', 'template', 'object', 'embed', 'textarea', 'select'],
  protocols: { ...defaultSchema.protocols, src: [...(defaultSchema.protocols?.src ?? []), 'data'] },
};

/**
 * Text that CommonMark + GFM render as one paragraph of the same text: one line, no leading
 * space or block marker, none of the characters that start inline syntax, entities, HTML or
 * autolinks (`:` and `@` and `www.` for GFM autolink literals).
 */
const PLAIN = /^(?![\s#>*+=|-]|\d+[.)])(?!.*www\.)[^\n\r\\`*_[\]<>&!|~:@{}]*$/;

/** Keeps `src` only for `data:image/…` among `data:` URLs. */
function dropDataUrls(node: Root | Element): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const src = child.properties['src'];
    if (typeof src === 'string' && /^\s*data:/i.test(src) && !/^\s*data:image\//i.test(src)) delete child.properties['src'];
    dropDataUrls(child);
  }
}

/** Renders CommonMark + GFM to sanitized HTML (raw HTML parsed, then filtered; no `on*`, no `javascript:`). */
function renderUncached(source: string): string {
  const text = source.trim();
  if (text === '') return '';
  if (PLAIN.test(text)) return `<p>${escapeHtml(text)}</p>`;
  const mdast = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const hasHtml = text.includes('<');
  let hast = toHast(mdast, { allowDangerousHtml: hasHtml }) as Root;
  if (hasHtml) hast = raw(hast) as Root;
  const clean = sanitize(hast, SCHEMA) as Root;
  dropDataUrls(clean);
  return toHtml(clean).trim();
}

/** A renderer of descriptions: `markdownToHtml` memoised in `cache` (shared across pages by the caller, or not). */
export type MarkdownRenderer = (source: string) => string;

/**
 * Returns a renderer of CommonMark + GFM descriptions into sanitized HTML, memoised in `cache`
 * (keyed by source). Output is deterministic: same source, same HTML.
 */
export function createMarkdownRenderer(cache: Map<string, string> = new Map()): MarkdownRenderer {
  return (source) => {
    let html = cache.get(source);
    if (html === undefined) {
      html = renderUncached(source);
      cache.set(source, html);
    }
    return html;
  };
}

/** Plain text of a CommonMark description for search and tables: markup characters dropped, whitespace collapsed. */
export function markdownToText(source: string): string {
  // Code spans are kept as written: `Bearer <token>` is text there, not a tag to strip.
  return source
    .split(/(`+[^`]*`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.replace(/`/g, '')
        : part
            .replace(/<[^>]*>/g, ' ')
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/[`*_#>|~]+/g, ''),
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
