/**
 * Sheaf components: browser behaviour of the MDX components (tabs.ts, copy.ts, views.ts,
 * reveal.ts). Idempotent: window.sheafComponents.enhance(root) may run any number of times, and a
 * second copy of the script on the page does nothing; the document listeners are installed once.
 */
import { closest, whenReady, type BrowserWindow } from '../shared/browser-window.js';
import { createCopier } from './copy.js';
import { onAccordionToggle, reveal } from './reveal.js';
import { chooseTab, enhanceTabs, onTabKey, tabParts } from './tabs.js';
import { enhanceViews, selectView } from './views.js';

export function startComponents(win: BrowserWindow): void {
  if (win.sheafComponents && win.sheafComponents.version === 1) return;
  const doc = win.document;
  let idCounter = 0;
  /** An id not yet used in the document: `prefix-<n>`. */
  const uniqueId = (prefix: string): string => {
    let id: string;
    do {
      idCounter += 1;
      id = `${prefix}-${idCounter}`;
    } while (doc.getElementById(id));
    return id;
  };
  const copier = createCopier(win);

  const enhance = (root?: ParentNode): void => {
    (root || doc).querySelectorAll('[data-tabs]').forEach((group) => enhanceTabs(group, uniqueId));
    enhanceViews(win);
  };

  doc.addEventListener('click', (event) => {
    const tab = closest(event.target, '.sheaf-tabs-bar [role="tab"]');
    if (tab) {
      const group = closest(tab, '[data-tabs]');
      if (group) chooseTab(win, group, tabParts(group).buttons.indexOf(tab as HTMLElement), false);
      return;
    }
    const copy = closest(event.target, '.copy-button, [data-copy]');
    if (copy) copier.copy(copy);
  });
  doc.addEventListener('keydown', (event) => {
    const tab = closest(event.target, '.sheaf-tabs-bar [role="tab"]');
    if (tab) onTabKey(win, event, tab);
  });
  doc.addEventListener('change', (event) => {
    const target = event.target as HTMLSelectElement | null;
    if (target && target.classList && target.classList.contains('sheaf-tabs-select')) {
      const group = closest(target, '[data-tabs]');
      if (group) chooseTab(win, group, parseInt(target.value, 10), false);
    } else if (target && target.classList && target.classList.contains('sheaf-view-select')) {
      selectView(win, target.value, true);
    }
  });
  /* toggle does not bubble: listen in the capture phase. */
  doc.addEventListener('toggle', (event) => onAccordionToggle(win, event), true);
  win.addEventListener('hashchange', () => reveal(win, win.location.hash));

  win.sheafComponents = {
    version: 1,
    enhance,
    reveal: (hash) => reveal(win, hash),
    selectView: (title, remember) => selectView(win, title, remember),
  };
  whenReady(win, () => {
    enhance(doc);
    reveal(win, win.location.hash);
  });
}
