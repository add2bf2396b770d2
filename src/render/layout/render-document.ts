import { readLayoutConfig, type LayoutConfig } from './layout-config.js';
import { createLayoutContext } from './layout-context.js';
import { readPageDisplay, type DocumentInput } from './page-display.js';
import { pageAdditions } from './page-additions.js';
import { pageColumns } from './page-main.js';
import { renderShell } from './render-shell.js';
import { structuredDataJsonLd } from './structured-data.js';
import { showsTimestamp } from '../../load/page-dates.js';
import { socialImageTags, type SocialImageMeta } from '../social-image/social-image-path.js';
import { withoutPlayground } from './without-playground.js';

/** `page — site`, or the site name alone for a page titled like the site. */
export function documentTitle(title: string, config: LayoutConfig): string {
  return title === config.name || !title ? config.name : `${title} — ${config.name}`;
}

/**
 * Meta tags: the generated social image's (when there is one), overridden by docs.json
 * `seo.metatags`, overridden by the page's frontmatter `og:*` and `twitter:*` keys.
 */
function pageMetatags(config: LayoutConfig, frontmatter: Readonly<Record<string, unknown>> | undefined, socialImage: SocialImageMeta | undefined): [string, string][] {
  const tags = new Map<string, string>([...(socialImage ? socialImageTags(socialImage) : []), ...config.metatags]);
  for (const [key, value] of Object.entries(frontmatter ?? {})) {
    if (/^(og|twitter):/.test(key) && typeof value === 'string' && value.trim()) tags.set(key, value);
  }
  return [...tags].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The complete HTML document of one page (`<!doctype html>` …): head, header, sidebar, content,
 * right column, footer and search dialog, laid out by the page's `mode`. Every link and asset URL
 * is relative (`input.base + path`). Pure: the same input gives the same bytes.
 */
export function renderDocument(input: DocumentInput): string {
  const config = readLayoutConfig(input.config);
  // A hidden page is `noindex` unless docs.json `seo.indexing` is `all` (every page indexed).
  const display = readPageDisplay(input.frontmatter, input.page.hidden && input.config.seo?.indexing !== 'all');
  const { page } = input;
  const ctx = createLayoutContext(input, config, page);
  const body = ctx.features.playground ? input.body : { ...input.body, aside: withoutPlayground(input.body.aside) };
  const additions = pageAdditions(ctx, page, { config: input.config, ...(input.frontmatter ? { frontmatter: input.frontmatter } : {}), ...(input.lastModified !== undefined ? { lastModified: input.lastModified } : {}) }, display.mode, body);
  const { main, rail } = pageColumns(ctx, page, body, display.mode, additions);
  const full = display.mode === 'custom' || display.mode === 'frame';
  // The date the page shows (the same rule as the "Last modified on" line), its WebPage's dateModified.
  const lastModified = input.lastModified !== undefined && showsTimestamp(input.frontmatter, input.config) ? input.lastModified : undefined;
  // Mintlify: "Pages with `noindex: true` do not include structured data" (nor does the 404 page, render404).
  const structuredData = display.noindex
    ? undefined
    : structuredDataJsonLd({
        config: input.config,
        navigation: input.navigation,
        page,
        ...(input.frontmatter ? { frontmatter: input.frontmatter } : {}),
        base: input.base,
        urlStyle: input.urlStyle,
        ...(input.siteUrl !== undefined ? { siteUrl: input.siteUrl } : {}),
        files: input.assets.files,
        network: input.features.network,
        ...(lastModified !== undefined ? { lastModified } : {}),
      });
  return renderShell({
    ctx,
    head: {
      title: documentTitle(page.title, config),
      ...((page.description ?? config.description) ? { description: page.description ?? config.description } : {}),
      noindex: display.noindex,
      metatags: pageMetatags(config, input.frontmatter, input.socialImage),
      features: body.features,
      ...(input.canonical !== undefined ? { canonical: input.canonical } : {}),
      ...(structuredData !== undefined ? { structuredData } : {}),
    },
    mode: display.mode,
    ...(page.version ? { version: page.version } : {}),
    ...(page.language ? { language: page.language } : {}),
    main,
    ...(rail ? { rail } : {}),
    hasAside: body.aside !== undefined && !full && display.mode !== 'center',
    ...(full ? {} : { foot: { pager: !display.hidePagination } }),
  });
}
