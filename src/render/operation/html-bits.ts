import { escapeHtml } from '../html.js';

/** A heading with an id and the quiet `#` anchor the MDX renderer gives headings. */
export function heading(level: number, id: string, html: string): string {
  // The quiet anchor is styled for h2–h4 only (base.css); deeper headings (inside callbacks) go without.
  const anchor = level <= 4 ? `<a class="heading-anchor" href="#${escapeHtml(id)}" aria-label="Link to this section">#</a>` : '';
  return `<h${level} id="${escapeHtml(id)}">${html}${anchor}</h${level}>`;
}

/** The URL when it is absolute http(s), the only links made from document values; else `undefined`. */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\/[^\s]+$/i.test(url.trim()) ? url.trim() : undefined;
}

/** A document URL as a link when it is safe (see `safeHref`), else as code. */
export function urlHtml(url: string): string {
  const href = safeHref(url);
  return href !== undefined ? `<a href="${escapeHtml(href)}">${escapeHtml(url)}</a>` : `<code>${escapeHtml(url)}</code>`;
}

/** A path or URL template with each `{name}` marked as `.sheaf-op-path-param`. */
export function templateHtml(template: string): string {
  return template
    .split(/(\{[^{}]*\})/)
    .map((part, i) => (i % 2 === 1 ? `<span class="sheaf-op-path-param">${escapeHtml(part)}</span>` : escapeHtml(part)))
    .join('');
}

/** The method badge: the sidebar's `.sheaf-method` pill, larger. */
export function methodBadge(method: string): string {
  const lower = method.toLowerCase().replace(/[^a-z]/g, '');
  return `<span class="sheaf-method sheaf-method-${lower} sheaf-op-method">${escapeHtml(method.toUpperCase())}</span>`;
}
