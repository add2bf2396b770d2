import type { JSX } from 'preact';
import type { LayoutContext } from './layout-context.js';
import type { NavItem } from './nav-context.js';
import { NavIcon } from './nav-icon.js';
import { targetHref } from './nav-link.js';
import { NavTree } from './nav-tree.js';
import { Switcher } from './switcher.js';

/**
 * The sidebar (`#sheaf-sidebar`): division switchers, the header tabs again (shown on small
 * screens only, where the tab row is hidden), anchors, then the page tree of the active division.
 * Sticky beside the content on wide screens; off-canvas, opened by the menu button, on small ones.
 */
export function Sidebar({ ctx }: { readonly ctx: LayoutContext }): JSX.Element {
  const { nav } = ctx;
  return (
    <aside class="sheaf-sidebar" id="sheaf-sidebar" aria-label="Navigation">
      <div class="sheaf-sidebar-inner">
        {nav.switchers.length > 0 ? (
          <div class="sheaf-switchers">
            {nav.switchers.map((s) => (
              <Switcher ctx={ctx} switcher={s} />
            ))}
          </div>
        ) : null}
        {nav.tabs.length > 0 ? <LinkList ctx={ctx} items={nav.tabs} class="sheaf-sidebar-tabs" /> : null}
        {nav.anchors.length > 0 ? <LinkList ctx={ctx} items={nav.anchors} class="sheaf-anchors" /> : null}
        <nav class="sheaf-nav" aria-label="Pages">
          <NavTree ctx={ctx} nodes={nav.content} />
        </nav>
      </div>
    </aside>
  );
}

function LinkList({ ctx, items, class: cls }: { readonly ctx: LayoutContext; readonly items: readonly NavItem[]; readonly class: string }): JSX.Element {
  return (
    <ul class={cls}>
      {items.map((item) => (
        <li>
          <a class={item.active ? 'sheaf-anchor is-active' : 'sheaf-anchor'} href={targetHref(ctx.base, item.target)} aria-current={item.active ? 'true' : undefined}>
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
