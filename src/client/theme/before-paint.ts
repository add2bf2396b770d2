/**
 * What the inline head script does before the first paint (entry ../theme-head.ts; the build
 * inlines it at the top of every page's <head>, before any stylesheet, so a page never flashes in
 * the wrong colours): the mode in force, by the same rule as the toggle (theme-mode.ts), as class
 * `dark` and `color-scheme` on <html>; and class `sheaf-banner-dismissed` on <html> when the
 * reader dismissed this banner (localStorage['sheaf-banner'] equals <html data-banner>).
 */
import { BANNER_KEY } from '../nav/mobile-menu.js';
import type { BrowserWindow } from '../shared/browser-window.js';
import { THEME_KEY, isDark, parseMode, resolveMode } from './theme-mode.js';

export function applyBeforePaint(win: BrowserWindow): void {
  const root = win.document.documentElement;
  let saved: string | null = null;
  let dismissed: string | null = null;
  try {
    saved = win.localStorage.getItem(THEME_KEY);
    dismissed = win.localStorage.getItem(BANNER_KEY);
  } catch {
    /* storage unavailable (private mode, some file:// pages): the defaults apply */
  }
  const mode = resolveMode({
    fallback: root.getAttribute('data-theme-default') || 'system',
    strict: root.hasAttribute('data-theme-strict'),
    chosen: null,
    saved: parseMode(saved),
  });
  const dark = isDark(mode, typeof win.matchMedia === 'function' && win.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
  const banner = root.getAttribute('data-banner');
  if (banner && dismissed === banner) root.classList.add('sheaf-banner-dismissed');
}
