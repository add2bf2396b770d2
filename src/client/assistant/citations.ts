/**
 * The answer text with its citations: `[1]` / `[1, 3]` (not a Markdown link's `[1](…)`) link to
 * the cited pages; `**strong**` and `` `code` `` are shown as such; everything else stays text.
 * Model text only ever becomes text nodes.
 *
 * Why not the inline-Markdown syntax of the build (src/render/inline-markdown-syntax.ts): that one
 * reads text an author wrote, where `[text](url)`, `*em*` and `_em_` are meant. This reads what a
 * language model wrote while it streams: citation numbers are its links, and a Markdown link or
 * emphasis from the model is shown as written, never followed (a model can be led by page text
 * to write any URL), nor guessed from stray `*` and `_` in code-like answers. The build's syntax
 * is server-side code, which browser code may not import (.dependency-cruiser.mjs).
 */
import type { SearchHit } from '../../model/assistant.js';
import type { UrlStyle } from '../../model/url-style.js';
import { pageUrl } from '../shared/page-url.js';
import type { Reply } from './ui-message-stream.js';
import { cutAt, trimChars } from '../../text/linear-text.js';

export type Token =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'strong'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'cite'; readonly text: string; readonly numbers: readonly number[] };

const INLINE = /\[(\d+(?:\s*,\s*\d+)*)\](?!\()|\*\*([^*\n]+)\*\*|`([^`\n]+)`/g;

/** The answer text as tokens. */
export function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  INLINE.lastIndex = 0;
  for (let m = INLINE.exec(text); m; m = INLINE.exec(text)) {
    if (m.index > last) out.push({ type: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ type: 'cite', text: m[0], numbers: m[1].split(',').map((s) => parseInt(s, 10)) });
    else if (m[2] !== undefined) out.push({ type: 'strong', text: m[2] });
    else out.push({ type: 'code', text: m[3] as string });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

/**
 * The link of a cited page: a site route (`/quickstart#install`) becomes `base + path/` (plus
 * `index.html` when browsing files), or `base + path.html` in the `html` URL style, and
 * `#anchor`, as search results link; an http(s) URL stays
 * as it is; anything else gets no link (null).
 */
export function hrefOf(url: unknown, base: string, fileProtocol: boolean, style: UrlStyle): string | null {
  if (typeof url !== 'string' || !url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.indexOf('//') === 0) return null;
  const hash = url.indexOf('#');
  const anchor = hash >= 0 ? url.slice(hash + 1) : '';
  const path = trimChars(cutAt(hash >= 0 ? url.slice(0, hash) : url, '?'), '/');
  return pageUrl(base, path, anchor, fileProtocol, style);
}

export interface Citation {
  readonly url: string;
  readonly title: string;
}

/** Citation `n` of a reply: its source part (sourceId n), else search hit n (while the answer streams); null when neither exists. */
export function citationOf(reply: Pick<Reply, 'sources' | 'hits'>, n: number): Citation | null {
  for (const s of reply.sources) {
    if (s.sourceId === String(n)) return { url: s.url, title: typeof s.title === 'string' ? s.title : s.url };
  }
  const hit = reply.hits[n - 1] as Partial<SearchHit> | null | undefined;
  if (hit && typeof hit.path === 'string') {
    const meta: Partial<SearchHit['metadata']> = hit.metadata || {};
    const title = meta.title ? (meta.section ? `${meta.title} › ${meta.section}` : meta.title) : hit.path;
    return { url: hit.path, title: String(title) };
  }
  return null;
}
