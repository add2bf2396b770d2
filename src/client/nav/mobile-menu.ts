/**
 * The off-canvas sidebar on small screens, the division switchers and the banner:
 *   [data-sheaf-menu]            menu button; toggles html.sheaf-nav-open, aria-expanded
 *   [data-sheaf-menu-close]      the scrim; closes the menu
 *   details[data-sheaf-switcher] version/language/… menus; closed on outside click and Escape
 *   [data-sheaf-banner]          the banner (its value is the id); [data-sheaf-banner-dismiss]
 *                                stores the id in localStorage['sheaf-banner'] and hides it
 * The menu closes when a sidebar link is followed and when the screen grows to desktop width.
 */
import { closest, onMediaChange, type BrowserWindow } from '../shared/browser-window.js';

/** Screens at least this wide show the sidebar in place: the menu closes. */
const DESKTOP = '(min-width: 1024px)';
/** The localStorage key of the dismissed banner's id. */
export const BANNER_KEY = 'sheaf-banner';

export function setMenu(doc: Document, open: boolean): void {
  doc.documentElement.classList.toggle('sheaf-nav-open', open);
  doc.querySelectorAll('[data-sheaf-menu]').forEach((button) => {
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
    button.setAttribute('aria-label', open ? 'Close navigation' : 'Open navigation');
  });
  if (open) {
    const target = doc.querySelector<HTMLElement>('#sidebar .is-active') || doc.querySelector<HTMLElement>('#sidebar a');
    if (target && typeof target.focus === 'function') target.focus({ preventScroll: false });
  }
}

/** Hides the banner and remembers its id (for this page only when storage is unavailable). */
export function dismissBanner(win: BrowserWindow, banner: Element | null): void {
  if (!banner) return;
  const id = banner.getAttribute('data-sheaf-banner');
  try {
    if (id) win.localStorage.setItem(BANNER_KEY, id);
  } catch {
    /* storage unavailable: hidden for this page only */
  }
  win.document.documentElement.classList.add('sheaf-banner-dismissed');
}

export function startMenu(win: BrowserWindow): void {
  const doc = win.document;
  const root = doc.documentElement;
  const isOpen = (): boolean => root.classList.contains('sheaf-nav-open');

  doc.addEventListener('click', (event) => {
    const target = event.target;
    if (closest(target, '[data-sheaf-menu]')) {
      setMenu(doc, !isOpen());
      return;
    }
    if (closest(target, '[data-sheaf-menu-close]')) setMenu(doc, false);
    else if (isOpen() && closest(target, '#sidebar a[href]')) setMenu(doc, false);

    const inside = closest(target, 'details[data-sheaf-switcher]');
    doc.querySelectorAll('details[data-sheaf-switcher][open]').forEach((open) => {
      if (open !== inside) open.removeAttribute('open');
    });

    const dismiss = closest(target, '[data-sheaf-banner-dismiss]');
    if (dismiss) dismissBanner(win, closest(dismiss, '[data-sheaf-banner]'));
  });

  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    if (isOpen()) {
      setMenu(doc, false);
      const button = doc.querySelector<HTMLElement>('[data-sheaf-menu]');
      if (button) button.focus();
    }
    doc.querySelectorAll('details[data-sheaf-switcher][open]').forEach((open) => {
      open.removeAttribute('open');
      const summary = open.querySelector<HTMLElement>('summary');
      if (summary) summary.focus();
    });
  });

  if (typeof win.matchMedia === 'function') {
    const desktop = win.matchMedia(DESKTOP);
    onMediaChange(desktop, () => {
      if (desktop.matches && isOpen()) setMenu(doc, false);
    });
  }
}
