import { escapeHtml } from '../html.js';

export interface TabPanel {
  /** Plain text: the tab's label and the panel's `data-tab-title`. */
  readonly title: string;
  /** The panel's HTML. */
  readonly html: string;
}

/**
 * A tab set in the components' markup (see src/render/components/tabs.tsx), so that
 * src/client/components/tabs.ts enhances it with no new script: `[data-tabs]` > hidden
 * `.sheaf-tabs-bar` with `[role=tab]` buttons, then one `.sheaf-tab[data-tab-title]` panel per tab
 * with its `.sheaf-tab-title` (what a reader without JavaScript sees above each panel). Not synced
 * with other tab sets (no `data-sync`): choosing one option must not switch unrelated ones.
 */
export function renderTabSet(panels: readonly TabPanel[], className: string): string {
  const buttons = panels.map((p, i) => {
    const title = escapeHtml(p.title);
    return `<button type="button" role="tab" class="sheaf-tabs-tab" data-tab-title="${title}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}"><span>${title}</span></button>`;
  });
  const bodies = panels.map((p) => {
    const title = escapeHtml(p.title);
    return `<div class="sheaf-tab" data-tab-title="${title}"><div class="sheaf-tab-title"><span>${title}</span></div>${p.html}</div>`;
  });
  return `<div class="sheaf-tabs ${className}" data-tabs="" data-default-tab="0"><div class="sheaf-tabs-bar" hidden><div class="sheaf-tabs-list" role="tablist">${buttons.join('')}</div></div>${bodies.join('')}</div>`;
}

/** Titles made distinct by numbering repeats in order: `Pet`, `Pet (2)`. */
export function distinctTitles(titles: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(titles);
  return titles.map((title) => {
    const count = (seen.get(title) ?? 0) + 1;
    seen.set(title, count);
    if (count === 1) return title;
    let n = count;
    while (taken.has(`${title} (${n})`)) n += 1;
    const next = `${title} (${n})`;
    taken.add(next);
    return next;
  });
}
