import typography from '@tailwindcss/typography';
import type { Config } from 'tailwindcss';
import type { PluginCreator } from 'tailwindcss/types/config.js';

/**
 * Tailwind CSS v3 configured as Mintlify configures it for MDX pages: Tailwind's default theme,
 * extended with the docs.json colours under Mintlify's names (`primary`, `primary-light`,
 * `primary-dark`, `background-light`, `background-dark`), the typography plugin (`prose`,
 * `prose-gray`, `dark:prose-invert`, `not-prose` are used by real projects), and `dark:` bound to
 * a class. Sheaf's theme script puts that class, `dark`, on `<html>` (client/theme/before-paint.ts,
 * client/theme/start-theme.ts), so `dark:x` is Tailwind's `.dark\:x:is(.dark *)`: one class more
 * specific than `x`, so a dark variant wins over its light twin whatever the rule order, as it does
 * on Mintlify.
 *
 * Sources: Mintlify's docs say "Tailwind CSS v3" and show `dark:` classes on custom layouts
 * (mintlify__docs customize/custom-scripts.mdx, guides/custom-layouts.mdx); its former open-source
 * client (mintlify/mint, client/tailwind.config.cjs) set `darkMode: 'class'`, the five colours
 * above from the config's `colors` (plus `primary-ultralight`/`-ultradark`, which docs.json no
 * longer has) and `@tailwindcss/typography`. Its other extras (fonts, `spacing.18`, `max-w-8xl`)
 * are not documented for authors and are left out. Arbitrary values (`min-w-[4rem]`) are generated
 * although those docs call them unsupported: real pages use them (mintlify__docs' own counter
 * example, mem0's `aspect-[2/1]` cards) and an author who wrote one meant it.
 *
 * No preflight: Sheaf keeps its own base styles. Only the preflight defaults that utilities rely on
 * are added (`preflightDefaults`), and scope-css.ts confines them to page bodies.
 */

/** Colours as read from docs.json: `colors.primary|light|dark` and `background.color.light|dark` (hex). */
export interface TailwindColors {
  readonly primary?: string;
  readonly light?: string;
  readonly dark?: string;
  readonly background?: { readonly light?: string; readonly dark?: string };
}

/**
 * Values used where docs.json gives none: Sheaf's own defaults (layout-config.ts DEFAULT_PRIMARY;
 * `light` and `dark` fall back to `primary` as there; the page backgrounds of light and dark mode
 * from render/styles/base.css), so `bg-background-dark` matches the page it sits on.
 */
export const DEFAULT_COLORS = {
  primary: '#0d9373',
  background: { light: '#ffffff', dark: '#0c0d0f' },
} as const;

/** The class Sheaf puts on `<html>` in dark mode. */
export const DARK_CLASS = 'dark';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Mintlify's theme colour names with their values (a value that is not a hex colour is replaced by the default). */
export function themeColors(colors: TailwindColors): Record<string, string> {
  const primary = hex(colors.primary) ?? DEFAULT_COLORS.primary;
  return {
    primary,
    'primary-light': hex(colors.light) ?? primary,
    'primary-dark': hex(colors.dark) ?? primary,
    'background-light': hex(colors.background?.light) ?? DEFAULT_COLORS.background.light,
    'background-dark': hex(colors.background?.dark) ?? DEFAULT_COLORS.background.dark,
  };
}

/**
 * The configuration for one run: `candidates` are the class names, one per line, read back by an
 * extractor that splits on newlines only, so every candidate is taken whole and nothing else is
 * (Tailwind's default extractor also guesses at fragments of a token).
 */
export function tailwindConfig(candidates: string, colors: TailwindColors): Config {
  return {
    content: {
      files: [{ raw: candidates, extension: 'sheaf-classes' }],
      extract: { 'sheaf-classes': (content: string) => content.split('\n') },
    },
    darkMode: ['class', `.${DARK_CLASS}`],
    corePlugins: { preflight: false },
    theme: { extend: { colors: themeColors(colors) } },
    plugins: [preflightDefaults, typography],
  };
}

/**
 * The part of Tailwind's preflight that utilities cannot do without: `border`, `border-t`,
 * `divide-y` set only a width, and draw because every element already has a solid style, zero
 * width and the theme's default border colour (gray-200); sizes assume `border-box`; `before:` and
 * `after:` set `content: var(--tw-content)`, empty by default. Nothing else of the preflight
 * (margins, headings, lists, images as blocks) is taken: inside a page body Sheaf's own typography
 * stands where Mintlify's `prose` stands.
 */
const preflightDefaults: PluginCreator = ({ addBase, theme }) => {
  addBase({
    '*, ::before, ::after': {
      boxSizing: 'border-box',
      borderWidth: '0',
      borderStyle: 'solid',
      borderColor: theme('borderColor.DEFAULT', 'currentColor'),
    },
    '::before, ::after': { '--tw-content': "''" },
  });
};

function hex(value: string | undefined): string | undefined {
  return value !== undefined && HEX.test(value) ? value : undefined;
}
