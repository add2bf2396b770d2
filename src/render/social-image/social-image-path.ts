import { routeUrlPath } from '../../resolve/route-segments.js';
import { trimTrailing } from '../../text/linear-text.js';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from './social-image-task.js';

/** Folder of the social preview images in the site. */
const FOLDER = '_sheaf/og';

/** The site file of a route's image: `/` → `_sheaf/og/index.png`, `/a/b` → `_sheaf/og/a/b.png` (beside the route's `.md` copy's name). */
export function socialImagePath(route: string): string {
  return `${FOLDER}/${route === '/' ? 'index' : route.slice(1)}.png`;
}

/**
 * The URL of a route's image as a page links it: absolute under `siteUrl` when the site's
 * public URL is known (`https://docs.example.com/_sheaf/og/a/b.png`: social networks read only
 * absolute ones), else relative to the page (`base + path`), each route segment percent-encoded.
 */
export function socialImageUrl(route: string, base: string, siteUrl: string | undefined): string {
  const file = `${FOLDER}/${route === '/' ? 'index' : routeUrlPath(route.slice(1))}.png`;
  return siteUrl ? `${trimTrailing(siteUrl, '/')}/${file}` : base + file;
}

/** What a page's `<head>` says of its generated image. */
export interface SocialImageMeta {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export const socialImageMeta = (url: string): SocialImageMeta => ({ url, width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT });

/**
 * The meta tags of a generated image, as Mintlify writes them: `og:image` and `twitter:image`
 * with their width and height, and `twitter:card: summary_large_image`. They are defaults:
 * docs.json `seo.metatags` and the page's frontmatter override them key by key.
 */
export function socialImageTags(meta: SocialImageMeta): [string, string][] {
  const width = String(meta.width);
  const height = String(meta.height);
  return [
    ['og:image', meta.url],
    ['og:image:width', width],
    ['og:image:height', height],
    ['twitter:card', 'summary_large_image'],
    ['twitter:image', meta.url],
    ['twitter:image:width', width],
    ['twitter:image:height', height],
  ];
}
