/**
 * The element the URL points at is revealed on load and on hashchange: closed <details> around it
 * are opened, hidden tab panels and views selected. Opening an anchored accordion
 * (details.sheaf-accordion[data-anchor][id]) writes its #id to the URL.
 */
import type { BrowserWindow } from '../shared/browser-window.js';
import { targetOf } from './hash-target.js';
import { selectTab, tabParts } from './tabs.js';
import { selectView } from './views.js';

/** Opens, selects and shows whatever hides the element `hash` points at, then scrolls to it. */
export function reveal(win: BrowserWindow, hash: string): void {
  const doc = win.document;
  const target = targetOf(doc, hash);
  if (!target) return;
  let changed = false;
  for (let el: HTMLElement | null = target; el && el !== doc.body; el = el.parentElement) {
    if (el.tagName === 'DETAILS' && !(el as HTMLDetailsElement).open) {
      (el as HTMLDetailsElement).open = true;
      changed = true;
    }
    const parent: HTMLElement | null = el.parentElement;
    if (el.classList.contains('sheaf-tab') && el.hidden && parent && parent.hasAttribute('data-tabs')) {
      selectTab(parent, tabParts(parent).panels.indexOf(el), false);
      changed = true;
    }
    if (el.classList.contains('sheaf-view') && el.hidden) {
      selectView(win, el.getAttribute('data-view') ?? '', false);
      changed = true;
    }
  }
  if (changed && typeof target.scrollIntoView === 'function') target.scrollIntoView();
}

/** On an anchored accordion opening: its #id goes into the URL, unless the URL points inside it already. */
export function onAccordionToggle(win: BrowserWindow, event: Event): void {
  const details = event.target as HTMLDetailsElement | null;
  if (!details || details.tagName !== 'DETAILS' || !details.open) return;
  if (!details.classList.contains('sheaf-accordion') || !details.hasAttribute('data-anchor') || !details.id) return;
  const current = targetOf(win.document, win.location.hash);
  if (current && details.contains(current)) return;
  if (win.history && typeof win.history.replaceState === 'function') win.history.replaceState(null, '', `#${encodeURIComponent(details.id)}`);
}
