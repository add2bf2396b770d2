/**
 * What one social preview image needs, as plain data: it crosses to a render worker thread
 * (structured clone), and its JSON, with the assets' hashes for their bytes, is the image's
 * cache key. Nothing here is read from disk or the network by the renderer.
 */

/** The width and height of every social preview image, in pixels: Mintlify's `og:image:width` and `og:image:height`. */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** The family shipped with Sheaf (@fontsource/inter), and the one every card falls back to. */
export const DEFAULT_FAMILY = 'Inter';

/** The text drawn on one page's card. */
export interface CardText {
  /** The page title (capped, see `cardText`). */
  readonly title: string;
  readonly description?: string;
  /** The outermost navigation group of the page, drawn above the title in the accent colour. */
  readonly eyebrow?: string;
  /** The site name, drawn where there is no logo. */
  readonly siteName: string;
}

/** Colours of a card, `#rrggbb` or `#rgb` (validated upstream: they go into an SVG). */
export interface CardPalette {
  readonly appearance: 'light' | 'dark';
  readonly background: string;
  readonly heading: string;
  readonly muted: string;
  readonly accent: string;
}

/** An image drawn on the card: its bytes and media type (png, jpeg, gif or svg+xml). */
export interface ImageAsset {
  readonly mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/svg+xml';
  readonly bytes: Uint8Array;
  /** SHA-256 of `bytes`, hex: the cache key's part for it, and the worker's memo key. */
  readonly hash: string;
  /** What docs.json names (`/logo/dark.svg`), for messages. */
  readonly name: string;
}

/** A font file satori can read (TrueType, OpenType or WOFF 1; never WOFF 2). */
export interface FontAsset {
  readonly family: string;
  /** CSS weight, 100–900. */
  readonly weight: number;
  readonly bytes: Uint8Array;
  readonly hash: string;
  /** A project's file: its path as docs.json names it. Absent for the fonts shipped with Sheaf. */
  readonly name?: string;
}

/** The parts of a card that are the same on every page of a build. */
export interface CardTheme {
  readonly palette: CardPalette;
  readonly logo?: ImageAsset;
  readonly background?: ImageAsset;
  /** The family the text is set in: the project's files of it first in `fonts`, then Sheaf's Inter (the fallback). */
  readonly family: string;
  readonly fonts: readonly FontAsset[];
}

export interface SocialImageTask {
  readonly text: CardText;
  readonly theme: CardTheme;
}

/**
 * A rendered image, or why there is none. `dropped` names the project's files left out because
 * the card could not be drawn with them (an image or font satori or resvg cannot decode): it was
 * drawn again without any of them, in Inter.
 */
export type SocialImageResult =
  | { readonly ok: true; readonly png: Uint8Array; readonly dropped: readonly { readonly name: string; readonly reason: string }[] }
  | { readonly ok: false; readonly reason: string };
