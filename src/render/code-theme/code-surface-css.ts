import type { CodeTheme } from './resolve-code-theme.js';

/**
 * The rules that put code blocks on their theme's background when docs.json chose a theme
 * (`"dark"`, a theme name, or `{ theme }`), as Mintlify shows them: the block, the code group
 * and its tab bar take the theme's background, their header text, borders, tabs and copy button
 * its foreground. Written after Sheaf's own styles in the site stylesheet (and before the
 * project's, which may override them); nothing for the default, so the default look is unchanged.
 * The token colours themselves are inline (shiki's `style`, light, and `--shiki-dark`).
 */
const RULES = `
.code-block,.sheaf-code-group[data-enhanced]{background:var(--sheaf-code-bg);border-color:color-mix(in srgb,var(--sheaf-code-fg) 16%,var(--sheaf-code-bg))}
.code-block .code-header,.sheaf-code-group-bar{border-bottom-color:color-mix(in srgb,var(--sheaf-code-fg) 14%,var(--sheaf-code-bg));color:color-mix(in srgb,var(--sheaf-code-fg) 65%,var(--sheaf-code-bg))}
.sheaf-code-group-bar{background:color-mix(in srgb,var(--sheaf-code-fg) 5%,var(--sheaf-code-bg))}
:is(.code-block .code-header,.sheaf-code-group-bar) :is(.copy-button,.sheaf-tabs-tab){color:color-mix(in srgb,var(--sheaf-code-fg) 65%,var(--sheaf-code-bg))}
:is(.code-block .code-header,.sheaf-code-group-bar) :is(.copy-button,.sheaf-tabs-tab):hover{color:var(--sheaf-code-fg)}
:is(.code-block .code-header,.sheaf-code-group-bar) .copy-button:hover{background:color-mix(in srgb,var(--sheaf-code-fg) 10%,transparent)}
.sheaf-code-group-bar .sheaf-tabs-tab[aria-selected='true']{color:var(--sheaf-code-fg);border-bottom-color:var(--sheaf-code-fg)}
.code-block pre[data-line-numbers] .line::before{color:color-mix(in srgb,var(--sheaf-code-fg) 45%,var(--sheaf-code-bg))}
`;

/**
 * The stylesheet part of a chosen code theme (see `RULES`), or `''` when blocks keep the page's
 * surface. Its colours come from shiki's bundled themes and were checked as hex or CSS
 * variables (palette.ts), so nothing can break out of the stylesheet.
 */
export function codeSurfaceCss(theme: CodeTheme): string {
  const surface = theme.surface;
  if (!surface) return '';
  const vars = (s: { readonly bg: string; readonly fg: string }) => `--sheaf-code-bg:${s.bg};--sheaf-code-fg:${s.fg}`;
  const names = theme.mdx.light === theme.mdx.dark ? theme.mdx.light : `${theme.mdx.light} / ${theme.mdx.dark}`;
  return `/* docs.json styling.codeblocks: ${names} */\n:root{${vars(surface.light)}}\nhtml.dark{${vars(surface.dark)}}${RULES}`;
}
