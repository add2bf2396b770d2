/**
 * Sheaf page navigation: the mobile menu, switchers and banner (mobile-menu.ts), large sidebars'
 * groups loaded on first open (sidebar-fragments.ts), the active page brought into view in the
 * sidebar, the table-of-contents scroll spy (scroll-spy.ts), right-column examples
 * (aside-column.ts), folder links when reading files (file-link.ts) and, with docs.json
 * `interaction.drilldown`, groups that open their first page (drilldown.ts). Runs deferred, in any
 * order with the other Sheaf scripts.
 */
import { whenReady, type BrowserWindow } from '../shared/browser-window.js';
import { startAsideColumn } from './aside-column.js';
import { startDrilldown } from './drilldown.js';
import { fixFileLinks } from './file-link.js';
import { startMenu } from './mobile-menu.js';
import { startScrollSpy } from './scroll-spy.js';
import { startSidebarFragments } from './sidebar-fragments.js';

/** Scrolls #sidebar (the sidebar, Mintlify's id) so that its active link, when out of view, sits a third of the way down. */
export function revealActive(doc: Document): void {
  const sidebar = doc.getElementById('sidebar');
  const active = sidebar && sidebar.querySelector('.sheaf-nav a.is-active');
  if (!sidebar || !active) return;
  const box = sidebar.getBoundingClientRect();
  const at = active.getBoundingClientRect();
  if (at.top < box.top || at.bottom > box.bottom) {
    sidebar.scrollTop += at.top - box.top - sidebar.clientHeight / 3;
  }
}

export function startNav(win: BrowserWindow): void {
  startMenu(win);
  startDrilldown(win);
  const fragments = startSidebarFragments(win);
  whenReady(win, () => {
    fixFileLinks(win.document, win.location.protocol === 'file:');
    fragments.fillOpenGroups();
    revealActive(win.document);
    startScrollSpy(win);
    startAsideColumn(win);
  });
}
