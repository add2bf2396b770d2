import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { codeFingerprint } from '../render/code-fingerprint.js';
import path from 'node:path';
import { Tokenizer, type TokenHandler } from 'parse5';
import postcss from 'postcss';
import { HTML_TEXT_MODES } from '../parse/html-text-modes.js';
import { siteRootPath } from '../render/layout/not-found-redirect.js';
import { parseSrcset } from '../render/links/srcset.js';
import { routeOfUrlPath, routeUrlPath } from '../resolve/route-segments.js';
import { trimChars, trimTrailing } from '../text/linear-text.js';
import type { UrlStyle } from '../model/url-style.js';
import type { Definition, Image, Link } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { visit } from 'unist-util-visit';
import { gfmSyntax } from '../parse/gfm-syntax.js';
import { LINK_SYNTAX, markdownDestinations, PROBE, PROBE_URL } from '../render/links/markdown-links.js';

/**
 * The link checker over a built site: every internal link of the written files resolves to a
 * written file. Read are the HTML files (`href`, `src`, `srcset`, `poster`, `data`, `action`,
 * `formaction`, `xlink:href`, a meta refresh's URL, CSS `url()` in `style` attributes and
 * `<style>` elements), the CSS files (`url()`, `@import`), `sitemap.xml` (`<loc>`), `llms.txt`,
 * `llms-full.txt` and the `.md` copies (Markdown links, images and definitions, read as GFM, as
 * the copies are written) and `_redirects`
 * (destinations). A link resolves as a static host resolves it: relative to the file's own URL
 * (`a/b/index.html` is served as `/a/b/`), `/` and a path ending in `/` to its `index.html`, and
 * a folder path without the slash to `path/index.html` (hosts redirect it to the slash); in a
 * site of the `html` URL style, an extensionless path also to `path.html` (Mintlify's URLs, which
 * `sheaf host` and hosts with its rewrite rule serve so: canonical, sitemap, Markdown links).
 * External URLs (a scheme, `//host`), `#fragment`-only and empty links are not checked; an
 * absolute URL under `siteUrl` is checked as a site path, and so is a root-absolute path under
 * its path (`/docs/a/` for `https://docs.example.com/docs/`: 404.html's links, written from there).
 *
 * Used by `sheaf build` (emit-site.ts: links the build did not report become
 * `build/unresolved-link`) and by the corpus suite.
 */

export interface UnresolvedLink {
  /** The written file holding the link (`a/b/index.html`, `sitemap.xml`). */
  readonly file: string;
  /** The link as written in that file (character references decoded). */
  readonly url: string;
  /** The site path it resolves to, decoded, without the leading slash (`images/x.png`). */
  readonly path: string;
}

export interface LinkCheck {
  /** Internal links read (each occurrence counts). */
  readonly checked: number;
  /** Links whose target is no written file, in file order. */
  readonly unresolved: readonly UnresolvedLink[];
  /** With the `memo` option: the results by file, for the next build. */
  readonly memo?: LinkCheckMemo;
}

export interface LinkCheckOptions {
  /** The site's public URL (`https://docs.example.com/`): absolute links under it are internal. */
  readonly siteUrl?: string;
  /**
   * The URLs of written files already known, exactly as reading the file finds them: Markdown
   * files (`.md` copies, llms-full.txt) from their writer, HTML pages read beside the build
   * (link-reader.ts). Those files are not read again (GitHub's site: 21 MB of Markdown, 1,223 pages).
   */
  readonly known?: ReadonlyMap<string, readonly string[]>;
  /**
   * The check of the last build into the same folder (an incremental build), and the digest of
   * each file's content now: while the site holds the same files, a file whose digest is unchanged
   * has the links and results it had, and is not read again.
   */
  readonly memo?: { readonly previous?: LinkCheckMemo; digestOf(file: string): string | undefined };
  /** The files of the site, when the caller has just listed them (`listFiles`). */
  readonly files?: readonly string[];
  /** How the site's pages are written (UrlStyle); default `directory`. */
  readonly urlStyle?: UrlStyle;
}

/** What the check found in each file, for the next incremental build (LinkCheckOptions `memo`). */
export interface LinkCheckMemo {
  /** Digest of the site's file list and URL: the results hold while it is the same. */
  readonly site: string;
  readonly files: Readonly<Record<string, { readonly digest: string; readonly checked: number; readonly unresolved: readonly UnresolvedLink[] }>>;
}

const ORIGIN = 'https://sheaf.invalid';
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Every file under `dir`, as a `/`-separated path relative to it, sorted. Read synchronously: the
 * recursive asynchronous read waits once per folder (GitHub's site: 100 ms against 17 ms).
 */
export function listFiles(dir: string): string[] {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The site path (decoded, no leading slash) a link of `file` names; undefined for a link that leaves the site. */
export function sitePathOf(url: string, file: string, siteUrl?: string): string | undefined {
  let value = trimChars(url, '\t\n\f\r ');
  const prefix = siteUrl === undefined ? undefined : trimTrailing(siteUrl, '/');
  if (prefix && (value === prefix || value.startsWith(prefix + '/'))) value = value.slice(prefix.length) || '/';
  else {
    const stem = siteRootPath(siteUrl).slice(0, -1);
    const rest = stem ? value.slice(stem.length) : '';
    if (stem && value.startsWith(stem) && /^([/?#]|$)/.test(rest)) value = rest.startsWith('/') ? rest : `/${rest}`;
  }
  if (value === '' || value.startsWith('#') || SCHEME.test(value) || value.startsWith('//')) return undefined;
  const resolved = new URL(value, ORIGIN + routeUrlPath('/' + file));
  if (resolved.origin !== ORIGIN) return undefined;
  return routeOfUrlPath(resolved.pathname).replace(/^\/+/, '');
}

/** True when a host serves a file for the site path (see checkBuiltSite). */
function served(sitePath: string, files: ReadonlySet<string>, style: UrlStyle): boolean {
  if (sitePath === '' || sitePath.endsWith('/')) return files.has(`${sitePath}index.html`);
  return files.has(sitePath) || files.has(`${sitePath}/index.html`) || (style === 'html' && files.has(`${sitePath}.html`));
}

/**
 * The URL of a `<meta http-equiv="refresh" content="5; url='/next'">`: after the delay, a `;` or
 * `,` and an optional `url=`, the rest without its matching quotes. Read step by step (one
 * pattern for it backtracks quadratically on long runs of spaces).
 */
export function refreshUrl(content: string): string {
  let rest = content.trim().replace(/^\d*(?:\.\d*)?/, '');
  rest = rest.trimStart().replace(/^[;,]/, '').trimStart();
  const named = /^url\s*=/i.exec(rest);
  if (named) rest = rest.slice(named[0].length).trimStart();
  const quote = rest.charAt(0);
  return (quote === '"' || quote === "'") && rest.length > 1 && rest.endsWith(quote) ? rest.slice(1, -1) : rest;
}

/** The URLs of `url(…)` and `@import` in CSS text (postcss reads comments and strings). */
export function cssUrls(css: string): string[] {
  const out: string[] = [];
  let root: postcss.Root;
  try {
    root = postcss.parse(css);
  } catch {
    return out;
  }
  const collect = (value: string, first = false) => {
    for (const match of value.matchAll(/url\(\s*(?:(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)'"\s]+))\s*)?\)/gi)) {
      const url = match[1] ?? match[2] ?? match[3] ?? '';
      if (url) out.push(url.replace(/\\(.)/g, '$1'));
      if (first) return;
    }
  };
  // A font face's `src` is a list of fallbacks: a browser loads the first format it supports
  // and never asks for the others (KaTeX lists woff2, woff, ttf; Sheaf ships the woff2 files,
  // which every browser it supports reads), so only the first URL is a link.
  const fontSource = (decl: postcss.Declaration) => decl.prop.toLowerCase() === 'src' && decl.parent?.type === 'atrule' && (decl.parent as postcss.AtRule).name.toLowerCase() === 'font-face';
  root.walkDecls((decl) => collect(decl.value, fontSource(decl)));
  root.walkAtRules('import', (rule) => {
    const quoted = /^\s*(?:"([^"]*)"|'([^']*)')/.exec(rule.params);
    if (quoted) out.push(quoted[1] ?? quoted[2] ?? '');
    else collect(rule.params);
  });
  return out;
}

/** Attributes holding one URL, by lower-case attribute name. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'data', 'action', 'formaction', 'xlink:href']);

/**
 * The links of an HTML (or XML: `<loc>` text with `loc`) document, read with parse5's
 * tokenizer (the HTML standard's; no tree is built, which keeps the check fast on large sites).
 */
export function htmlUrls(html: string, textOf: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  let text: { tag: string; parts: string[] } | undefined;
  const characters = (token: { chars: string }) => text?.parts.push(token.chars);
  const handler: TokenHandler = {
    onStartTag(token) {
      const attrs = new Map(token.attrs.map((a) => [(a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase(), a.value]));
      for (const [name, value] of attrs) {
        if (URL_ATTRIBUTES.has(name)) out.push(value);
        else if (name === 'srcset') out.push(...parseSrcset(value).map((c) => c.url));
        // Without `(` or `@` a declaration list holds no url() and no @import (the common `style`: not parsed).
        else if (name === 'style' && /[(@]/.test(value)) out.push(...cssUrls(`a{${value}}`));
      }
      if (token.tagName === 'meta' && attrs.get('http-equiv')?.toLowerCase() === 'refresh') {
        const url = refreshUrl(attrs.get('content') ?? '');
        if (url) out.push(url);
      }
      const mode = HTML_TEXT_MODES[token.tagName];
      if (mode !== undefined && !token.selfClosing) tokenizer.state = mode;
      if (token.tagName === 'style' || textOf.has(token.tagName)) text = { tag: token.tagName, parts: [] };
    },
    onEndTag(token) {
      if (!text || token.tagName !== text.tag) return;
      const value = text.parts.join('');
      if (text.tag === 'style') out.push(...cssUrls(value));
      else out.push(value.trim());
      text = undefined;
    },
    onCharacter: characters,
    onWhitespaceCharacter: characters,
    onNullCharacter() {},
    onComment() {},
    onDoctype() {},
    onEof() {},
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: false }, handler);
  tokenizer.write(html, true);
  return out;
}

/**
 * The URLs of Markdown links, images and link definitions (GFM: a footnote is no definition) that
 * may name a file of the site: read from micromark's tokens without building a syntax tree
 * (markdownDestinations). An mdast tree's `link` nodes also hold autolinks (`<https://…>`, `www.…`,
 * e-mail), whose URLs always have a scheme: they name the site only under its `siteUrl`, so a text
 * holding the site's address is read as a tree (`markdownTreeUrls`), autolinks included.
 */
export function markdownUrls(markdown: string, siteUrl?: string): string[] {
  if (mayNameSiteUrl(markdown, siteUrl)) return markdownTreeUrls(markdown);
  if (!LINK_SYNTAX.test(markdown)) return [];
  return markdownDestinations(markdown).map((d) => d.url);
}

/** The URLs of every link, image and definition of an mdast tree of the text, autolinks included. */
export function markdownTreeUrls(markdown: string): string[] {
  const out: string[] = [];
  visit(fromMarkdown(markdown, { extensions: [gfmSyntax()], mdastExtensions: [gfmFromMarkdown()] }), (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') out.push((node as Link | Image | Definition).url);
  });
  return out;
}

/** True when the text holds the host of `siteUrl` (as written there): an autolink in it may name the site. */
export function mayNameSiteUrl(text: string, siteUrl: string | undefined): boolean {
  const host = siteUrl?.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').split(/[/?#]/)[0];
  return host !== undefined && host !== '' && text.includes(host);
}

/** The destinations of `_redirects` rules (`source destination status`). */
function redirectUrls(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[1] ?? '')
    // A destination with a placeholder (`*`, `:splat`, `:name`) names many paths, none to check.
    .filter((d) => d !== '' && !d.includes('*') && !/(^|\/):\w/.test(d));
}

/**
 * Where llms-full.txt seems to go from one page's copy to the next (`renderLlmsFull`: a rule,
 * then a comment naming the page).
 */
export const LLMS_FULL_SEPARATOR = /\n\n---\n\n(?=<!-- \/)/;

/**
 * The links of llms-full.txt, read copy by copy, as a whole read finds them. The Markdown
 * parser's time grows faster than the text (dify's 7.2 MB file: 186 s whole, 18 s copy by copy,
 * 7 s for its first 1 MB, on the shared loaded machine). A separator may also stand inside a
 * copy's code sample or raw HTML block: each part is read with a probe link after a rule, and
 * only when the probe is read as a link does the part end at the top level (a rule at the start
 * of a line, after a blank line, ends every paragraph, list and quote); otherwise the next part
 * is joined to it. A link reference is read at its definition, as in a whole read.
 */
function readLlmsFullUrls(text: string, siteUrl: string | undefined): string[] {
  const parts = text.split(LLMS_FULL_SEPARATOR);
  const out: string[] = [];
  let part = parts[0] ?? '';
  for (const next of parts.slice(1)) {
    const urls = markdownUrls(part + PROBE, siteUrl);
    if (urls.at(-1) === PROBE_URL) {
      out.push(...urls.slice(0, -1));
      part = next;
    } else part += `\n\n---\n\n${next}`;
  }
  return [...out, ...markdownUrls(part, siteUrl)];
}

function urlsOf(file: string, text: string, siteUrl: string | undefined): string[] {
  if (file === '_redirects') return redirectUrls(text);
  if (file === 'sitemap.xml') return htmlUrls(text, new Set(['loc']));
  if (file === 'llms-full.txt') return readLlmsFullUrls(text, siteUrl);
  if (file === 'llms.txt' || file.endsWith('.md')) return markdownUrls(text, siteUrl);
  if (file.endsWith('.html')) return htmlUrls(text);
  if (file.endsWith('.css')) return cssUrls(text);
  return [];
}

/** Checks every internal link of the site written in `outDir` (see the module comment). */
export async function checkBuiltSite(outDir: string, options: LinkCheckOptions = {}): Promise<LinkCheck> {
  const list = options.files ? [...options.files].sort() : listFiles(outDir);
  const files = new Set(list);
  const unresolved: UnresolvedLink[] = [];
  let checked = 0;
  const memo = options.memo;
  // The checker itself (Sheaf's code) is part of what the results depend on.
  const style = options.urlStyle ?? 'directory';
  const site = memo ? createHash('sha256').update(`${codeFingerprint()}\n${options.siteUrl ?? ''}\n${style}\n${list.join('\n')}`).digest('hex') : '';
  const last = memo?.previous?.site === site ? memo.previous.files : undefined;
  const results: Record<string, LinkCheckMemo['files'][string]> = {};
  for (const file of list) {
    if (!/(\.html|\.css|\.md)$|^(_redirects|sitemap\.xml|llms\.txt|llms-full\.txt)$/.test(file)) continue;
    const digest = memo?.digestOf(file);
    const before = digest !== undefined ? last?.[file] : undefined;
    if (before && before.digest === digest) {
      checked += before.checked;
      unresolved.push(...before.unresolved);
      results[file] = before;
      continue;
    }
    const urls = options.known?.get(file) ?? urlsOf(file, await readFile(path.join(outDir, file), 'utf8'), options.siteUrl);
    // A redirect destination and a sitemap entry are site paths from the root, whatever the file.
    const from = file === '_redirects' ? 'index.html' : file;
    const found: UnresolvedLink[] = [];
    let count = 0;
    for (const url of urls) {
      const sitePath = sitePathOf(url, from, options.siteUrl);
      if (sitePath === undefined) continue;
      count += 1;
      if (!served(sitePath, files, style)) found.push({ file, url, path: sitePath });
    }
    checked += count;
    unresolved.push(...found);
    if (digest !== undefined) results[file] = { digest, checked: count, unresolved: found };
  }
  return { checked, unresolved, ...(memo ? { memo: { site, files: results } } : {}) };
}
