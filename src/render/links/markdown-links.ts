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

/** A link after a rule: appended to a text, it is read as a link only when the text ends at the top level. */
export const PROBE_URL = 'sheaf-probe:';
export const PROBE = `\n\n---\n\n[probe](${PROBE_URL})\n`;
/** A text without `](` and `]:` has no destination. */
export const LINK_SYNTAX = /\]\s*[(:]/;

/**
 * The URLs of a Markdown text's links, images and definitions, when the text ends at the top
 * level (the probe after it is read as a link): then what a file puts after it reads as on its
 * own. Undefined when it does not end there.
 */
export function endedUrls(text: string): string[] | undefined {
  return endedDestinations(text)?.map((d) => d.url);
}

/** The destinations of a text read with the probe after it, when the probe is read as a link; undefined otherwise. */
function endedDestinations(text: string): ReturnType<typeof markdownDestinations> | undefined {
  const found = markdownDestinations(text + PROBE);
  const last = found.at(-1);
  return last !== undefined && last.url === PROBE_URL && last.start >= text.length ? found.slice(0, -1) : undefined;
}

/**
 * True when `trimmed` is `raw` less only what Markdown reads as white space at its end (spaces,
 * tabs, line endings): JavaScript's `trim` also takes no-break and other Unicode spaces, which
 * Markdown reads as text. Then URLs known of `raw` are those of `trimmed`.
 */
export function trimsOnlyMarkdownSpace(raw: string, trimmed: string): boolean {
  return raw.startsWith(trimmed) && /^[ \t\r\n]*$/.test(raw.slice(trimmed.length));
}

/**
 * Lines that open a block which a later line must close: a code fence or an HTML block of kinds
 * 1 to 5, at the top level (in a list or quote, the container's end closes it).
 */
const OPENERS = /^ {0,3}(?:`{3}|~{3}|<(?:script|pre|style|textarea)(?:\s|>|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)/im;

/** True for a text with no destination that ends at the top level: no link syntax and no line that opens a block. */
export function plainEnds(text: string): boolean {
  return !LINK_SYNTAX.test(text) && !OPENERS.test(text);
}

/** A page's Markdown copy with its links rewritten (`rewriteMarkdownLinks`). */
export interface MarkdownCopy {
  readonly copy: string;
  readonly full: string;
  /**
   * The URLs of the copy's and the full part's links, images and definitions in order, as a
   * Markdown reader finds them (link-check.ts `markdownUrls`), when the text ends at the top
   * level: nothing open (a code block, an HTML block) could swallow what a file puts after it, so
   * the file's URLs are these and those of what follows. Absent otherwise, and for a text without
   * link syntax (not parsed).
   */
  readonly urls?: { readonly copy: readonly string[]; readonly full: readonly string[] };
}

/**
 * The links of a page's Markdown copy, for the files it is written to (see rootSiteLink):
 * `copy`, the page's `.md` file, where page paths that a static host would not serve as written
 * (`/cli/index`, `/a.mdx`) become the page's path (`/cli`); and `full`, its part of
 * llms-full.txt (read from the site root), where relative links become root-absolute too,
 * resolved against the page's URL. The Markdown is parsed once for both, with a probe after it
 * (`PROBE`) that tells whether it ends at the top level. Only destinations change, in place;
 * every other byte stays as written (an unchanged copy is the input itself).
 */
export function rewriteMarkdownLinks(markdown: string, route: string, targets: LinkTargets): MarkdownCopy {
  if (!LINK_SYNTAX.test(markdown)) return { copy: markdown, full: markdown };
  const ended = endedDestinations(markdown);
  // Not ended: the probe may have changed how the end reads; parse the text alone.
  const destinations = ended ?? markdownDestinations(markdown);
  const rewrite = (absolute: boolean): { text: string; urls: string[] } => {
    let out = '';
    let at = 0;
    const urls: string[] = [];
    for (const d of destinations) {
      const link = rootSiteLink(d.url, route, targets, absolute);
      if (!link) {
        urls.push(d.url);
        continue;
      }
      const written = destinationText(link.url);
      urls.push(decodeString(written));
      out += markdown.slice(at, d.start) + written;
      at = d.end;
    }
    return { text: out === '' ? markdown : out + markdown.slice(at), urls };
  };
  const copy = rewrite(false);
  const full = rewrite(true);
  return { copy: copy.text, full: full.text, ...(ended ? { urls: { copy: copy.urls, full: full.urls } } : {}) };
}
