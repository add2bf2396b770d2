/**
 * Escaping for the few places the layout writes HTML as strings (the document skeleton); the
 * regions are preact components, which escape on their own.
 */

import { escapeHtml } from '../html.js';

export { escapeHtml };

/** ` name="value"` pairs for the defined entries, in the given order (`true`: a bare attribute). */
export function attributes(attrs: Readonly<Record<string, string | boolean | undefined>>): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}
