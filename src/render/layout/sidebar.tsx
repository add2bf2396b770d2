import type { JSX } from 'preact';
import type { LayoutContext } from './layout-context.js';
import type { NavItem } from './nav-context.js';
import { NavIcon } from './nav-icon.js';
import { linkAttributes } from './href.js';
import { NavTree } from './nav-tree.js';
import { Switcher } from './switcher.js';

/**
 * The sidebar (`#sidebar`, Mintlify's id; its content `#sidebar-content`): division switchers, the header tabs again (shown on small
 * screens only, where the tab row is hidden), anchors, then the page tree of the active division.
 * Sticky beside the content on wide screens; off-canvas, opened by the menu button, on small ones.
 * `data-sheaf-drilldown` (docs.json `interaction.drilldown: true`): nav.js opens a group's first
 * page when a closed group is clicked (nav/drilldown.ts).
 */
export function Sidebar({ ctx }: { readonly ctx: LayoutContext }): JSX.Element {
  const { nav } = ctx;
  return (
    <aside class="sheaf-sidebar" id="sidebar" aria-label="Navigation">
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
            {...linkAttributes(ctx.base, item.target)}
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
