import type { DocsConfig } from '../../config/loaded-config.js';
import type { BuildFeatures } from '../../model/build-features.js';
import type { SitePage } from '../../model/site.js';
import type { IconLibrary } from '../components/icons/icon-files.js';
import { planAnalytics, type AnalyticsScript } from './analytics.js';
import { planLazySidebar, type LazySidebar } from './large-sidebar.js';
import type { LayoutConfig } from './layout-config.js';
import type { LayoutMemo } from './layout-memo.js';
import { resolveNavContext, type NavContext } from './nav-context.js';
import type { LayoutInput, SiteAssets } from './types.js';
import type { ThemeSpec } from '../theme/theme-spec.js';
import { THEME_SPECS } from '../theme/theme-specs.js';

/** What every region of the layout reads: one object per rendered page. */
export interface LayoutContext {
  /** Relative prefix from the page's folder to the site root (see `LayoutInput.base`). */
  readonly base: string;
  /** How the site links its pages (`LayoutInput.urlStyle`). */
  readonly urlStyle: LayoutInput['urlStyle'];
  readonly config: LayoutConfig;
  /** docs.json `theme`'s layout: where the header's parts sit, marks, surfaces (theme-specs.ts). */
  readonly theme: ThemeSpec;
  readonly assets: SiteAssets;
  /** The build's features (`LayoutInput.features`). */
  readonly features: BuildFeatures;
  /** The Ask AI panel's settings: `LayoutInput.assistant` when the feature and the network are on. */
  readonly assistant?: LayoutInput['assistant'];
  /** Analytics tags of docs.json `integrations`; none when analytics or the network are off. */
  readonly analytics: readonly AnalyticsScript[];
  readonly nav: NavContext;
  readonly pages: ReadonlyMap<string, SitePage>;
  /** docs.json `icons.library`: where bare icon names are looked up first. */
  readonly iconLibrary: IconLibrary;
  /** The route of the page shown; absent on the 404 page. */
  readonly route?: string;
  /** Set when the sidebar is large: its groups off the active path load from these fragment files. */
  readonly lazy?: LazySidebar;
  /** HTML shared by the pages of the build, when the caller keeps one. */
  readonly memo?: LayoutMemo;
}

/** docs.json `icons.library`, `fontawesome` when absent. */
export function iconLibraryOf(config: DocsConfig): IconLibrary {
  return config.icons?.library ?? 'fontawesome';
}

/**
 * The context of one document: the layout config, the navigation resolved around `page` (or
 * the default divisions for a page outside navigation, like the 404 page), the large-sidebar
 * plan, and the site-wide inputs.
 */
export function createLayoutContext(
  input: Omit<LayoutInput, 'page' | 'body'> & { readonly memo?: LayoutMemo },
  config: LayoutConfig,
  page?: SitePage,
): LayoutContext {
  const nav = resolveNavContext(input.navigation, page ?? {});
  const lazy = planLazySidebar(input.navigation, nav.content);
  const { features } = input;
  return {
    base: input.base,
    urlStyle: input.urlStyle,
    config,
    theme: THEME_SPECS[config.theme],
    assets: input.assets,
    features,
    ...(input.assistant && features.assistant && features.network ? { assistant: input.assistant } : {}),
    analytics: features.analytics && features.network ? planAnalytics(input.config).scripts : [],
    nav,
    pages: input.pages,
    iconLibrary: iconLibraryOf(input.config),
    ...(page ? { route: page.route } : {}),
    ...(lazy ? { lazy } : {}),
    ...(input.memo ? { memo: input.memo } : {}),
  };
}
