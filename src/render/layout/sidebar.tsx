import type { JSX } from 'preact';
import type { LayoutContext } from './layout-context.js';
import type { NavItem } from './nav-context.js';
import { NavIcon } from './nav-icon.js';
import { linkAttributes } from './href.js';
import { NavTree } from './nav-tree.js';
import { Switcher } from './switcher.js';
import { AssistantButton, Logo, SearchButton, ThemeToggle } from './header.js';

/**
 * The sidebar (`#sidebar`, Mintlify's id; its content `#sidebar-content`): division switchers, the header tabs again (shown on small
 * screens only, where the tab row is hidden), anchors, then the page tree of the active division.
 * Sticky beside the content on wide screens; off-canvas, opened by the menu button, on small ones.
 * `data-sheaf-drilldown` (docs.json `interaction.drilldown: true`): nav.js opens a group's first
 * page when a closed group is clicked (nav/drilldown.ts).
 *
 * Themes that put the logo, the search trigger or the dark-mode toggle in the sidebar (maple,
 * almond, willow, palm; `ctx.theme.slots`) get them in `.sheaf-sidebar-top` and
 * `.sheaf-sidebar-bottom`, inside `#sidebar` but outside `#sidebar-content`, so a project's CSS for
 * `#sidebar-content a` still reaches only navigation links. Wide screens only: on small ones the
 * bar has them.
 */
export function Sidebar({ ctx, search }: { readonly ctx: LayoutContext; readonly search: boolean }): JSX.Element {
  const { nav, theme, config } = ctx;
  const { slots } = theme;
  const toggle = !config.appearance.strict;
  const top = [
    slots.logo === 'sidebar' ? <Logo ctx={ctx} /> : null,
    toggle && slots.toggle === 'sidebar-segmented' ? <ThemeToggle segmented /> : null,
    search && slots.search === 'sidebar' ? <SearchButton prompt={config.searchPrompt ?? theme.searchBox.label} /> : null,
    ctx.assistant && slots.search === 'sidebar' ? <AssistantButton /> : null,
  ].filter((part) => part !== null);
  return (
    <aside class="sheaf-sidebar" id="sidebar" aria-label="Navigation">
      {top.length > 0 ? <div class="sheaf-sidebar-top">{top}</div> : null}
      <div class="sheaf-sidebar-inner" id="sidebar-content">
        {nav.switchers.length > 0 ? (
          <div class="sheaf-switchers">
            {nav.switchers.map((s) => (
              <Switcher ctx={ctx} switcher={s} />
            ))}
          </div>
        ) : null}
        {nav.tabs.length > 0 ? <LinkList ctx={ctx} items={nav.tabs} class="sheaf-sidebar-tabs" item="mobile-nav-tabs-item" /> : null}
        {nav.anchors.length > 0 ? <LinkList ctx={ctx} items={nav.anchors} class="sheaf-anchors nav-anchors" item="nav-anchor" /> : null}
        <nav class="sheaf-nav" aria-label="Pages" data-sheaf-drilldown={ctx.config.drilldown ? '' : undefined}>
          <NavTree ctx={ctx} nodes={nav.content} />
        </nav>
      </div>
      {toggle && slots.toggle === 'sidebar-bottom' ? (
        <div class="sheaf-sidebar-bottom">
          <ThemeToggle />
        </div>
      ) : null}
    </aside>
  );
}

/** Tabs (phones) or anchors; `item` is Mintlify's class of one entry, `data-active` on the active one. */
function LinkList({ ctx, items, class: cls, item: itemClass }: { readonly ctx: LayoutContext; readonly items: readonly NavItem[]; readonly class: string; readonly item: string }): JSX.Element {
  return (
    <ul class={cls}>
      {items.map((item) => (
        <li>
          <a
            class={item.active ? `sheaf-anchor ${itemClass} is-active` : `sheaf-anchor ${itemClass}`}
            {...linkAttributes(ctx.base, item.target, ctx.urlStyle)}
            aria-current={item.active ? 'true' : undefined}
            data-active={item.active ? '' : undefined}
          >
            {item.icon ? (
              <span class="sheaf-anchor-icon">
                <NavIcon ctx={ctx} icon={item.icon} />
              </span>
            ) : null}
            <span>{item.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
