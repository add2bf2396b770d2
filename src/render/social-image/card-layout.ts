import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, type CardTheme, type CardText, type ImageAsset } from './social-image-task.js';

/** An element as satori reads it (React's `{ type, props }` shape), without React. */
export interface CardNode {
  readonly type: string;
  readonly props: { readonly style?: Readonly<Record<string, string | number>>; readonly children?: string | CardNode | readonly (CardNode | null)[]; readonly [attribute: string]: unknown };
}

const node = (type: string, props: CardNode['props']): CardNode => ({ type, props });

/** Outer margin of the card, px. */
const PADDING = 80;
/** Logo box, px: its height, and the widest it may be (a wide wordmark is scaled down to fit). */
const LOGO_HEIGHT = 64;
const LOGO_MAX_WIDTH = 520;
/**
 * Height of the accent stripe along the top edge, px. Flat colours only: a gradient glow tripled
 * resvg's time per image (a full-canvas pattern to rasterise, and a PNG that compresses far worse).
 */
const ACCENT_BAR = 12;

/**
 * The CSS font stack of a card: the theme's family, then every other family of its fonts in
 * order. satori looks for a glyph only in the fonts the stack names, and takes one font per name
 * and weight, so each of Inter's subsets is a family of its own (`Inter cyrillic`…) listed here.
 */
export function fontStack(theme: CardTheme): string {
  const families = [...new Set([theme.family, ...theme.fonts.map((f) => f.family)])];
  return families.map((f) => `"${f.replace(/["'\\,;]/g, '')}"`).join(', ');
}

/** A data URI of an image's bytes, as satori reads images (it fetches nothing: every image is inline). */
export function dataUri(image: Pick<ImageAsset, 'mime' | 'bytes'>): string {
  return `data:${image.mime};base64,${Buffer.from(image.bytes).toString('base64')}`;
}

/**
 * The background image alone, scaled to cover the card (centred, cropped) over the card's
 * background colour (what a transparent image shows): drawn once per thread, then laid under
 * every card at 1200 × 630 px, unscaled (see render-social-image.ts).
 */
export function backgroundLayout(src: string, colour: string): CardNode {
  const size = { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT };
  return node('div', {
    style: { display: 'flex', ...size, backgroundColor: colour },
    children: [node('img', { src, ...size, style: { ...size, objectFit: 'cover' } })],
  });
}

/**
 * The card of one page, 1200 × 630 px, laid out like Mintlify's: over the theme's background
 * image (`onImage`: the card is transparent, the image is laid under it afterwards, see
 * render-social-image.ts) or on its background colour with a stripe of the accent colour along
 * the top; the logo (or the site name) at the top left; at the bottom the navigation group in
 * the accent colour, the title (up to 2 lines, 64 px, semibold) and the description (up to 2
 * lines, 30 px, muted). Pure: the same input gives the same tree.
 */
export function cardLayout(text: CardText, theme: CardTheme, images: { readonly logo?: string; readonly onImage: boolean }): CardNode {
  const { palette } = theme;
  // satori draws the ellipsis of `lineClamp` but lays the box out at its full height: the
  // height is capped too, so a long title never pushes the description off the card.
  const clamp = (lines: number, fontSize: number, lineHeight: number): Record<string, string | number> => ({
    display: 'block',
    lineClamp: lines,
    fontSize,
    lineHeight,
    maxHeight: Math.ceil(lines * fontSize * lineHeight),
  });
  const brand = images.logo
    ? node('img', { src: images.logo, height: LOGO_HEIGHT, style: { height: LOGO_HEIGHT, maxWidth: LOGO_MAX_WIDTH, objectFit: 'contain', objectPosition: 'left' } })
    : node('div', { style: { display: 'flex', fontSize: 36, fontWeight: 600, color: palette.heading }, children: text.siteName });
  return node('div', {
    style: {
      width: SOCIAL_IMAGE_WIDTH,
      height: SOCIAL_IMAGE_HEIGHT,
      display: 'flex',
      position: 'relative',
      ...(images.onImage ? {} : { backgroundColor: palette.background }),
      fontFamily: fontStack(theme),
    },
    children: [
      images.onImage ? null : node('div', { style: { position: 'absolute', top: 0, left: 0, width: SOCIAL_IMAGE_WIDTH, height: ACCENT_BAR, backgroundColor: palette.accent } }),
      node('div', {
        // Inset by PADDING on every side (satori's boxes are content-box: no padding here).
        style: {
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          position: 'absolute',
          top: PADDING,
          left: PADDING,
          width: SOCIAL_IMAGE_WIDTH - 2 * PADDING,
          height: SOCIAL_IMAGE_HEIGHT - 2 * PADDING,
        },
        children: [
          node('div', { style: { display: 'flex', height: LOGO_HEIGHT, alignItems: 'center' }, children: [brand] }),
          node('div', {
            style: { display: 'flex', flexDirection: 'column' },
            children: [
              text.eyebrow ? node('div', { style: { ...clamp(1, 28, 1.3), fontWeight: 600, color: palette.accent, marginBottom: 16 }, children: text.eyebrow }) : null,
              node('div', { style: { ...clamp(2, 64, 1.15), fontWeight: 600, letterSpacing: -1, color: palette.heading }, children: text.title }),
              text.description
                ? node('div', { style: { ...clamp(2, 30, 1.4), fontWeight: 400, color: palette.muted, marginTop: 24 }, children: text.description })
                : null,
            ],
          }),
        ],
      }),
    ],
  });
}
