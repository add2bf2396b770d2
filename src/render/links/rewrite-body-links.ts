import type { Element } from 'hast';
import { escapeAttribute } from 'entities';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { Tokenizer, type TokenHandler } from 'parse5';
import { HTML_TEXT_MODES } from '../../parse/html-text-modes.js';
import { applyEdits, type TextEdit } from '../../parse/text-edits.js';
import { formatSrcset, parseSrcset } from './srcset.js';
import { resolveSiteLink, type LinkPlace, type LinkTargets } from './site-link.js';

/** A link of a page body that points at no page and no file of the site. */
export interface BrokenLink {
  /** The attribute as written in HTML (`href`, `src`, `srcset`, `poster`…). */
  readonly attribute: string;
  /** The link as the author wrote it (character references decoded), to find it in the source. */
  readonly target: string;
  /** The site path it names, decoded, without the leading slash (see SiteLink.missing). */
  readonly path: string;
}

/** Quick test before parsing: without one of these names no link attribute can be present. */
const MARKERS = ['href', 'src', 'poster', 'data', 'action'];


/** Start tags that end foreign content (SVG, MathML) where they stand. */
const BREAKOUT: ReadonlySet<string> = new Set(['b', 'big', 'blockquote', 'body', 'br', 'center', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'embed', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'hr', 'i', 'img', 'li', 'listing', 'menu', 'meta', 'nobr', 'ol', 'p', 'pre', 'ruby', 's', 'small', 'span', 'strong', 'strike', 'sub', 'sup', 'table', 'tt', 'u', 'ul', 'var']);
/** SVG elements whose content is HTML again. */
const SVG_HTML_POINTS: ReadonlySet<string> = new Set(['foreignobject', 'desc', 'title']);
/** MathML elements whose content is HTML again. */
const MATH_TEXT_POINTS: ReadonlySet<string> = new Set(['mi', 'mo', 'mn', 'ms', 'mtext']);
/** Start tags that close an open `<select>`. */
const SELECT_CLOSERS: ReadonlySet<string> = new Set(['input', 'keygen', 'textarea']);

/** A start tag as the tokenizer gives it. */
type TagToken = Parameters<TokenHandler['onStartTag']>[0];

/** Link attributes by lower-case HTML name (`srcset` holds several URLs). */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'poster', 'xlink:href', 'data', 'action', 'formaction', 'srcset']);

/**
 * Rewrites the links of a rendered page body (article or right-hand panel) for the file it is
 * written to: each link attribute (`href`, `src`, `srcset`, `poster`, `xlink:href`, `data`,
 * `action`, `formaction`) resolved by `resolveSiteLink`. It reads the HTML with parse5's
 * tokenizer (the HTML standard's), switching it into raw text where the tree builder would
 * (`<script>`, `<style>`, `<textarea>`…, never inside SVG or MathML), with the position of every
 * attribute and without building a tree: only attributes of elements change; text never does, so
 * a code sample showing `href="/components/columns"` keeps its bytes, and neither does what a
 * `<template>` holds (not part of the page until a script uses it). Each changed attribute is
 * replaced where it stands in the input and the rest of the HTML is kept byte for byte (no
 * re-serialisation); values are written double-quoted with `&` and `"` escaped.
 *
 * This runs per written file after the render cache, since a page's links depend on the set of
 * routes and files of the whole site, which the cached body must not.
 */
export function rewriteBodyLinks(html: string, place: LinkPlace, targets: LinkTargets): { html: string; broken: BrokenLink[] } {
  if (!MARKERS.some((m) => html.includes(m))) return { html, broken: [] };
  return tokenizerReadsAsTree(html) ? rewriteWithTokenizer(html, place, targets) : rewriteWithTree(html, place, targets);
}

/**
 * True when the tokenizer, switched as below, sees the elements and attributes the tree builder
 * would: no MathML, `<select>` or `<template>` (whose content the tree drops or holds apart), and
 * every `<svg>` closed and holding only drawing elements (paths, shapes, groups, `<use>`,
 * symbols, gradients, comments), as Sheaf's icons do. Anything else is read as a tree.
 */
function tokenizerReadsAsTree(html: string): boolean {
  if (/<(?:math|select|template)[\s/>]/i.test(html)) return false;
  const opened = html.match(/<svg[\s/>]/gi)?.length ?? 0;
  if (opened === 0) return true;
  let closed = 0;
  for (const match of html.matchAll(/<svg[\s>][^>]*>([\s\S]*?)<\/svg\s*>/gi)) {
    if (SVG_UNSAFE.test(match[1] ?? '')) return false;
    closed += 1;
  }
  return closed === opened && closed === (html.match(/<\/svg[\s>]/gi)?.length ?? 0);
}

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
  /**
   * Where the tokenizer is, as the tree builder sees it: the open `<svg>`/`<math>` elements and
   * the HTML integration points in them (`foreignObject`, `desc`, `title`; MathML's text
   * elements), innermost last; and the depth of `<template>` and `<select>`, whose content the
   * tree holds apart (template) or drops (select).
   */
  const spaces: { readonly tag: string; readonly content: 'html' | 'svg' | 'math' }[] = [];
  let template = 0;
  let select = false;
  const space = (): 'html' | 'svg' | 'math' => spaces.at(-1)?.content ?? 'html';
  const handler: TokenHandler = {
    onStartTag(token) {
      const tag = token.tagName;
      let inSpace = space();
      // A foreign element's HTML-only child ends the foreign content (the tree builder's breakout).
      if (inSpace !== 'html' && (BREAKOUT.has(tag) || (tag === 'font' && token.attrs.some((a) => a.name === 'color' || a.name === 'face' || a.name === 'size')))) {
        while (spaces.length && space() !== 'html') spaces.pop();
        inSpace = space();
      }
      if (inSpace === 'html' && select && SELECT_CLOSERS.has(tag)) select = false;
      if (template === 0 && !(select && inSpace === 'html' && tag !== 'select')) rewrite(token, inSpace === 'svg' || tag === 'svg');
      if (inSpace !== 'html') {
        if (!token.selfClosing) {
          const html = (inSpace === 'svg' && SVG_HTML_POINTS.has(tag)) || (inSpace === 'math' && MATH_TEXT_POINTS.has(tag));
          spaces.push({ tag, content: tag === 'svg' || tag === 'math' ? tag : html ? 'html' : inSpace });
        }
      } else if (tag === 'svg' || tag === 'math') {
        if (!token.selfClosing) spaces.push({ tag, content: tag });
      } else {
        if (tag === 'template') template += 1;
        else if (tag === 'select') select = true;
        const mode = HTML_TEXT_MODES[tag];
        if (mode !== undefined) tokenizer.state = mode;
      }
      tokenizer.inForeignNode = space() !== 'html';
    },
    onEndTag(token) {
      const tag = token.tagName;
      // An end tag closes the innermost open element of its name, and what is open inside it.
      let open = spaces.length - 1;
      while (open >= 0 && spaces[open]?.tag !== tag) open -= 1;
      if (open >= 0) spaces.length = open;
      else if (tag === 'template' && template > 0) template -= 1;
      else if (tag === 'select') select = false;
      tokenizer.inForeignNode = space() !== 'html';
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
