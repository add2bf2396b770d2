import type { DocsConfig } from '../../config/loaded-config.js';
import { readLayoutConfig } from '../layout/layout-config.js';
import type { CardPalette } from './social-image-task.js';

/**
 * What a project asked of its social preview images. Mintlify draws one for every page; Sheaf
 * draws them only for a project that asks (issue 17's amendment), so a project that does not
 * pays nothing for them. A project asks by either of:
 *
 * - `thumbnails` in docs.json (any value: `{}` too), Mintlify's settings of those images;
 * - `seo.metatags` describing the image Mintlify would draw, without giving one:
 *   `twitter:card: summary_large_image`, or an `og:image:width`/`og:image:height`/
 *   `twitter:image:width`/`twitter:image:height` size.
 *
 * An `og:image` in `seo.metatags` replaces every generated image (Mintlify: "Setting og:image in
 * meta tags … replaces the auto-generated social preview with a static image"): none is drawn.
 * A page's own `og:image` (frontmatter) replaces its own (see `pageHasOwnImage`).
 */
export interface SocialImageSettings {
  /** What asked, for messages: `thumbnails`, or the meta tag (`seo.metatags.twitter:card`). */
  readonly askedBy: string;
  readonly palette: CardPalette;
  /** `thumbnails.background` as written (a project path or a URL). */
  readonly background?: string;
  /** `thumbnails.fonts.family`. */
  readonly family?: string;
  /** The logo of the card's appearance (`logo.light` or `logo.dark`), as written. */
  readonly logo?: string;
  /** The site name, drawn where there is no logo. */
  readonly siteName: string;
}

const SIZE_TAGS = ['og:image:width', 'og:image:height', 'twitter:image:width', 'twitter:image:height'];

/** What the project asked for, or `undefined` when it asked for no generated image. */
export function readSocialImageSettings(config: DocsConfig): SocialImageSettings | undefined {
  const metatags = config.seo?.metatags ?? {};
  if (metatags['og:image']?.trim()) return undefined;
  const askedBy =
    config.thumbnails !== undefined
      ? 'thumbnails'
      : metatags['twitter:card']?.trim() === 'summary_large_image'
        ? 'seo.metatags.twitter:card'
        : sizeTag(metatags);
  if (askedBy === undefined) return undefined;
  const layout = readLayoutConfig(config);
  const thumbnails = config.thumbnails ?? {};
  // Mintlify: "If not set, thumbnails use your site's color scheme": the site's default mode
  // when it names one; `system` (the default) has no mode of its own and reads as dark, as
  // Mintlify's own cards are (its docs set no appearance and draw on a dark background image).
  const appearance = thumbnails.appearance ?? (layout.appearance.default === 'light' ? 'light' : 'dark');
  const { primary, light } = layout.colors;
  const palette: CardPalette =
    appearance === 'dark'
      ? { appearance, background: longHex(layout.background?.dark ?? '#0c0d0f'), heading: '#f4f4f5', muted: '#9097a3', accent: longHex(light) }
      : { appearance, background: longHex(layout.background?.light ?? '#ffffff'), heading: '#09090b', muted: '#52525b', accent: longHex(primary) };
  const background = thumbnails.background?.trim();
  const family = thumbnails.fonts?.family.trim();
  const logo = layout.logo?.[appearance];
  return {
    askedBy,
    palette,
    ...(background ? { background } : {}),
    ...(family ? { family } : {}),
    ...(logo ? { logo } : {}),
    siteName: layout.name,
  };
}

/** `seo.metatags.<tag>` of the first image size docs.json states, or undefined. */
function sizeTag(metatags: Readonly<Record<string, string>>): string | undefined {
  const tag = SIZE_TAGS.find((t) => metatags[t] !== undefined);
  return tag === undefined ? undefined : `seo.metatags.${tag}`;
}

/** True when the page's frontmatter names its own `og:image`: no image is drawn for it. */
export function pageHasOwnImage(frontmatter: Readonly<Record<string, unknown>> | undefined): boolean {
  const value = frontmatter?.['og:image'];
  return typeof value === 'string' && value.trim() !== '';
}

/** `#abc` → `#aabbcc`, lower case: the card appends an alpha to colours (`#aabbcc55`). */
function longHex(hex: string): string {
  const h = hex.toLowerCase();
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
}
