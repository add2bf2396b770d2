import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { applyEdits, type TextEdit } from '../parse/text-edits.js';
import { parseSrcset } from '../render/links/srcset.js';

/**
 * Attributes the browser fetches on its own, by element (lower-case tag name; `*`: any
 * element), as hast property names: `srcSet` is `srcset`, `xLinkHref` SVG's `xlink:href`.
 */
const FETCHED: Readonly<Record<string, readonly string[]>> = {
  '*': ['src', 'srcSet', 'poster'],
  object: ['data'],
  link: ['href'],
  // SVG loads what these name, as `<img>` does.
  image: ['href', 'xLinkHref'],
  feimage: ['href', 'xLinkHref'],
  use: ['href', 'xLinkHref'],
};

/** The HTML attribute of a hast property of FETCHED. */
const ATTRIBUTE: Readonly<Record<string, string>> = { src: 'src', srcSet: 'srcset', poster: 'poster', data: 'data', href: 'href', xLinkHref: 'xlink:href' };

/** An attribute name where it starts (sticky: matches only at `lastIndex`). */
const NAME = /[^\s=/>]+/y;

/** `https://…`, `http://…`, `//host/…` and other absolute URLs that are not `data:` or `blob:`. */
const isRemote = (value: string): boolean => {
  const v = value.trim();
  return /^\/\//.test(v) || (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^(data|blob):/i.test(v));
};

/** The remote URLs of one attribute value (a `srcset` holds several, read as the HTML standard reads it). */
function remoteIn(property: string, value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(property === 'srcSet' ? ',' : ' ') : typeof value === 'string' ? value : '';
  if (property === 'srcSet') return parseSrcset(text).map((c) => c.url).filter(isRemote);
  return isRemote(text) ? [text.trim()] : [];
}

/** Every element of the tree, the content of `<template>` elements included, in document order. */
function eachElement(node: Root | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    if (child.tagName === 'template' && child.content) eachElement(child.content, visit);
    eachElement(child, visit);
  }
}

/**
 * HTML in which no element loads anything from the network, for air-gapped builds: an attribute
 * the browser would fetch from an absolute URL (`<img src="https://…">`, `srcset`, `poster`,
 * `<iframe src>`, `<link href>`, `<object data>`, SVG `<image href>`) is renamed
 * `data-sheaf-offline-<name>`, so the URL stays readable in the source but is never requested.
 * Returns the URLs it kept back. Links (`<a href>`) are not requests and stay.
 *
 * It reads the HTML as a browser does (hast, from parse5, with the position of every
 * attribute; `<noscript>` content is read as elements, as a browser without scripts reads it):
 * text never changes, so a code sample or a script showing `<img src="https://…">` keeps its
 * bytes. Each renamed attribute is edited where it stands and the rest of the HTML is kept
 * byte for byte (no re-serialisation), as rewriteBodyLinks does.
 */
export function withoutRemoteResources(html: string): { html: string; removed: string[] } {
  const removed: string[] = [];
  if (!/src|poster|data|href/i.test(html)) return { html, removed };
  const tree = fromHtml(html, { fragment: true, verbose: true });
  const edits: TextEdit[] = [];
  eachElement(tree, (node) => {
    const positions = node.data?.position?.properties;
    if (!positions) return;
    const fetched = [...(FETCHED['*'] ?? []), ...(FETCHED[node.tagName.toLowerCase()] ?? [])];
    for (const [property, value] of Object.entries(node.properties)) {
      const attribute = ATTRIBUTE[property];
      const start = positions[property]?.start.offset;
      if (!attribute || !fetched.includes(property) || start === undefined) continue;
      const remote = remoteIn(property, value);
      if (!remote.length) continue;
      removed.push(...remote);
      // The name as written (any letter case) ends at `=`, whitespace or the attribute's end.
      NAME.lastIndex = start;
      const name = NAME.exec(html)?.[0] ?? attribute;
      edits.push({ start, end: start + name.length, text: `data-sheaf-offline-${attribute.replace(':', '-')}` });
    }
  });
  if (!edits.length) return { html, removed };
  return { html: applyEdits(html, edits).text, removed };
}
