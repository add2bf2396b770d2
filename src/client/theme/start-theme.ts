/**
 * Sheaf colour mode on a page: the toggle buttons ([data-sheaf-theme-toggle]), persistence and
 * following the system. In `system` mode the page follows prefers-color-scheme live; a choice
 * made in another tab (the `storage` event) is applied here too. See theme-mode.ts for the rule.
 */
import { closest, onMediaChange, type BrowserWindow } from '../shared/browser-window.js';
import { THEME_KEY, isDark, parseMode, resolveMode, type ThemeMode } from './theme-mode.js';

const TOGGLE = '[data-sheaf-theme-toggle]';

export interface ThemeController {
  /** The mode in force now. */
  mode(): string;
  /** Shows the mode in force: html.dark, color-scheme and the buttons' state. */
  apply(): void;
  /** Switches to the other colours, saving the choice. */
  toggle(): void;
}

/** The saved choice, or null when there is none or storage cannot be read. */
function savedMode(win: BrowserWindow): ThemeMode | null {
  try {
    return parseMode(win.localStorage.getItem(THEME_KEY));
  } catch {
    return null;
  }
}

export function startTheme(win: BrowserWindow): ThemeController {
  const doc = win.document;
  const root = doc.documentElement;
  const media = typeof win.matchMedia === 'function' ? win.matchMedia('(prefers-color-scheme: dark)') : null;
  let chosen: ThemeMode | null = null;

  const mode = (): string =>
    resolveMode({
      fallback: root.getAttribute('data-theme-default') || 'system',
      strict: root.hasAttribute('data-theme-strict'),
      chosen,
      saved: savedMode(win),
    });

  const apply = (): void => {
    const dark = isDark(mode(), !!media && media.matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    doc.querySelectorAll(TOGGLE).forEach((button) => {
      button.setAttribute('aria-pressed', dark ? 'true' : 'false');
      button.setAttribute('aria-label', dark ? 'Switch to light mode' : 'Switch to dark mode');
    });
  };

  const toggle = (): void => {
    const next: ThemeMode = root.classList.contains('dark') ? 'light' : 'dark';
    chosen = next;
    try {
      win.localStorage.setItem(THEME_KEY, next);
    } catch {
      /* storage unavailable (private mode, some file:// pages): the choice lasts for this page */
    }
    apply();
  };

  doc.addEventListener('click', (event) => {
    if (closest(event.target, TOGGLE)) toggle();
  });
  if (media) {
    onMediaChange(media, () => {
      if (mode() === 'system') apply();
    });
  }
  win.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) {
      chosen = null;
      apply();
    }
  });
  apply();
  return { mode, apply, toggle };
}
