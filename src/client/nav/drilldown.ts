/**
 * docs.json `interaction.drilldown: true` (the sidebar's `nav[data-sheaf-drilldown]`): clicking
 * a closed group of the sidebar opens it and goes to its first page, as Mintlify documents
 * ("navigate to the first page when a user clicks a group"). The first page is the group's first
 * link in document order: its root page's link in the summary, else the first page of its list
 * (a large sidebar's collapsed group holds exactly that link). Clicking an open group only closes
 * it; a click on a link inside the summary (the root page's) is left to the link. Without the
 * attribute (`false` or unset, the mint layout's default) groups only open and close.
 */
import { closest, type BrowserWindow } from '../shared/browser-window.js';

/** The href a click on `target` should go to under drilldown, or undefined to leave the click alone. */
export function drilldownHref(target: EventTarget | null): string | undefined {
  const summary = closest(target, 'nav[data-sheaf-drilldown] details > summary');
  if (!summary || closest(target, 'a[href]')) return undefined;
  const details = summary.parentElement as HTMLDetailsElement | null;
  if (!details || details.open) return undefined;
  const link = details.querySelector<HTMLAnchorElement>('a[href]');
  return link ? link.href : undefined;
}

export function startDrilldown(win: BrowserWindow): void {
  // Capture phase: the group's state is read before the summary's own toggle can change it (DOM
  // implementations differ on when that runs). The group still opens, so the sidebar answers at once.
  win.document.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const href = drilldownHref(event.target);
      if (href) win.location.assign(href);
    },
    true,
  );
}
