import type { Element } from 'hast';
import { escapeAttribute } from 'entities';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
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

/** Quick test before parsing: without one of these names no link attribute can be present. */
const MARKERS = ['href', 'src', 'poster', 'data', 'action'];

/**
 * Rewrites the links of a rendered page body (article or right-hand panel) for the file it is
 * written to: each link attribute (`href`, `src`, `srcset`, `poster`, `xlink:href`, `data`,
 * `action`, `formaction`) resolved by `resolveSiteLink`. It works on the HTML tree (hast, with
 * the position of every attribute): only attributes of elements change; text never does, so a
 * code sample showing `href="/components/columns"` keeps its bytes. Each changed attribute is
 * replaced where it stands in the input and the rest of the HTML is kept byte for byte (no
 * re-serialisation); values are written double-quoted with `&` and `"` escaped.
 *
 * This runs per written file after the render cache, since a page's links depend on the set of
 * routes and files of the whole site, which the cached body must not.
 */
export function rewriteBodyLinks(html: string, place: LinkPlace, targets: LinkTargets): { html: string; broken: BrokenLink[] } {
  const broken: BrokenLink[] = [];
  if (!MARKERS.some((m) => html.includes(m))) return { html, broken };
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
      let next: string | undefined;
      if (property === 'srcSet') {
        // hast splits `srcset` at commas; joined again, it is the value as written (less spaces around commas).
        const written = Array.isArray(value) ? value.join(',') : String(value);
        let changed = false;
        const candidates = parseSrcset(written).map((c) => {
          const link = resolveSiteLink(c.url, place, targets);
          if (!link) return c;
          changed = true;
          if (link.missing !== undefined) broken.push({ attribute, target: c.url, path: link.missing });
          return { ...c, url: link.url };
        });
        if (changed) next = formatSrcset(candidates);
      } else if (typeof value === 'string') {
        const link = resolveSiteLink(value, place, targets);
        if (link) {
          next = link.url;
          if (link.missing !== undefined) broken.push({ attribute, target: value.trim(), path: link.missing });
        }
      }
      if (next === undefined) continue;
      const source = html.slice(start, end);
      const name = source.slice(0, Math.max(source.indexOf('='), 0)).trim() || attribute;
      edits.push({ start, end, text: `${name}="${escapeAttribute(next)}"` });
    }
  });
  if (!edits.length) return { html, broken };
  return { html: applyEdits(html, edits).text, broken };
}
