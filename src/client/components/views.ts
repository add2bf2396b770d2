/**
 * Views: .sheaf-view[data-view] sections of a page, one selector per page switches them. The
 * choice is kept in localStorage['sheaf:view'] and announced with a "sheaf:view-change" event on
 * the document; table-of-contents links into a hidden view are hidden with it.
 */
import { closest, type BrowserWindow } from '../shared/browser-window.js';
import { targetOf } from './hash-target.js';

/** The localStorage key of the chosen view's title. */
export const VIEW_KEY = 'sheaf:view';

export function viewsOf(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.sheaf-view[data-view]'));
}

/** The titles of the views, in order of first appearance, each once. */
export function viewTitles(views: readonly Element[]): string[] {
  const titles: string[] = [];
  for (const view of views) {
    const title = view.getAttribute('data-view') ?? '';
    if (titles.indexOf(title) < 0) titles.push(title);
  }
  return titles;
}

function readStoredView(win: BrowserWindow): string | null {
  try {
    return win.localStorage.getItem(VIEW_KEY);
  } catch {
    return null;
  }
}

function storeView(win: BrowserWindow, title: string): void {
  try {
    win.localStorage.setItem(VIEW_KEY, title);
  } catch {
    /* storage may be disabled: the choice then lasts for this page only */
  }
}

/** Hides table-of-contents links (in nav, aside or [data-toc]) whose target is in a hidden view. */
function syncTocWithViews(doc: Document): void {
  doc.querySelectorAll<HTMLElement>('nav a[href^="#"], aside a[href^="#"], [data-toc] a[href^="#"]').forEach((link) => {
    if (closest(link, '.sheaf-view')) return;
    const view = closest(targetOf(doc, link.getAttribute('href')), '.sheaf-view') as HTMLElement | null;
    if (!view) return;
    ((closest(link, 'li') as HTMLElement | null) || link).hidden = view.hidden;
  });
}

/** Shows the views titled `title` (an unknown title changes nothing); `remember` saves the choice. */
export function selectView(win: BrowserWindow, title: string, remember: boolean): void {
  const doc = win.document;
  const views = viewsOf(doc);
  if (!views.some((v) => v.getAttribute('data-view') === title)) return;
  views.forEach((v) => {
    v.hidden = v.getAttribute('data-view') !== title;
  });
  doc.querySelectorAll<HTMLSelectElement>('select.sheaf-view-select').forEach((s) => {
    s.value = title;
  });
  if (remember) storeView(win, title);
  syncTocWithViews(doc);
  if (typeof win.CustomEvent === 'function') doc.dispatchEvent(new win.CustomEvent('sheaf:view-change', { detail: { view: title } }));
}

/** Adds the view selector (into [data-view-switcher], else before the first view) and shows the saved or first view. */
export function enhanceViews(win: BrowserWindow): void {
  const doc = win.document;
  const views = viewsOf(doc);
  if (views.length === 0 || doc.querySelector('.sheaf-view-switcher')) return;
  const titles = viewTitles(views);
  const switcher = doc.createElement('div');
  switcher.className = 'sheaf-view-switcher';
  const label = doc.createElement('label');
  const caption = doc.createElement('span');
  caption.className = 'sheaf-view-switcher-label';
  caption.textContent = 'View';
  const select = doc.createElement('select');
  select.className = 'sheaf-view-select';
  for (const t of titles) {
    const option = doc.createElement('option');
    option.value = t;
    option.textContent = t;
    select.appendChild(option);
  }
  label.appendChild(caption);
  label.appendChild(select);
  switcher.appendChild(label);
  const slot = doc.querySelector('[data-view-switcher]');
  const first = views[0] as HTMLElement;
  if (slot) slot.appendChild(switcher);
  else first.parentNode?.insertBefore(switcher, first);
  doc.documentElement.setAttribute('data-views-enhanced', '');
  const stored = readStoredView(win);
  selectView(win, stored && titles.indexOf(stored) >= 0 ? stored : (titles[0] as string), false);
}
