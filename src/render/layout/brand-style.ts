import { fileHref, isExternal } from './href.js';
import type { FontFace, LayoutConfig } from './layout-config.js';
import type { BuildFeatures } from '../../model/build-features.js';
import { themeStyle } from '../theme/theme-style.js';
import { THEME_SPECS } from '../theme/theme-specs.js';

/**
 * The site's own CSS variables, inlined in `<head>`: docs.json's theme (`themeStyle`: what differs
 * from mint), then its colours and fonts, which win over the theme's at equal specificity. The neutral
 * palette (`--sheaf-bg`, `--sheaf-fg`, …) lives in base.css; `background.color` overrides
 * `--sheaf-bg`. Variables:
 *
 * - `--sheaf-primary`, `--sheaf-primary-light`, `--sheaf-primary-dark`: docs.json `colors`.
 * - `--sheaf-accent`: the primary colour as text on the page background of the current mode
 *   (`primary` in light mode, `light` in dark mode, each adjusted when too pale/too dark to read).
 * - `--sheaf-on-primary`: text colour on a `--sheaf-primary-dark` button.
 * - `--sheaf-font-body`, `--sheaf-font-heading`: docs.json `fonts` families.
 * - `--sheaf-font-weight-body`, `--sheaf-font-weight-heading` (only with `fonts.weight`).
 * - `--sheaf-banner-bg`, `--sheaf-banner-fg` (only with docs.json `banner.color`): the banner's
 *   background per mode and its text colour, white as on Mintlify ("Banner text is white, so
 *   choose a background that remains legible", organize/settings-reference.mdx; layout.css
 *   `.sheaf-banner-custom`).
 *
 * Colours were validated as hex; font names and URLs are sanitised, so nothing can close the
 * `<style>` element.
 */
export function brandStyle(config: LayoutConfig, base: string, features: BuildFeatures): string {
  const { primary, light, dark } = config.colors;
  const lightAccent = luminance(primary) > 0.45 ? `color-mix(in srgb, ${primary} 62%, #000)` : primary;
  const darkAccent = luminance(light) < 0.08 ? `color-mix(in srgb, ${light} 55%, #fff)` : light;
  const onPrimary = luminance(dark) > 0.45 ? '#0b0d0e' : '#ffffff';
  const root = [
    `--sheaf-primary:${primary}`,
    `--sheaf-primary-light:${light}`,
    `--sheaf-primary-dark:${dark}`,
    `--sheaf-accent:${lightAccent}`,
    `--sheaf-on-primary:${onPrimary}`,
  ];
  const darkVars = [`--sheaf-accent:${darkAccent}`];
  if (config.background?.light) root.push(`--sheaf-bg:${config.background.light}`);
  if (config.background?.dark) darkVars.push(`--sheaf-bg:${config.background.dark}`);
  const bannerColor = config.banner?.color;
  if (bannerColor) {
    root.push(`--sheaf-banner-bg:${bannerColor.light}`, '--sheaf-banner-fg:#ffffff');
    darkVars.push(`--sheaf-banner-bg:${bannerColor.dark}`, '--sheaf-banner-fg:#ffffff');
  }
  // `@import` rules (Google Fonts) must come first in a stylesheet, before `@font-face` and the variables.
  const imports: string[] = [];
  const faces: string[] = [];
  for (const [role, font] of [['body', config.fonts.body], ['heading', config.fonts.heading]] as const) {
    if (!font) continue;
    const family = font.family.replace(/["'\\;{}<>]/g, '').trim();
    if (!family) continue;
    root.push(`--sheaf-font-${role}:"${family}",var(--sheaf-font-system)`);
    if (font.weight !== undefined) root.push(`--sheaf-font-weight-${role}:${Math.round(font.weight)}`);
    if (font.source) addOnce(faces, fontFace(family, font, base, features));
    else if (features.network) addOnce(imports, googleFont(family, font.weight));
  }
  const theme = themeStyle(THEME_SPECS[config.theme]);
  return [...imports, ...faces, ...(theme ? [theme] : []), `:root{${root.join(';')}}`, `html.dark{${darkVars.join(';')}}`].join('\n');
}

/** Appends `rule` unless it is undefined or already there (body and headings in one font: one rule). */
function addOnce(list: string[], rule: string | undefined): void {
  if (rule !== undefined && !list.includes(rule)) list.push(rule);
}

/**
 * The Google Fonts stylesheet of a docs.json font without a `source`: Mintlify loads any such
 * family from Google Fonts (organize/settings-reference.mdx, editor/configurations.mdx), in
 * `weight` when given, else in the weights the layout uses (400 to 700). Only with the network.
 */
export function googleFont(family: string, weight: number | undefined): string {
  const weights = weight === undefined ? '400;500;600;700' : String(Math.round(weight));
  return `@import url("https://fonts.googleapis.com/css2?family=${encodeURIComponent(family).replace(/%20/g, '+')}:wght@${weights}&display=swap");`;
}

/** The `@font-face` rule of a docs.json font with a `source`; none for a remote one without the network. */
function fontFace(family: string, font: FontFace, base: string, features: BuildFeatures): string | undefined {
  if (!font.source) return undefined;
  if (isExternal(font.source) && !features.network) return undefined;
  const url = (isExternal(font.source) ? font.source : fileHref(base, font.source)).replace(/["\\<>\s]/g, encodeURIComponent);
  const format = font.format ?? (/\.woff2(?:[?#]|$)/i.test(font.source) ? 'woff2' : /\.woff(?:[?#]|$)/i.test(font.source) ? 'woff' : undefined);
  const weight = font.weight === undefined ? '' : `font-weight:${Math.round(font.weight)};`;
  return `@font-face{font-family:"${family}";src:url("${url}")${format ? ` format("${format}")` : ''};${weight}font-display:swap}`;
}

/** WCAG relative luminance of a `#rgb`/`#rrggbb` colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const channel = (i: number): number => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}
