/**
 * Examples in the right column on wide screens: the body's .sheaf-aside blocks move into
 * [data-sheaf-aside-column] on screens at least 1280 px wide, and back to their place (marked by a
 * comment) below that. html.sheaf-has-aside is set while the column holds them (or did already).
 */
import { onMediaChange, type BrowserWindow } from '../shared/browser-window.js';

const WIDE = '(min-width: 1280px)';

export function startAsideColumn(win: BrowserWindow): void {
  const doc = win.document;
  const root = doc.documentElement;
  const column = doc.querySelector('[data-sheaf-aside-column]');
  const blocks = doc.querySelectorAll('.sheaf-content .sheaf-aside');
  if (!column || !blocks.length || typeof win.matchMedia !== 'function') return;
  const hadAside = root.classList.contains('sheaf-has-aside');
  const places: { readonly block: Element; readonly mark: Comment }[] = [];
  blocks.forEach((block) => {
    const mark = doc.createComment('sheaf-aside');
    block.parentNode?.insertBefore(mark, block);
    places.push({ block, mark });
  });
  const wide = win.matchMedia(WIDE);
  const place = (): void => {
    for (const p of places) {
      if (wide.matches) column.appendChild(p.block);
      else p.mark.parentNode?.insertBefore(p.block, p.mark.nextSibling);
    }
    root.classList.toggle('sheaf-has-aside', hadAside || wide.matches);
  };
  onMediaChange(wide, place);
  place();
}
