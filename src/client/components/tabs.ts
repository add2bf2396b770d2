/**
 * Tabs, CodeGroup, RequestExample, ResponseExample: [data-tabs] groups whose direct children are
 * .sheaf-tabs-bar (hidden until enhanced; [role=tab] buttons or select.sheaf-tabs-select) and
 * .sheaf-tab panels ([data-tab-title]) paired by position. [data-default-tab] is the first
 * selection; [data-sync] groups follow each other by tab title. Enhancing sets [data-enhanced].
 */
import { closest, type BrowserWindow } from '../shared/browser-window.js';

export interface TabParts {
  readonly bar: Element | null;
  readonly panels: HTMLElement[];
  readonly buttons: HTMLElement[];
  readonly select: HTMLSelectElement | null;
}

function childrenWithClass(el: Element, name: string): HTMLElement[] {
  return (Array.from(el.children) as HTMLElement[]).filter((c) => c.classList.contains(name));
}

export function tabParts(group: Element): TabParts {
  const bar = childrenWithClass(group, 'sheaf-tabs-bar')[0] || null;
  return {
    bar,
    panels: childrenWithClass(group, 'sheaf-tab'),
    buttons: bar ? Array.from(bar.querySelectorAll<HTMLElement>('[role="tab"]')) : [],
    select: bar ? bar.querySelector<HTMLSelectElement>('select.sheaf-tabs-select') : null,
  };
}

/** Shows panel `index` of the group (out of range: nothing changes); `focus` moves focus to its button. */
export function selectTab(group: Element, index: number, focus: boolean): void {
  const parts = tabParts(group);
  if (index < 0 || index >= parts.panels.length) return;
  parts.panels.forEach((panel, i) => {
    panel.hidden = i !== index;
  });
  parts.buttons.forEach((button, i) => {
    button.setAttribute('aria-selected', i === index ? 'true' : 'false');
    button.tabIndex = i === index ? 0 : -1;
  });
  if (parts.select) parts.select.value = String(index);
  group.setAttribute('data-active-tab', String(index));
  const button = parts.buttons[index];
  if (focus && button) button.focus();
}

/** The position of the panel titled `title`, or -1. */
export function tabIndexOfTitle(group: Element, title: string): number {
  const panels = tabParts(group).panels;
  for (let i = 0; i < panels.length; i += 1) {
    if ((panels[i] as HTMLElement).getAttribute('data-tab-title') === title) return i;
  }
  return -1;
}

/** Selects a tab as the reader did: synced groups follow, and the clicked group stays put on screen. */
export function chooseTab(win: BrowserWindow, group: Element, index: number, focus: boolean): void {
  const before = group.getBoundingClientRect().top;
  selectTab(group, index, focus);
  if (!group.hasAttribute('data-sync')) return;
  const panel = tabParts(group).panels[index];
  const title = panel ? panel.getAttribute('data-tab-title') : null;
  if (!title) return;
  win.document.querySelectorAll('[data-tabs][data-sync][data-enhanced]').forEach((other) => {
    if (other === group) return;
    const j = tabIndexOfTitle(other, title);
    if (j >= 0) selectTab(other, j, false);
  });
  const after = group.getBoundingClientRect().top;
  if (after !== before && typeof win.scrollBy === 'function') win.scrollBy(0, after - before);
}

/** Pairs buttons and panels (ids, roles, aria) and selects the default tab; once per group. */
export function enhanceTabs(group: Element, uniqueId: (prefix: string) => string): void {
  if (group.hasAttribute('data-enhanced')) return;
  const parts = tabParts(group);
  if (!parts.bar || parts.panels.length === 0) return;
  parts.panels.forEach((panel, i) => {
    if (!panel.id) panel.id = uniqueId('sheaf-tab');
    panel.setAttribute('role', 'tabpanel');
    const button = parts.buttons[i];
    if (button) {
      if (!button.id) button.id = uniqueId('sheaf-tab-button');
      button.setAttribute('aria-controls', panel.id);
      panel.setAttribute('aria-labelledby', button.id);
    }
  });
  const start = parseInt(group.getAttribute('data-default-tab') || '0', 10);
  group.setAttribute('data-enhanced', '');
  (parts.bar as HTMLElement).hidden = false;
  selectTab(group, start >= 0 && start < parts.panels.length ? start : 0, false);
}

/** Arrow keys, Home and End move between a group's tabs (wrapping around). */
export function onTabKey(win: BrowserWindow, event: KeyboardEvent, button: Element): void {
  const group = closest(button, '[data-tabs]');
  if (!group) return;
  const buttons = tabParts(group).buttons;
  const i = buttons.indexOf(button as HTMLElement);
  let next = -1;
  if (event.key === 'ArrowRight') next = (i + 1) % buttons.length;
  else if (event.key === 'ArrowLeft') next = (i - 1 + buttons.length) % buttons.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = buttons.length - 1;
  if (next < 0) return;
  event.preventDefault();
  chooseTab(win, group, next, true);
}
