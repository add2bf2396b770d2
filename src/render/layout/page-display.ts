import type { LayoutMemo } from './layout-memo.js';
import type { SocialImageMeta } from '../social-image/social-image-path.js';
import type { LayoutInput } from './types.js';

/** Page layouts of frontmatter `mode` (Mintlify's `assistant` mode renders as `default`). */
export type PageMode = 'default' | 'wide' | 'center' | 'custom' | 'frame';

/** How one page is laid out, from its frontmatter. */
export interface PageDisplay {
  /**
   * `default`: sidebar, content, table of contents. `wide`: no table of contents. `center`: no
   * sidebar, narrow content. `custom`: the header, then the body full width and nothing else.
   * `frame`: the header and sidebar, then the body full width.
   */
  readonly mode: PageMode;
  /** `<meta name="robots" content="noindex">`: frontmatter `noindex`, and every hidden page (unless docs.json `seo.indexing` is `all`). */
  readonly noindex: boolean;
  /** No previous/next links (`hideFooterPagination`). */
  readonly hidePagination: boolean;
}

/**
 * What `renderDocument` reads beyond the `LayoutInput` contract. Optional, so a bare
 * `LayoutInput` renders too (as a default-mode page).
 */
export interface LayoutExtras {
  /** The page's frontmatter (MDX pages): `mode`, `noindex` and `hideFooterPagination` are read. */
  readonly frontmatter?: Readonly<Record<string, unknown>>;
  /** HTML shared by the pages of one build (`createLayoutMemo`): the same memo for every page of a site. */
  readonly memo?: LayoutMemo;
  /**
   * `<link rel="canonical">`: the URL of the page's own place, relative to the written file
   * (`quickstart/`), for a copy of a page written elsewhere (index.html when no page is `/`).
   */
  readonly canonical?: string;
  /**
   * The page's generated social preview image (src/render/social-image/): its `og:image`,
   * `twitter:image` and their sizes, under docs.json `seo.metatags` and the frontmatter's tags.
   */
  readonly socialImage?: SocialImageMeta;
  /** The page source's last-modified date (`YYYY-MM-DD`, the load stage's `pageDates`), shown when timestamps are on. */
  readonly lastModified?: string;
  /**
   * The site's public URL (`--site-url`, else docs.json `seo.metatags.canonical`): the page's
   * JSON-LD names absolute URLs under it; absent, URLs relative to the page (structured-data-urls.ts).
   */
  readonly siteUrl?: string;
}

export type DocumentInput = LayoutInput & LayoutExtras;

const MODES: readonly string[] = ['default', 'wide', 'center', 'custom', 'frame'];

/** The display of a page: unknown modes and non-boolean flags fall back to the defaults. */
export function readPageDisplay(frontmatter: Readonly<Record<string, unknown>> | undefined, hidden: boolean): PageDisplay {
  const fm = frontmatter ?? {};
  const mode = typeof fm['mode'] === 'string' && MODES.includes(fm['mode']) ? (fm['mode'] as PageMode) : 'default';
  return { mode, noindex: hidden || fm['noindex'] === true, hidePagination: fm['hideFooterPagination'] === true };
}
