import type { JSX } from 'preact';
import { fileHref, isExternal, normalizeFilePath, resolveHref, routeHref } from './href.js';
import type { NavbarLink } from './layout-config.js';
import type { LayoutContext } from './layout-context.js';
import { NavIcon } from './nav-icon.js';
import { targetHref } from './nav-link.js';
import { SocialIcon, UiIcon } from './svg.js';

/**
 * The sticky top bar: menu button (small screens), logo, search button, the Ask AI button (when
 * the site has the assistant panel), navbar links and primary button, dark-mode toggle (absent
 * with `appearance.strict`), then the row of tabs.
 */
export function Header({ ctx, search }: { readonly ctx: LayoutContext; readonly search: boolean }): JSX.Element {
  const { config, nav } = ctx;
  return (
    <header class="sheaf-header">
      <div class="sheaf-header-bar">
        <button type="button" class="sheaf-icon-button sheaf-menu-button" data-sheaf-menu aria-controls="sheaf-sidebar" aria-expanded="false" aria-label="Open navigation">
          <UiIcon name="menu" />
        </button>
        <Logo ctx={ctx} />
        {search ? <SearchButton prompt={config.searchPrompt} /> : <span class="sheaf-header-spacer" />}
        {ctx.assistant ? <AssistantButton /> : null}
        <nav class="sheaf-navbar" aria-label="Site links">
          {config.navbarLinks.length > 0 ? (
            <ul class="sheaf-navbar-links">
              {config.navbarLinks.map((link) => (
                <li>
                  <NavbarAnchor ctx={ctx} link={link} class="sheaf-navbar-link" />
                </li>
              ))}
            </ul>
          ) : null}
          {config.navbarPrimary ? <NavbarAnchor ctx={ctx} link={config.navbarPrimary} class="sheaf-button sheaf-navbar-primary" /> : null}
        </nav>
        {config.appearance.strict ? null : (
          <button type="button" class="sheaf-icon-button sheaf-theme-toggle" data-sheaf-theme-toggle aria-label="Toggle dark mode">
            <UiIcon name="sun" class="sheaf-icon-sun" />
            <UiIcon name="moon" class="sheaf-icon-moon" />
          </button>
        )}
      </div>
      {nav.tabs.length > 0 ? (
        <nav class="sheaf-section-tabs" aria-label="Sections">
          <ul class="sheaf-section-tabs-list">
            {nav.tabs.map((tab) => (
              <li>
                <a class={tab.active ? 'sheaf-section-tab is-active' : 'sheaf-section-tab'} href={targetHref(ctx.base, tab.target)} aria-current={tab.active ? 'true' : undefined}>
                  <NavIcon ctx={ctx} icon={tab.icon} class="sheaf-section-tab-icon" />
                  <span>{tab.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

/** The logo images for light and dark mode (CSS shows one), else the site name. */
function Logo({ ctx }: { readonly ctx: LayoutContext }): JSX.Element {
  const { config, base } = ctx;
  const href = config.logo?.href ? resolveHref(base, config.logo.href) : routeHref(base, '/');
  const src = (file: string): string | undefined => {
    if (isExternal(file)) return ctx.features.network ? file : undefined;
    return ctx.assets.files.has(normalizeFilePath(file)) ? fileHref(base, file) : undefined;
  };
  const lightSrc = config.logo ? src(config.logo.light) : undefined;
  const darkSrc = config.logo ? src(config.logo.dark) : undefined;
  const light = lightSrc ?? darkSrc;
  const dark = darkSrc ?? lightSrc;
  return (
    <a class="sheaf-logo" href={href}>
      {light && dark ? (
        <>
          <img class="sheaf-logo-light" src={light} alt={config.name} />
          {dark !== light ? <img class="sheaf-logo-dark" src={dark} alt={config.name} /> : null}
        </>
      ) : (
        <span class="sheaf-logo-text">{config.name}</span>
      )}
    </a>
  );
}

function SearchButton({ prompt }: { readonly prompt: string | undefined }): JSX.Element {
  return (
    <button type="button" class="sheaf-search-button" data-sheaf-search-open aria-haspopup="dialog" aria-controls="sheaf-search" aria-label="Search">
      <UiIcon name="search" />
      <span class="sheaf-search-button-text">{prompt ?? 'Search…'}</span>
      <kbd class="sheaf-kbd" data-sheaf-shortcut>
        Ctrl K
      </kbd>
    </button>
  );
}

/** Opens the search dialog on the Ask AI panel (search.js opens it, assistant.js switches to the panel). */
function AssistantButton(): JSX.Element {
  return (
    <button type="button" class="sheaf-assistant-open" data-sheaf-search-open data-sheaf-assistant-open aria-haspopup="dialog" aria-controls="sheaf-search">
      <UiIcon name="sparkles" />
      <span class="sheaf-assistant-open-text">Ask AI</span>
    </button>
  );
}

function NavbarAnchor({ ctx, link, class: cls }: { readonly ctx: LayoutContext; readonly link: NavbarLink; readonly class: string }): JSX.Element {
  return (
    <a class={cls} href={targetHref(ctx.base, { href: link.href })}>
      {link.brand ? <SocialIcon platform={link.brand} /> : <NavIcon ctx={ctx} icon={link.icon} class="sheaf-navbar-icon" />}
      <span>{link.label}</span>
    </a>
  );
}
