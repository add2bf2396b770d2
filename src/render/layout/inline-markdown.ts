import { escapeHtml } from './escape.js';
import { resolveHref } from './href.js';

/** `[text](url)`, `**strong**`, `*emphasis*` and `` `code` ``: the Markdown a banner may hold. */
const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|`([^`]+)`/g;

/**
 * Renders one line of simple Markdown (docs.json `banner.content`) as escaped HTML. Link targets
 * go through `resolveHref`, so site paths become relative to the page (a `javascript:` target
 * leaves the link without one); anything else is text.
 */
export function renderInlineMarkdown(source: string, base: string): string {
  let out = '';
  let last = 0;
  for (const m of source.matchAll(TOKEN)) {
    out += escapeHtml(source.slice(last, m.index));
    last = m.index + m[0].length;
    const [, linkText, url, strong, em, code] = m;
    if (linkText !== undefined && url !== undefined) {
      const href = resolveHref(base, url);
      out += `<a${href === undefined ? '' : ` href="${escapeHtml(href)}"`}>${renderInlineMarkdown(linkText, base)}</a>`;
    } else if (strong !== undefined) out += `<strong>${renderInlineMarkdown(strong, base)}</strong>`;
    else if (em !== undefined) out += `<em>${renderInlineMarkdown(em, base)}</em>`;
    else out += `<code>${escapeHtml(code ?? '')}</code>`;
  }
  return out + escapeHtml(source.slice(last));
}
