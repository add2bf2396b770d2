import { describe, expect, it } from 'vitest';
import { startTheme } from '../../src/client/theme/start-theme.js';
import { THEME_KEY, isDark, parseMode, resolveMode } from '../../src/client/theme/theme-mode.js';
import { $, click, pages } from './page-window.js';

const TOGGLE = '<button data-sheaf-theme-toggle>Theme</button><button data-sheaf-theme-toggle id="second">Theme</button>';

const page = pages();

describe('the colour mode rule', () => {
  it('reads only the three modes from storage', () => {
    expect(['light', 'dark', 'system', 'Dark', '', null].map(parseMode)).toEqual(['light', 'dark', 'system', null, null, null]);
  });

  it('takes this page’s choice, else the saved one, else the default; strict ignores the reader', () => {
    expect(resolveMode({ fallback: 'system', strict: false, chosen: 'dark', saved: 'light' })).toBe('dark');
    expect(resolveMode({ fallback: 'system', strict: false, chosen: null, saved: 'light' })).toBe('light');
    expect(resolveMode({ fallback: 'dark', strict: false, chosen: null, saved: null })).toBe('dark');
    expect(resolveMode({ fallback: 'light', strict: true, chosen: 'dark', saved: 'dark' })).toBe('light');
  });

  it('is dark for dark, and for system while the system prefers dark', () => {
    expect([isDark('dark', false), isDark('light', true), isDark('system', true), isDark('system', false), isDark('sepia', true)]).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});

describe('the toggle on a page', () => {
  it('applies the default, then toggles and saves the choice, updating every button', () => {
    const win = page({ root: { 'data-theme-default': 'light' }, body: TOGGLE });
    startTheme(win);
    const root = win.document.documentElement;
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
    expect($(win, '#second').getAttribute('aria-label')).toBe('Switch to dark mode');
    click(win, $(win, 'button'));
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(win.localStorage.getItem(THEME_KEY)).toBe('dark');
    expect([...win.document.querySelectorAll('[data-sheaf-theme-toggle]')].map((b) => [b.getAttribute('aria-pressed'), b.getAttribute('aria-label')])).toEqual([
      ['true', 'Switch to light mode'],
      ['true', 'Switch to light mode'],
    ]);
    click(win, $(win, '#second'));
    expect(root.classList.contains('dark')).toBe(false);
    expect(win.localStorage.getItem(THEME_KEY)).toBe('light');
  });

  it('starts from the saved choice over the default', () => {
    const win = page({ root: { 'data-theme-default': 'light' }, body: TOGGLE });
    win.localStorage.setItem(THEME_KEY, 'dark');
    expect(startTheme(win).mode()).toBe('dark');
    expect(win.document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('follows the system in system mode (the default when none is set)', () => {
    const win = page({ colorScheme: 'dark', body: TOGGLE });
    const theme = startTheme(win);
    expect(theme.mode()).toBe('system');
    expect(win.document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('keeps the choice for the page when storage refuses it', () => {
    const win = page({ root: { 'data-theme-default': 'light' }, body: TOGGLE });
    Object.defineProperty(win, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    const theme = startTheme(win);
    click(win, $(win, 'button'));
    expect(theme.mode()).toBe('dark');
    expect(win.document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('applies a choice made in another tab (storage event), dropping this page’s own', () => {
    const win = page({ root: { 'data-theme-default': 'light' }, body: TOGGLE });
    const theme = startTheme(win);
    theme.toggle();
    expect(theme.mode()).toBe('dark');
    win.localStorage.setItem(THEME_KEY, 'light');
    win.dispatchEvent(new win.StorageEvent('storage', { key: THEME_KEY, newValue: 'light' }));
    expect(theme.mode()).toBe('light');
    expect(win.document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('ignores the reader with data-theme-strict', () => {
    const win = page({ root: { 'data-theme-default': 'dark', 'data-theme-strict': '' }, body: TOGGLE });
    win.localStorage.setItem(THEME_KEY, 'light');
    const theme = startTheme(win);
    expect(theme.mode()).toBe('dark');
    expect(win.document.documentElement.classList.contains('dark')).toBe(true);
  });
});
