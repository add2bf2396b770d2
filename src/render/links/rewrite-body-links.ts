import type { Element } from 'hast';
import { escapeAttribute } from 'entities';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { Tokenizer, type TokenHandler } from 'parse5';
import { HTML_TEXT_MODES } from '../../parse/html-text-modes.js';
import { applyEdits, type TextEdit } from '../../parse/text-edits.js';
import { formatSrcset, parseSrcset } from './srcset.js';
import { resolveSiteLink, type LinkPlace, type LinkTargets } from './site-link.js';
import { isExternal } from '../layout/href.js';
import { trimChars } from '../../text/linear-text.js';

/** A link of a page body that points at no page and no file of the site. */
export interface BrokenLink {
  /** The attribute as written in HTML (`href`, `src`, `srcset`, `poster`…). */
  readonly attribute: string;
  /** The link as the author wrote it (character references decoded), to find it in the source. */
  readonly target: string;
  /** The site path it names, decoded, without the leading slash (see SiteLink.missing). */
  readonly path: string;
}

/**
 * A link attribute's name (or the end of one: `xlink:href`, `formaction`) and its value as the
 * tokenizer reads it: quoted to the closing quote, or unquoted to HTML white space or `>`. Tried
 * at every position of the text (see linksAllStay), so it finds every link attribute of the
 * HTML, and more (text that only looks like one: those may only make the answer "no").
 */
const LINK_ATTRIBUTE = /(?:href|srcset|src|poster|data|action)[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r >]+))/giy;

/**
 * True when no link of the HTML can change: every value that may be a link attribute's is empty
 * or, in the characters before any character reference (which may decode to anything), already
 * an external URL, a `#fragment` or a `?query` (what resolveSiteLink keeps as written), and
 * none is a `srcset`. Then the rewrite would return the HTML as it is, with nothing broken, and
 * the tokenizer need not run (most operation pages: their links are anchors and external URLs).
 */
function linksAllStay(html: string): boolean {
  const lower = html.toLowerCase();
  for (const name of ['href', 'src', 'poster', 'data', 'action']) {
    for (let at = lower.indexOf(name); at !== -1; at = lower.indexOf(name, at + 1)) {
      LINK_ATTRIBUTE.lastIndex = at;
      const match = LINK_ATTRIBUTE.exec(html);
      if (!match) continue;
      if (/^srcset/i.test(match[0])) return false;
      const value = trimChars(match[1] ?? match[2] ?? match[3] ?? '', '\t\n\f\r ');
      const literal = value.split('&', 1)[0] ?? '';
      if (value !== '' && !(literal.startsWith('#') || literal.startsWith('?') || isExternal(literal))) return false;
    }
  }
  return true;
}

/** A start tag as the tokenizer gives it. */
type TagToken = Parameters<TokenHandler['onStartTag']>[0];

/** Link attributes by lower-case HTML name (`srcset` holds several URLs). */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'poster', 'xlink:href', 'data', 'action', 'formaction', 'srcset']);

/**
 * Rewrites the links of a rendered page body (article or right-hand panel) for the file it is
 * written to: each link attribute (`href`, `src`, `srcset`, `poster`, `xlink:href`, `data`,
 * `action`, `formaction`) resolved by `resolveSiteLink`, on the elements and attributes of the
 * HTML tree (hast-util-from-html, with the position of every attribute): only attributes of
 * elements change; text never does, so a code sample showing `href="/components/columns"` keeps
 * its bytes, and neither does what a `<template>` holds. HTML whose tree the tokenizer alone sees
 * (`tokenizerReadsAsTree`: most page bodies) is read with parse5's tokenizer, without building the
 * tree; the rest as a tree. Each changed attribute is
 * replaced where it stands in the input and the rest of the HTML is kept byte for byte (no
 * re-serialisation); values are written double-quoted with `&` and `"` escaped.
 *
 * This runs per written file after the render cache, since a page's links depend on the set of
 * routes and files of the whole site, which the cached body must not.
 */
export function rewriteBodyLinks(html: string, place: LinkPlace, targets: LinkTargets): { html: string; broken: BrokenLink[] } {
  if (linksAllStay(html)) return { html, broken: [] };
  return tokenizerReadsAsTree(html) ? rewriteWithTokenizer(html, place, targets) : rewriteWithTree(html, place, targets);
}

/**
 * True when the tokenizer, switched as below, sees the elements and attributes the tree builder
 * would: no MathML or `<template>` (whose content the tree drops or holds apart), no `<select>`
 * beyond options with text (SIMPLE_SELECT), and
 * every `<svg>` closed and holding only drawing elements (paths, shapes, groups, `<use>`,
 * symbols, gradients, comments), as Sheaf's icons do. Anything else is read as a tree.
 */
function tokenizerReadsAsTree(html: string): boolean {
  if (/<(?:math|template)[\s/>]/i.test(html)) return false;
  const selects = html.match(/<select[\s/>]/gi)?.length ?? 0;
  if (selects > 0 && (html.match(SIMPLE_SELECT)?.length ?? 0) !== selects) return false;
  const opened = html.match(/<svg[\s/>]/gi)?.length ?? 0;
  if (opened === 0) return true;
  let closed = 0;
  for (const match of html.matchAll(/<svg(?:\s[^>]*)?>([\s\S]*?)<\/svg\s*>/gi)) {
    if (SVG_UNSAFE.test(match[1] ?? '')) return false;
    closed += 1;
  }
  return closed === opened && closed === (html.match(/<\/svg[\s>]/gi)?.length ?? 0);
}

/**
 * A `<select>` holding only options and option groups with plain text, closed (the playground's
 * pickers): the tree keeps every one of those elements, with its attributes, as the tokenizer
 * reads them.
 */
const SIMPLE_SELECT = /<select(?:\s[^>]*)?>(?:[^<]|<\/?(?:option|optgroup)(?:[\s][^<>]*)?>)*<\/select\s*>/gi;

/** A tag in an `<svg>` that is not a drawing element (or a comment). */
const SVG_UNSAFE = /<(?!\/?(?:path|g|use|circle|rect|line|polyline|polygon|symbol|defs|ellipse|clippath|mask|stop|lineargradient|radialgradient|pattern)[\s/>]|!--)/i;

/** Reads the HTML with parse5's tokenizer (see `rewriteBodyLinks` and `tokenizerReadsAsTree`). */
function rewriteWithTokenizer(html: string, place: LinkPlace, targets: LinkTargets): { html: string; broken: BrokenLink[] } {
  const broken: BrokenLink[] = [];
  const edits: TextEdit[] = [];
  const rewrite = (token: TagToken, inSvg: boolean): void => {
    const positions = token.location?.attrs;
    if (!positions) return;
    for (const { name: attribute, value } of token.attrs) {
      if (!URL_ATTRIBUTES.has(attribute)) continue;
      // In SVG the tree knows `formaction` and `srcset` as no link properties.
      if (inSvg && (attribute === 'formaction' || attribute === 'srcset')) continue;
      const position = positions[attribute];
      if (!position) continue;
      const edit = attributeEdit(html, position.startOffset, position.endOffset, attribute, value, place, targets, broken);
      if (edit) edits.push(edit);
    }
  };
  // Inside an `<svg>` (closed, drawing elements only: tokenizerReadsAsTree) no element holds raw
  // text, and `<![CDATA[` is a section, as in the tree builder's foreign content.
  let inSvg = false;
  const handler: TokenHandler = {
    onStartTag(token) {
      const tag = token.tagName;
      if (tag === 'svg') inSvg = true;
      rewrite(token, inSvg);
      const mode = inSvg ? undefined : HTML_TEXT_MODES[tag];
      if (mode !== undefined) tokenizer.state = mode;
      tokenizer.inForeignNode = inSvg;
    },
    onEndTag(token) {
      if (token.tagName === 'svg') inSvg = false;
      tokenizer.inForeignNode = inSvg;
    },
    onCharacter() {},
    onWhitespaceCharacter() {},
    onNullCharacter() {},
    onComment() {},
    onDoctype() {},
    onEof() {},
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  tokenizer.write(html, true);
  if (!edits.length) return { html, broken };
  return { html: applyEdits(html, edits).text, broken };
}

/**
 * The hast properties holding one URL a browser loads or follows, by their HTML attribute name.
 * `srcSet` holds several (see srcset.ts). `xLinkHref` is SVG's `xlink:href`; `data` an
 * `<object>`'s resource.
 */
const URL_PROPERTIES: Readonly<Record<string, string>> = {
  href: 'href',
  src: 'src',
  poster: 'poster',
  xLinkHref: 'xlink:href',
  data: 'data',
  action: 'action',
  formAction: 'formaction',
};

/** Reads the HTML as a tree (hast-util-from-html, with the position of every attribute), for what the tokenizer alone might read otherwise. */
function rewriteWithTree(html: string, place: LinkPlace, targets: LinkTargets): { html: string; broken: BrokenLink[] } {
  const broken: BrokenLink[] = [];
  const tree = fromHtml(html, { fragment: true, verbose: true });
  const edits: TextEdit[] = [];
  visit(tree, 'element', (node: Element) => {
    const positions = node.data?.position?.properties;
    if (!positions) return;
    for (const [property, value] of Object.entries(node.properties)) {
      const position = positions[property];
      const start = position?.start.offset;
      const end = position?.end.offset;
      if (start === undefined || end === undefined) continue;
      const attribute = URL_PROPERTIES[property] ?? (property === 'srcSet' ? 'srcset' : undefined);
      if (!attribute) continue;
      // hast splits `srcset` at commas; joined again, it is the value as written (less spaces around commas).
      const written = property === 'srcSet' ? (Array.isArray(value) ? value.join(',') : String(value)) : value;
      if (typeof written !== 'string') continue;
      const edit = attributeEdit(html, start, end, attribute, written, place, targets, broken);
      if (edit) edits.push(edit);
    }
  });
  if (!edits.length) return { html, broken };
  return { html: applyEdits(html, edits).text, broken };
}

/**
 * The edit of one link attribute written at `html[start, end)` (`name=value` as written): its
 * value, or each `srcset` candidate, resolved by `resolveSiteLink` and written back double-quoted;
 * undefined when nothing changes. Links to nothing are added to `broken`.
 */
function attributeEdit(html: string, start: number, end: number, attribute: string, value: string, place: LinkPlace, targets: LinkTargets, broken: BrokenLink[]): TextEdit | undefined {
  let next: string | undefined;
  if (attribute === 'srcset') {
    let changed = false;
    const candidates = parseSrcset(value).map((c) => {
      const link = resolveSiteLink(c.url, place, targets);
      if (!link) return c;
      changed = true;
      if (link.missing !== undefined) broken.push({ attribute, target: c.url, path: link.missing });
      return { ...c, url: link.url };
    });
    if (changed) next = formatSrcset(candidates);
  } else {
    const link = resolveSiteLink(value, place, targets);
    if (link) {
      next = link.url;
      if (link.missing !== undefined) broken.push({ attribute, target: value.trim(), path: link.missing });
    }
  }
  if (next === undefined) return undefined;
  const source = html.slice(start, end);
  const name = source.slice(0, Math.max(source.indexOf('='), 0)).trim() || attribute;
  return { start, end, text: `${name}="${escapeAttribute(next)}"` };
}
