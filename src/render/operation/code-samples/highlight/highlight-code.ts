import { escapeHtml } from '../../../html.js';
import { DEFAULT_PALETTE, type SamplePalette } from './palette.js';
import { tokenize, type TokenKind } from './tokenize.js';

/** The `style` of the `pre` under the default themes (GitHub's light/dark pair, as shiki writes it). */
export const PRE_STYLE = DEFAULT_PALETTE.preStyle;

/** Code longer than this (UTF-16 units) is shown without token colours: escaped text only. */
const MAX_HIGHLIGHT = 100_000;

const span = (palette: SamplePalette, kind: TokenKind | undefined, text: string): string => {
  if (text === '') return '';
  const escaped = escapeHtml(text);
  if (kind === undefined) return escaped;
  const [light, dark] = palette.colours[kind];
  return `<span style="color:${light};--shiki-dark:${dark}">${escaped}</span>`;
};

/**
 * The inner HTML of `pre > code` for `code`: one `<span class="line">` per line (joined by
 * `\n`), tokens coloured like shiki's output for the MDX pipeline's code blocks: light colour
 * inline, dark in `--shiki-dark`, from `palette` (the site's code themes; GitHub's by default).
 * All text is escaped; the language only picks a grammar (`tokenize`).
 */
export function highlightCode(code: string, language: string, palette: SamplePalette = DEFAULT_PALETTE): string {
  const tokens = code.length > MAX_HIGHLIGHT ? [{ text: code }] : tokenize(code, language);
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const parts = token.text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) {
        lines.push(line);
        line = '';
      }
      line += span(palette, token.kind, part);
    });
  }
  lines.push(line);
  return lines.map((l) => `<span class="line">${l}</span>`).join('\n');
}
