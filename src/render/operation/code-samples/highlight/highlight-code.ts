import { escapeHtml } from '../../../html.js';
import { tokenize, type TokenKind } from './tokenize.js';

/**
 * The colours of GitHub's light and dark themes, as shiki writes them: light inline, dark in
 * `--shiki-dark`, so the site's existing `.shiki` rules switch them with the colour scheme.
 */
const COLOURS: Readonly<Record<TokenKind, readonly [string, string]>> = {
  keyword: ['#D73A49', '#F97583'],
  string: ['#032F62', '#9ECBFF'],
  constant: ['#005CC5', '#79B8FF'],
  comment: ['#6A737D', '#6A737D'],
  function: ['#6F42C1', '#B392F0'],
  variable: ['#E36209', '#FFAB70'],
  tag: ['#22863A', '#85E89D'],
  attribute: ['#6F42C1', '#B392F0'],
};

/** The `style` of the `pre`, as shiki's github-light/github-dark pair writes it. */
export const PRE_STYLE = 'background-color:#fff;--shiki-dark-bg:#24292e;color:#24292e;--shiki-dark:#e1e4e8';

/** Code longer than this (UTF-16 units) is shown without token colours: escaped text only. */
const MAX_HIGHLIGHT = 100_000;

const span = (kind: TokenKind | undefined, text: string): string => {
  if (text === '') return '';
  const escaped = escapeHtml(text);
  if (kind === undefined) return escaped;
  const [light, dark] = COLOURS[kind];
  return `<span style="color:${light};--shiki-dark:${dark}">${escaped}</span>`;
};

/**
 * The inner HTML of `pre > code` for `code`: one `<span class="line">` per line (joined by
 * `\n`), tokens coloured like shiki's output for the MDX pipeline's code blocks. All text is
 * escaped; the language only picks a grammar (`tokenize`).
 */
export function highlightCode(code: string, language: string): string {
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
      line += span(token.kind, part);
    });
  }
  lines.push(line);
  return lines.map((l) => `<span class="line">${l}</span>`).join('\n');
}
