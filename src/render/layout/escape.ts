/**
 * Escaping for the few places the layout writes HTML as strings (the document skeleton); the
 * regions are preact components, which escape on their own.
 */

const TEXT: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an element body or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => TEXT[c] ?? c);
}

/** ` name="value"` pairs for the defined entries, in the given order (`true`: a bare attribute). */
export function attributes(attrs: Readonly<Record<string, string | boolean | undefined>>): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}
