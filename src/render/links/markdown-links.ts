import { parse, postprocess, preprocess } from 'micromark';
import { decodeString } from 'micromark-util-decode-string';
import { rootSiteLink, type LinkTargets } from './site-link.js';
import { gfmSyntax } from '../../parse/gfm-syntax.js';

/**
 * The link destinations of a Markdown document, where they stand: micromark's tokens (the
 * CommonMark parser mdast-util-from-markdown runs, with GFM as the Markdown copies are
 * written), so a destination is found only in a real link, image or definition, never in code
 * or text. `start`/`end` are character offsets of the destination as written (inside `<…>` when
 * bracketed, the brackets kept); `url` is its value (escapes and character references decoded).
 */
export function markdownDestinations(markdown: string): { start: number; end: number; url: string }[] {
  const events = postprocess(parse({ extensions: [gfmSyntax()] }).document().write(preprocess()(markdown, undefined, true)));
  const out: { start: number; end: number; url: string }[] = [];
  for (const [kind, token, context] of events) {
    if (kind !== 'exit' || (token.type !== 'resourceDestinationString' && token.type !== 'definitionDestinationString')) continue;
    out.push({ start: token.start.offset, end: token.end.offset, url: decodeString(context.sliceSerialize(token)) });
  }
  return out;
}

/**
 * A URL as a Markdown destination: characters that would end it or read as syntax (whitespace
 * and control characters, `<`, `>`, parentheses) percent-encoded, and `\` and `&` escaped with a
 * backslash so no escape or character reference forms. Route and file paths come encoded
 * already (routeUrlPath); this guards the author's `?query#fragment`.
 */
const destinationText = (url: string): string =>
  url.replace(/[\s\u0000-\u001f\u007f<>]/g, (c) => encodeURIComponent(c)).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29')).replace(/[\\&]/g, '\\$&');

/**
 * The links of a page's Markdown copy, for the files it is written to (see rootSiteLink):
 * `copy`, the page's `.md` file, where page paths that a static host would not serve as written
 * (`/cli/index`, `/a.mdx`) become the page's path (`/cli`); and `full`, its part of
 * llms-full.txt (read from the site root), where relative links become root-absolute too,
 * resolved against the page's URL. The Markdown is parsed once for both. Only destinations
 * change, in place; every other byte stays as written (an unchanged copy is the input itself).
 */
export function rewriteMarkdownLinks(markdown: string, route: string, targets: LinkTargets): { copy: string; full: string } {
  // Quick test: no `](` and no `]:`, no destination.
  if (!/\]\s*[(:]/.test(markdown)) return { copy: markdown, full: markdown };
  const destinations = markdownDestinations(markdown);
  const rewrite = (absolute: boolean): string => {
    let out = '';
    let at = 0;
    for (const d of destinations) {
      const link = rootSiteLink(d.url, route, targets, absolute);
      if (!link) continue;
      out += markdown.slice(at, d.start) + destinationText(link.url);
      at = d.end;
    }
    return out === '' ? markdown : out + markdown.slice(at);
  };
  return { copy: rewrite(false), full: rewrite(true) };
}
