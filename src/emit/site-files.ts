import type { SitePage } from '../model/site.js';
import type { UrlStyle } from '../model/url-style.js';
import { publicRoutePath } from '../render/layout/href.js';
import { endedUrls, plainEnds, trimsOnlyMarkdownSpace } from '../render/links/markdown-links.js';
import { LLMS_FULL_SEPARATOR, markdownUrls, mayNameSiteUrl } from './link-check.js';
import { isScriptUrl } from '../render/script-url.js';
import { encodeRouteSegment, routeOfUrlPath, routeUrlPath } from '../resolve/route-segments.js';
import { trimTrailing } from '../text/linear-text.js';

const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Pages that search engines and agents should see: those not in `noindex` (see `noindexRoutes`:
 * hidden pages are in it unless docs.json `seo.indexing` is `all`).
 */
export function indexablePages(pages: readonly SitePage[], noindex: ReadonlySet<string>): SitePage[] {
  return pages.filter((p) => !noindex.has(p.route));
}

/**
 * sitemap.xml. A sitemap needs absolute URLs: with `siteUrl` (e.g. `https://docs.example.com/`)
 * they are absolute; without one, the paths are written root-relative and the caller warns.
 * Each page's public URL in the site's style (`publicRoutePath`: `/a/b/`, or `/a/b` for `html`).
 */
export function renderSitemap(pages: readonly SitePage[], siteUrl: string | undefined, style: UrlStyle): string {
  const prefix = siteUrl ? trimTrailing(siteUrl, '/') : '';
  const urls = pages.map((p) => `  <url><loc>${xmlEscape(`${prefix}/${publicRoutePath(p.route, style)}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function renderRobots(siteUrl: string | undefined): string {
  return ['User-agent: *', 'Allow: /', ...(siteUrl ? [`Sitemap: ${trimTrailing(siteUrl, '/')}/sitemap.xml`] : []), ''].join('\n');
}

/** Heading of the llms.txt section of hidden pages (listed with `seo.indexing: "all"`). */
export const OTHER_PAGES = 'Other pages';

/**
 * llms.txt (https://llmstxt.org): the site name, its description, then one link per page to its
 * Markdown copy (URL-encoded), grouped by the first navigation group of the page. Hidden pages
 * (listed only with `seo.indexing: "all"`) come last, by route, as Mintlify lists "pages that
 * aren't in your navigation" (ai/llmstxt.mdx). docs.json `markdown.instructions` (`instructions`,
 * the `Agent Instructions` block) is appended, as Mintlify documents (settings-reference.mdx).
 * Names, titles and descriptions are Markdown text (`markdownText`), never markup.
 */
export function renderLlmsTxt(
  name: string,
  description: string | undefined,
  pages: readonly SitePage[],
  groupOf: (route: string) => string,
  instructions?: string,
): string {
  const line = (p: SitePage) => {
    const md = p.route === '/' ? 'index.md' : `${routeUrlPath(p.route).slice(1)}.md`;
    return `- [${markdownText(p.title)}](${md})${p.description ? `: ${markdownText(p.description)}` : ''}`;
  };
  const groups = new Map<string, string[]>();
  for (const p of pages.filter((page) => !page.hidden)) {
    const g = groupOf(p.route) || 'Pages';
    groups.set(g, [...(groups.get(g) ?? []), line(p)]);
  }
  const hidden = pages.filter((p) => p.hidden).sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const sections = [...groups, ...(hidden.length ? ([[OTHER_PAGES, hidden.map(line)]] as const) : [])].map(([g, lines]) => `## ${markdownText(g)}\n\n${lines.join('\n')}`);
  const head = [`# ${markdownText(name)}`, ...(description ? [`> ${markdownText(description)}`] : [])];
  return [...head, ...sections, ...(instructions ? [instructions] : [])].join('\n\n') + '\n';
}

/**
 * Text for a Markdown line: whitespace collapsed, and the characters that would start markup
 * (`<` of raw HTML, `[`/`]` of a link, `&` of an entity, `*`, `_`, `` ` ``) escaped with a
 * backslash, so a title like `<script>` stays text wherever the file is rendered.
 */
function markdownText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>&]/g, '\\$&');
}

/**
 * llms-full.txt: the site name, then every page's Markdown copy, in order, separated by rules, each
 * after a comment naming its URL path (encoded, so `-->` in a route cannot end the comment), then
 * docs.json `markdown.instructions` once (the `Agent Instructions` block, `instructions`),
 * appended as Mintlify documents.
 */
export function renderLlmsFull(name: string, copies: readonly { route: string; markdown: string }[], instructions?: string): string {
  const pages = [`# ${name}`, ...copies.map((c) => `<!-- ${routeUrlPath(c.route)} -->\n${c.markdown.trim()}`)].join('\n\n---\n\n');
  return instructions ? `${pages}\n\n${instructions}\n` : `${pages}\n`;
}

/**
 * The URLs the link check finds reading `renderLlmsFull`'s text (link-check.ts reads it part by
 * part: the title, each page's copy, the last copy with the instructions), from what is known of
 * its parts: a copy's own URLs (`MarkdownCopy.urls`) when it ends at the top level and its
 * trimming removes only what Markdown reads as white space, else the copy read alone with the
 * probe. Undefined (read the file) when a part does not end at the top level, holds the reader's
 * separator, or holds the site's address (an autolink may name the site: `mayNameSiteUrl`).
 */
export function llmsFullUrls(
  name: string,
  copies: readonly { route: string; markdown: string; urls?: readonly string[] }[],
  instructions?: string,
  siteUrl?: string,
): string[] | undefined {
  const parts = [`# ${name}`, ...copies.map((c) => c.markdown.trim())];
  const out: string[] = [];
  for (const [i, text] of parts.entries()) {
    if (!partReadAlone(text, siteUrl)) return undefined;
    const copy = copies[i - 1];
    if (i === parts.length - 1 && instructions) {
      // The reader's last part: the last one with the instructions after it, read together.
      if (mayNameSiteUrl(instructions, siteUrl)) return undefined;
      const comment = copy ? `<!-- ${routeUrlPath(copy.route)} -->\n` : '';
      out.push(...markdownUrls(`${comment}${text}\n\n${instructions}\n`));
      return out;
    }
    const known = copy?.urls !== undefined && trimsOnlyMarkdownSpace(copy.markdown, text) ? copy.urls : undefined;
    const urls = known ?? llmsPartUrls(text);
    if (!urls) return undefined;
    out.push(...urls);
  }
  return out;
}

/**
 * The URLs of one page's part of llms-full.txt (its copy, trimmed), read on its own: none for a
 * text that plainly ends at the top level, else those found with the probe after it; undefined
 * when it does not end at the top level. The build keeps them per page for its next build.
 */
export function llmsPartUrls(markdown: string): readonly string[] | undefined {
  const text = markdown.trim();
  return plainEnds(text) ? [] : endedUrls(text);
}

/** True when a part of llms-full.txt is read on its own: no separator inside it, no site address. */
function partReadAlone(text: string, siteUrl: string | undefined): boolean {
  return !LLMS_FULL_SEPARATOR.test(text) && !mayNameSiteUrl(text, siteUrl);
}

export interface Redirect {
  readonly source: string;
  readonly destination: string;
  readonly permanent?: boolean;
}

/** A `_redirects` placeholder segment: `*`, `:name` or `:name*`. */
const PLACEHOLDER = /^(\*|:\w+\*?)$/;

/**
 * A site path of a redirect as a host compares it with the (percent-encoded) request path: each
 * segment decoded, then encoded (`/old page` and `/old%20page` both give `/old%20page`),
 * placeholders kept. The query and fragment of a destination keep their text, whitespace and
 * control characters encoded, so no value can split the rule's line.
 */
function redirectPath(value: string): string {
  const cut = value.search(/[?#]/);
  const path = cut < 0 ? value : value.slice(0, cut);
  const rest = cut < 0 ? '' : value.slice(cut);
  const encoded = path
    .split('/')
    .map((segment) => (PLACEHOLDER.test(segment) ? segment : encodeRouteSegment(routeOfUrlPath(segment))))
    .join('/');
  return encoded + encodeBlanks(rest);
}

/** Whitespace and control characters percent-encoded (an absolute URL keeps everything else). */
const encodeBlanks = (text: string): string => text.replace(/[\s\u0000-\u001f\u007f]/g, (c) => encodeURIComponent(c));

/**
 * Netlify/Cloudflare-style `_redirects`: `source destination 308|307`, one rule a line, wildcards
 * as written (`:name*` becomes `*` and `:splat`). Site paths are percent-encoded
 * (`redirectPath`), absolute URLs written as given with their whitespace encoded; a redirect to
 * a `javascript:` URL is left out.
 */
export function renderRedirectsFile(redirects: readonly Redirect[]): string {
  const destination = (d: string) => (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(d.trim()) ? encodeBlanks(d.trim()) : redirectPath(d.trim()));
  const line = (r: Redirect) =>
    `${redirectPath(r.source.trim().replace(/:(\w+)\*/g, '*'))} ${destination(r.destination.replace(/:(\w+)\*/g, ':splat'))} ${r.permanent === false ? 307 : 308}`;
  // A `javascript:` destination is never a rule (its redirect page links nowhere; see siteExtras).
  const rules = redirects.filter((r) => !isScriptUrl(r.destination));
  return rules.map(line).join('\n') + (rules.length ? '\n' : '');
}
