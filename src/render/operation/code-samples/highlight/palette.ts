import type { ThemeRegistrationResolved } from 'shiki/core';
import { Theme } from 'shiki/textmate';
import type { TokenKind } from './tokenize.js';

/**
 * The colours of the code samples' token classes, light and dark, and the `style` of their `pre`:
 * taken from the site's shiki themes once per build (`samplePalette`), so API code samples follow
 * `styling.codeblocks` as page code blocks do, while the fast tokenizer stays (tokenize.ts).
 */
export interface SamplePalette {
  /** `[light, dark]` colour of each token class. */
  readonly colours: Readonly<Record<TokenKind, readonly [string, string]>>;
  /** The `pre` style, as shiki writes it for a light/dark pair: light inline, dark in `--shiki-dark*`. */
  readonly preStyle: string;
}

/**
 * The TextMate scope each token class stands for: what shiki's grammars give the same text
 * (`keyword.control` for `import`, `support.type.property-name` for a JSON key…). A theme colours
 * the class as it colours that scope.
 */
export const TOKEN_SCOPES: Readonly<Record<TokenKind, string>> = {
  keyword: 'keyword.control',
  string: 'string.quoted.double',
  constant: 'constant.numeric',
  property: 'support.type.property-name.json',
  comment: 'comment.line',
  function: 'entity.name.function',
  variable: 'variable',
  tag: 'entity.name.tag',
  attribute: 'entity.other.attribute-name',
};

/**
 * A colour as it may go into a `style` attribute: hex (3 to 8 digits) or a CSS variable
 * (`css-variables` theme). Bundled themes hold nothing else; anything else falls back.
 */
const SAFE_COLOUR = /^(?:#[\da-f]{3,8}|var\(--[\w-]+\))$/i;

/** The GitHub pair, as shiki writes it: the default (and the tokenizer's colours before themes). */
export const DEFAULT_PALETTE: SamplePalette = {
  colours: {
    keyword: ['#D73A49', '#F97583'],
    string: ['#032F62', '#9ECBFF'],
    constant: ['#005CC5', '#79B8FF'],
    property: ['#005CC5', '#79B8FF'],
    comment: ['#6A737D', '#6A737D'],
    function: ['#6F42C1', '#B392F0'],
    variable: ['#E36209', '#FFAB70'],
    tag: ['#22863A', '#85E89D'],
    attribute: ['#6F42C1', '#B392F0'],
  },
  preStyle: 'background-color:#fff;--shiki-dark-bg:#24292e;color:#24292e;--shiki-dark:#e1e4e8',
};

/** Background, foreground and the colour of each token class in one resolved shiki theme. */
export interface ThemeColours {
  readonly bg: string;
  readonly fg: string;
  readonly tokens: Readonly<Record<TokenKind, string>>;
}

/**
 * The colours of `theme` (a theme as `normalizeTheme` gives it): each token class takes the
 * colour the theme gives its scope (`TOKEN_SCOPES`), matched by shiki's own TextMate theme rules
 * inside a `source` scope; a scope the theme leaves uncoloured takes the foreground. Colours
 * shiki replaced by placeholders (`css-variables`) are given back as written.
 */
export function themeColours(theme: ThemeRegistrationResolved): ThemeColours {
  const replacements = theme.colorReplacements ?? {};
  const real = (c: string | undefined): string | undefined => (c === undefined ? undefined : (replacements[c.toLowerCase()] ?? replacements[c] ?? c));
  const safe = (c: string | undefined, fallback: string): string => {
    const colour = real(c);
    return colour !== undefined && SAFE_COLOUR.test(colour) ? colour : fallback;
  };
  const fg = safe(theme.fg, '#24292e');
  const bg = safe(theme.bg, '#ffffff');
  const matcher = Theme.createFromRawTheme(theme);
  const map = matcher.getColorMap();
  const tokens = Object.fromEntries(
    (Object.keys(TOKEN_SCOPES) as TokenKind[]).map((kind) => {
      // Theme.match reads a scope stack through `scopeName` and `parent` only: the token's scope inside `source`.
      const stack = { parent: { parent: null, scopeName: 'source' }, scopeName: TOKEN_SCOPES[kind] };
      const style = matcher.match(stack as unknown as Parameters<Theme['match']>[0]);
      return [kind, safe(style && style.foregroundId > 0 ? map[style.foregroundId] : undefined, fg)];
    }),
  ) as Record<TokenKind, string>;
  return { bg, fg, tokens };
}

/** The palette of a light and a dark theme's colours (the same object twice for one theme). */
export function samplePalette(light: ThemeColours, dark: ThemeColours): SamplePalette {
  const colours = Object.fromEntries((Object.keys(TOKEN_SCOPES) as TokenKind[]).map((k) => [k, [light.tokens[k], dark.tokens[k]] as const])) as Record<TokenKind, readonly [string, string]>;
  return { colours, preStyle: `background-color:${light.bg};--shiki-dark-bg:${dark.bg};color:${light.fg};--shiki-dark:${dark.fg}` };
}
