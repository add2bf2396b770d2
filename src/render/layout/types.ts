import type { AssistantOptions } from '../../deployment/assistant-config.js';
import type { BuildFeatures } from '../../model/build-features.js';
import type { DocsConfig } from '../../config/loaded-config.js';
import type { RenderedBody } from '../../model/render.js';
import type { NavRoot, SitePage } from '../../model/site.js';
import type { UrlStyle } from '../../model/url-style.js';

/** Site-wide asset URLs, relative to the site root (no leading slash), with hashed names. */
export interface SiteAssets {
  /** Stylesheets for every page, in order. */
  readonly css: readonly string[];
  /** Scripts for every page (deferred), in order. */
  readonly js: readonly string[];
  /**
   * The inline script at the top of `<head>`, before any stylesheet, so the first paint already has
   * the right colour mode: Sheaf's bundled src/client/theme-head.ts (see theme/before-paint.ts).
   * Constant text, the same on every page.
   */
  readonly headScript: string;
  /** Extra stylesheets and scripts by page feature (`math`, `mermaid`, …), loaded only where used. */
  readonly features: Readonly<Record<string, { readonly css?: readonly string[]; readonly js?: readonly string[] }>>;
  /** The search index script (defines the index for the search dialog); absent when search is off. */
  readonly searchIndex?: string;
  /** Copied project files by their project path: logo and favicon are looked up here. */
  readonly files: ReadonlySet<string>;
}

/** Everything the layout needs to turn one page body into a complete HTML document. */
export interface LayoutInput {
  readonly config: DocsConfig;
  readonly navigation: NavRoot;
  readonly page: SitePage;
  readonly body: RenderedBody;
  /**
   * Relative prefix from this page's folder to the site root: `''` for `/` (index.html),
   * `'../'` for `/a` (a/index.html), `'../../'` for `/a/b` (in the `html` URL style one `../`
   * less: `a.html`, `a/b.html`). Every link and asset URL is
   * `base + path`, so the site works under any base path and from any static host.
   */
  readonly base: string;
  /** How the site's pages are written and linked (`a/b/index.html` or `a/b.html`, see UrlStyle); `base` is of this style. */
  readonly urlStyle: UrlStyle;
  readonly assets: SiteAssets;
  /** All pages by route, for titles and methods of previous/next links and breadcrumbs. */
  readonly pages: ReadonlyMap<string, SitePage>;
  /**
   * Features of the build (`resolveFeatures`). Search follows `assets.searchIndex`; without
   * `playground` API pages have no Try-it; without `network` pages load nothing from it.
   */
  readonly features: BuildFeatures;
  /**
   * The Ask AI panel's endpoint and public key. The search dialog gets the panel only when the
   * `assistant` feature and the network are on too (never in an air-gapped build).
   */
  readonly assistant?: AssistantOptions;
}
