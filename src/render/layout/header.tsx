import type { JSX } from 'preact';
import { fileHref, isExternal, linkAttributes, normalizeFilePath } from './href.js';
import type { NavbarLink } from './layout-config.js';
import type { LayoutContext } from './layout-context.js';
import { NavIcon } from './nav-icon.js';
import { SocialIcon, UiIcon } from './svg.js';

/**
 * The sticky top bar: menu button (small screens), logo, search button, the Ask AI button (when
 * the site has the assistant panel), navbar links and primary button, dark-mode toggle (absent
 * with `appearance.strict`), then the row of tabs. docs.json's theme places the parts
 * (`ctx.theme.slots`): tabs in their own row or in the bar; the logo, search and toggle in the
 * sidebar for some themes (maple, almond, willow, palm), where the bar keeps a copy for small
 * screens only (`sheaf-narrow-only`; the search copy is Mintlify's `#search-bar-entry-mobile`).
 */
export function Header({ ctx, search }: { readonly ctx: LayoutContext; readonly search: boolean }): JSX.Element {
  const { config, nav, theme } = ctx;
  const { slots } = theme;
  const tabs = nav.tabs.length > 0 ? <SectionTabs ctx={ctx} /> : null;
  const inlineTabs = theme.header.tabRow === null;
  const searchAside = slots.search === 'sidebar';
  return (
    <header class="sheaf-header" id="navbar">
      <div class="sheaf-header-bar">
        <button type="button" class="sheaf-icon-button sheaf-menu-button" data-sheaf-menu aria-controls="sidebar" aria-expanded="false" aria-label="Open navigation">
          <UiIcon name="menu" />
        </button>
        <Logo ctx={ctx} narrowOnly={slots.logo === 'sidebar'} />
        {inlineTabs && slots.tabs !== 'bar-end' ? tabs : null}
        {search && !searchAside ? <SearchButton prompt={config.searchPrompt ?? theme.searchBox.label} /> : <span class="sheaf-header-spacer" />}
        {search && searchAside ? <SearchButton prompt={config.searchPrompt} mobile /> : null}
        {ctx.assistant ? <AssistantButton mobile={searchAside} /> : null}
        {inlineTabs && slots.tabs === 'bar-end' ? tabs : null}
        <nav class="sheaf-navbar" aria-label="Site links">
          {config.navbarLinks.length > 0 ? (
            <ul class="sheaf-navbar-links">
              {config.navbarLinks.map((link) => (
                <li>
                  <NavbarAnchor ctx={ctx} link={link} class="sheaf-navbar-link navbar-link" />
                </li>
              ))}
            </ul>
          ) : null}
          {config.navbarPrimary ? (
            <NavbarAnchor
              ctx={ctx}
              link={config.navbarPrimary}
              class="sheaf-button sheaf-navbar-primary"
              id="topbar-cta-button"
              component={theme.primaryComponent}
            />
          ) : null}
        </nav>
        {config.appearance.strict ? null : <ThemeToggle narrowOnly={slots.toggle !== 'header-icon'} />}
      </div>
      {inlineTabs ? null : tabs}
    </header>
  );
}

/** The tabs: a row under the bar, or inline in the bar (themes without a tab row); hidden on small screens, where the sidebar lists them. */
function SectionTabs({ ctx }: { readonly ctx: LayoutContext }): JSX.Element {
  return (
    <nav class="sheaf-section-tabs nav-tabs" aria-label="Sections">
      <ul class="sheaf-section-tabs-list">
        {ctx.nav.tabs.map((tab) => (
          <li>
            <a
              class={tab.active ? 'sheaf-section-tab nav-tabs-item is-active' : 'sheaf-section-tab nav-tabs-item'}
              {...linkAttributes(ctx.base, tab.target, ctx.urlStyle)}
              aria-current={tab.active ? 'true' : undefined}
              data-active={tab.active ? '' : undefined}
            >
              <NavIcon ctx={ctx} icon={tab.icon} class="sheaf-section-tab-icon" />
              <span>{tab.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The dark-mode toggle: an icon button, or (maple's sidebar) a segmented switch showing both
 * modes with the one in force filled. `narrowOnly`: shown on small screens only.
 */
export function ThemeToggle({ narrowOnly = false, segmented = false }: { readonly narrowOnly?: boolean; readonly segmented?: boolean }): JSX.Element {
  const cls = segmented ? 'sheaf-theme-toggle sheaf-theme-switch' : `sheaf-icon-button sheaf-theme-toggle${narrowOnly ? ' sheaf-narrow-only' : ''}`;
  return (
    <button type="button" class={cls} data-sheaf-theme-toggle data-component-name="theme-toggle" aria-label="Toggle dark mode">
      {segmented ? (
        <>
          <span class="sheaf-theme-switch-option sheaf-theme-switch-light">
            <UiIcon name="sun" />
          </span>
          <span class="sheaf-theme-switch-option sheaf-theme-switch-dark">
            <UiIcon name="moon" />
          </span>
        </>
      ) : (
        <>
          <UiIcon name="sun" class="sheaf-icon-sun" />
          <UiIcon name="moon" class="sheaf-icon-moon" />
        </>
      )}
    </button>
  );
}

/** The logo images for light and dark mode (CSS shows one), else the site name; `narrowOnly`: shown on small screens only. */
export function Logo({ ctx, narrowOnly = false }: { readonly ctx: LayoutContext; readonly narrowOnly?: boolean }): JSX.Element {
  const { config, base } = ctx;
  const link = linkAttributes(base, config.logo?.href ? { href: config.logo.href } : { route: '/' }, ctx.urlStyle);
  const src = (file: string): string | undefined => {
    if (isExternal(file)) return ctx.features.network ? file : undefined;
    return ctx.assets.files.has(normalizeFilePath(file)) ? fileHref(base, file) : undefined;
  };
  const lightSrc = config.logo ? src(config.logo.light) : undefined;
  const darkSrc = config.logo ? src(config.logo.dark) : undefined;
  const light = lightSrc ?? darkSrc;
  const dark = darkSrc ?? lightSrc;
  return (
    <a class={narrowOnly ? 'sheaf-logo sheaf-narrow-only' : 'sheaf-logo'} {...link}>
      {light && dark ? (
        <>
          <img class="sheaf-logo-light nav-logo" src={light} alt={config.name} />
          {dark !== light ? <img class="sheaf-logo-dark nav-logo" src={dark} alt={config.name} /> : null}
        </>
      ) : (
        <span class="sheaf-logo-text nav-logo">{config.name}</span>
      )}
    </a>
  );
}

/** The search trigger; `mobile`: the small screens' copy in the bar (`#search-bar-entry-mobile`) of a theme whose trigger sits in the sidebar. */
export function SearchButton({ prompt, mobile = false }: { readonly prompt: string | undefined; readonly mobile?: boolean }): JSX.Element {
  return (
    <button
      type="button"
      class={mobile ? 'sheaf-search-button sheaf-narrow-only' : 'sheaf-search-button'}
      id={mobile ? 'search-bar-entry-mobile' : 'search-bar-entry'}
      data-sheaf-search-open aria-haspopup="dialog" aria-controls="sheaf-search" aria-label="Search">
      <UiIcon name="search" />
      <span class="sheaf-search-button-text">{prompt ?? 'Search…'}</span>
      <kbd class="sheaf-kbd" data-sheaf-shortcut>
        Ctrl K
      </kbd>
    </button>
  );
}

/**
 * Opens the search dialog on the Ask AI panel (search.js opens it, assistant.js switches to the
 * panel); beside the search trigger. `mobile`: the bar's copy (`#assistant-entry-mobile`) of a
 * theme whose search sits in the sidebar, shown on small screens only.
 */
export function AssistantButton({ mobile = false }: { readonly mobile?: boolean }): JSX.Element {
  return (
    <button
      type="button"
      class={mobile ? 'sheaf-assistant-open sheaf-narrow-only' : 'sheaf-assistant-open'}
      id={mobile ? 'assistant-entry-mobile' : 'assistant-entry'}
      data-sheaf-search-open data-sheaf-assistant-open aria-haspopup="dialog" aria-controls="sheaf-search">
      <UiIcon name="sparkles" />
      <span class="sheaf-assistant-open-text">Ask AI</span>
    </button>
  );
}

/**
 * A navbar link or the primary button. A link without a label shows only an icon (its own, its
 * brand's, or the one of its site, `linkPlatform`), named for assistive technology by the site's
 * host; its URL is never shown as text.
 */
function NavbarAnchor({ ctx, link, class: cls, id, component }: { readonly ctx: LayoutContext; readonly link: NavbarLink; readonly class: string; readonly id?: string; readonly component?: string }): JSX.Element {
  const name = link.label ?? linkName(link.href);
  const icon = link.brand ? (
    <SocialIcon platform={link.brand} />
  ) : link.icon || link.label ? (
    <NavIcon ctx={ctx} icon={link.icon} class="sheaf-navbar-icon" />
  ) : (
    <SocialIcon platform={linkPlatform(link.href)} />
  );
  return (
    <a class={link.label ? cls : `${cls} sheaf-navbar-icon-only`} id={id} data-component-name={component} {...linkAttributes(ctx.base, { href: link.href }, ctx.urlStyle)} aria-label={link.label ? undefined : name} title={link.label ? undefined : hostOf(link.href)}>
      {icon}
      {link.label ? <span>{link.label}</span> : null}
    </a>
  );
}

/** Hosts whose brand icon an unlabelled navbar link shows; any other link shows the globe. */
const PLATFORM_HOSTS: Readonly<Record<string, string>> = {
  'github.com': 'github', 'discord.com': 'discord', 'discord.gg': 'discord', 'x.com': 'x', 'twitter.com': 'x',
  'linkedin.com': 'linkedin', 'youtube.com': 'youtube', 'slack.com': 'slack', 'reddit.com': 'reddit',
  'medium.com': 'medium', 't.me': 'telegram', 'bsky.app': 'bluesky', 'instagram.com': 'instagram', 'facebook.com': 'facebook',
};

/** The host of an absolute URL without `www.`; undefined for relative and `mailto:` links. */
function hostOf(href: string): string | undefined {
  try {
    const host = new URL(href).hostname.toLowerCase();
    return host ? host.replace(/^www\./, '') : undefined;
  } catch {
    return undefined;
  }
}

/** The brand of a link's site (`github.com` and its subdomains → `github`), else `website`. */
export function linkPlatform(href: string): string {
  const host = hostOf(href);
  const known = host && Object.keys(PLATFORM_HOSTS).find((h) => host === h || host.endsWith(`.${h}`));
  return known ? (PLATFORM_HOSTS[known] as string) : 'website';
}

/** The accessible name of an unlabelled link: its site's host, else the link as written. */
function linkName(href: string): string {
  return hostOf(href) ?? href;
}
