import type { Element, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { decodeHTMLAttribute } from 'entities';
import { visit } from 'unist-util-visit';
import { escapeHtml } from '../html.js';
import { isScriptUrl } from '../script-url.js';
import { replaceDelimited } from '../../text/linear-text.js';
import { gfmSyntax } from '../../parse/gfm-syntax.js';

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

/** A description as hast before sanitizing: CommonMark + GFM, raw HTML parsed into elements. */
function toRawHast(text: string): Root {
  const mdast = fromMarkdown(text, { extensions: [gfmSyntax()], mdastExtensions: [gfmFromMarkdown()] });
  const hasHtml = text.includes('<');
  const hast = toHast(mdast, { allowDangerousHtml: hasHtml }) as Root;
  return hasHtml ? (raw(hast) as Root) : hast;
}

/** Renders CommonMark + GFM to sanitized HTML (raw HTML parsed, then filtered; no `on*`, no `javascript:`). */
/**
 * Descriptions longer than this (characters) are shown as escaped text, not parsed: Markdown to
 * HTML costs about 9 µs a character with a large memory peak (3,000,000 characters of `<b>` took
 * 27 s in `sheaf check`, mostly garbage collection), and no description written for readers is
 * this long.
 */
const MAX_MARKDOWN_CHARS = 200_000;

function renderUncached(source: string): string {
  const text = source.trim();
  if (text === '') return '';
  if (PLAIN.test(text) || text.length > MAX_MARKDOWN_CHARS) return `<p>${escapeHtml(text)}</p>`;
  const clean = sanitize(toRawHast(text), SCHEMA) as Root;
  dropDataUrls(clean);
  return toHtml(clean).trim();
}

/** Attributes of raw HTML that a browser follows as a link. */
const LINK_ATTRIBUTES = ['href', 'xLinkHref', 'formAction', 'action'] as const;

/**
 * The `javascript:` URLs a description links to (Markdown links and definitions, and `href`-like
 * attributes of its raw HTML), in order; the sanitizer removes them from the HTML
 * (`createMarkdownRenderer`), this says which there were so they can be reported. Cheap on
 * descriptions that cannot hold one: they are not parsed.
 */
export function markdownScriptUrls(source: string): string[] {
  const flat = decodeHTMLAttribute(source).replace(/[\t\n\r]/g, '');
  if (!/javascript:/i.test(flat)) return [];
  const found: string[] = [];
  visit(toRawHast(source.trim()), 'element', (node) => {
    for (const name of LINK_ATTRIBUTES) {
      const value = node.properties[name];
      if (typeof value === 'string' && isScriptUrl(value)) found.push(value);
    }
  });
  return found;
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

/**
 * `text` with each `[label](url)` and `![alt](url)` replaced by its label, as
 * `/!?\[([^\]]*)\]\([^)]*\)/g` would, in linear time: the next `]` and `)` are looked up once
 * for a whole run of `[`, not once per `[`.
 */
function linkLabels(text: string): string {
  let out = '';
  let from = 0;
  let close = -1;
  let paren = -1;
  for (let open = text.indexOf('['); open >= 0; open = text.indexOf('[', Math.max(open + 1, from))) {
    if (close <= open) close = text.indexOf(']', open + 1);
    if (close < 0) break;
    if (text.charAt(close + 1) !== '(') continue;
    if (paren <= close) paren = text.indexOf(')', close + 2);
    if (paren < 0) break;
    const start = open > from && text.charAt(open - 1) === '!' ? open - 1 : open;
    out += text.slice(from, start) + text.slice(open + 1, close);
    from = paren + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Plain text of a CommonMark description for search and tables: markup characters dropped, whitespace collapsed. */
export function markdownToText(source: string): string {
  // Code spans are kept as written: `Bearer <token>` is text there, not a tag to strip.
  return source
    .split(/(`+[^`]*`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.replace(/`/g, '')
        : linkLabels(replaceDelimited(part, '<', '>', () => ' '))
            .replace(/[`*_#>|~]+/g, ''),
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
