import type { ComponentChildren, JSX } from 'preact';
import { renderToString as render } from '../render-to-string.js';
import { routeUrlPath } from '../../resolve/route-segments.js';
import { ComponentContext } from '../components/context.js';
import { BackgroundLayer } from './background-layer.js';
import { Banner, bannerId } from './banner.js';
import { attributes } from './escape.js';
import { Footer } from './footer.js';
import { Head, type HeadProps } from './head.js';
import { Header } from './header.js';
import { htmlLanguage } from './languages.js';
import type { LayoutContext } from './layout-context.js';
import type { PageMode } from './page-display.js';
import { Pager } from './pager.js';
import { SearchDialog } from './search-dialog.js';
import { Sidebar } from './sidebar.js';
import { themeAttributes } from '../theme/theme-style.js';

/** The parts of one document; `renderShell` puts them in the frame every page shares. */
export interface ShellParts {
  readonly ctx: LayoutContext;
  readonly head: Omit<HeadProps, 'ctx'>;
  readonly mode: PageMode;
  readonly version?: string;
  readonly language?: string;
  /** The content of `<main id="content-area">`. */
  readonly main: JSX.Element;
  /** The right column (table of contents, request/response examples); absent in full-width modes. */
  readonly rail?: JSX.Element;
  /** True when the page has a right-hand panel (`body.aside`): the right column widens. */
  readonly hasAside: boolean;
  /** The footer under the content, with previous/next links when `pager` (absent in `custom` and `frame` modes). */
  readonly foot?: { readonly pager: boolean };
}

/**
 * Renders a region with the components' settings (icon library) in scope. No `reportIcon`: the
 * header and sidebar are the same on every page, so their substituted icons are reported once
 * per site from docs.json (`navigationIconDiagnostics`, nav/icon-substituted), never per page.
 */
export function renderRegion(ctx: LayoutContext, node: ComponentChildren): string {
  return render(<ComponentContext.Provider value={{ iconLibrary: ctx.iconLibrary }}>{node}</ComponentContext.Provider>);
}

/**
 * The complete document. Regions are rendered separately and joined by newlines, so goldens and
 * diffs stay readable. `<html>` carries what the client scripts read:
 * `data-base` (relative root), `data-url-style="html"` (pages are `route.html` files, see
 * UrlStyle; absent for folders), `data-route` (the page's route as a URL path, percent-encoded as
 * in links), `data-version`, `data-language` (search filters),
 * `data-theme-default`, `data-theme-strict` (light or dark) and `data-banner` (dismissed banner id);
 * its class names the page mode (`sheaf-mode-*`) and docs.json's theme (`sheaf-theme-mint`, …);
 * and, for a project's own CSS and scripts, Mintlify's `data-current-path`: the path the page is
 * served at, root-absolute without a trailing slash (`/`, `/en/home`), as in
 * `html[data-current-path="/en/home"] .nav-tabs`. Layout parts carry Mintlify's ids (`#navbar`,
 * `#body-content`, `#content-area`, `#sidebar`, …; see layout-ids.ts) beside Sheaf's classes.
 * The theme's variants (`data-sheaf-header`, `data-sheaf-mark`, …; theme-style.ts) are attributes
 * of `<html>` that themes.css reads.
 */
export function renderShell(parts: ShellParts): string {
  const { ctx, mode } = parts;
  const { config } = ctx;
  const search = ctx.assets.searchIndex !== undefined;
  // The dialog holds search and the Ask AI panel: it is there when either is.
  const dialog = search || ctx.assistant !== undefined;
  const banner = config.banner;
  const { lang, dir } = htmlLanguage(parts.language);
  const classes = [`sheaf-mode-${mode}`, `sheaf-theme-${config.theme}`, parts.hasAside ? 'sheaf-has-aside' : '', ctx.nav.tabs.length > 0 ? 'sheaf-has-tabs' : ''].filter(Boolean);
  const html = attributes({
    lang,
    dir: dir === 'rtl' ? 'rtl' : undefined,
    class: classes.join(' '),
    'data-base': ctx.base,
    // Only where pages are `.html` files: the search results, citations and sidebar fragments nav.js links follow it.
    'data-url-style': ctx.urlStyle === 'html' ? 'html' : undefined,
    'data-route': ctx.route === undefined ? undefined : routeUrlPath(ctx.route),
    'data-current-path': ctx.route === undefined ? undefined : routeUrlPath(ctx.route),
    'data-version': parts.version,
    'data-language': parts.language,
    ...themeAttributes(ctx.theme),
    'data-theme-default': config.appearance.default,
    'data-theme-strict': config.appearance.strict,
    'data-banner': banner?.dismissible ? bannerId(banner.content) : undefined,
  });
  const lines = [
    '<!doctype html>',
    `<html${html}>`,
    '<head>',
    renderRegion(ctx, <Head ctx={ctx} {...parts.head} />),
    '</head>',
    '<body>',
    '<a class="sheaf-skip-link" href="#content-area">Skip to content</a>',
    renderRegion(ctx, <BackgroundLayer ctx={ctx} />),
    banner ? renderRegion(ctx, <Banner banner={banner} base={ctx.base} urlStyle={ctx.urlStyle} />) : '',
    renderRegion(ctx, <Header ctx={ctx} search={search} />),
    ctx.theme.contentPanel ? '<div class="sheaf-shell almond-layout" id="body-content">' : '<div class="sheaf-shell" id="body-content">',
    renderRegion(ctx, <Sidebar ctx={ctx} search={search} />),
    // Almond draws content and table of contents in one panel (`#content-container`); other themes have no wrapper.
    ctx.theme.contentPanel ? '<div class="sheaf-panel" id="content-container">' : '',
    renderRegion(ctx, <main id="content-area" class="sheaf-main" tabIndex={-1}>{parts.main}</main>),
    parts.rail ? renderRegion(ctx, parts.rail) : '',
    parts.foot ? renderRegion(ctx, <Foot ctx={ctx} pager={parts.foot.pager} />) : '',
    ctx.theme.contentPanel ? '</div>' : '',
    '</div>',
    '<div class="sheaf-scrim" data-sheaf-menu-close></div>',
    dialog ? renderRegion(ctx, <SearchDialog prompt={config.searchPrompt} search={search} assistant={ctx.assistant} />) : '',
    '</body>',
    '</html>',
    '',
  ];
  return lines.filter((l, i) => l !== '' || i === lines.length - 1).join('\n');
}

function Foot({ ctx, pager }: { readonly ctx: LayoutContext; readonly pager: boolean }): JSX.Element {
  return (
    <div class="sheaf-page-foot">
      {pager ? <Pager ctx={ctx} /> : null}
      <Footer ctx={ctx} />
    </div>
  );
}
