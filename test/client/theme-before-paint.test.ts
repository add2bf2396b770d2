import { describe, expect, it } from 'vitest';
import { BANNER_KEY } from '../../src/client/nav/mobile-menu.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { applyBeforePaint } from '../../src/client/theme/before-paint.js';
import { startTheme } from '../../src/client/theme/start-theme.js';
import { THEME_KEY } from '../../src/client/theme/theme-mode.js';
import { clientBundle } from './client-bundle.js';
import { pages } from './page-window.js';

const page = pages();

interface Case {
  readonly fallback: string | null;
  readonly strict: boolean;
  readonly saved: string | null;
  readonly scheme: 'light' | 'dark';
}

/** A page with `<html>` attributes and storage as `c` says. */
function pageOf(c: Case, extra: Record<string, string> = {}): BrowserWindow {
  const root: Record<string, string> = { ...extra };
  if (c.fallback !== null) root['data-theme-default'] = c.fallback;
  if (c.strict) root['data-theme-strict'] = '';
  const win = page({ root, colorScheme: c.scheme });
  if (c.saved !== null) win.localStorage.setItem(THEME_KEY, c.saved);
  return win;
}

/** What the head script leaves on <html>: dark or not, and color-scheme. */
function painted(win: BrowserWindow): [boolean, string] {
  const root = win.document.documentElement;
  return [root.classList.contains('dark'), root.style.colorScheme];
}

describe('the head script before the first paint', () => {
  it('shows the default colours, the system ones for `system` or no default', () => {
    const cases: [Case, [boolean, string]][] = [
      [{ fallback: 'light', strict: false, saved: null, scheme: 'dark' }, [false, 'light']],
      [{ fallback: 'dark', strict: false, saved: null, scheme: 'light' }, [true, 'dark']],
      [{ fallback: 'system', strict: false, saved: null, scheme: 'dark' }, [true, 'dark']],
      [{ fallback: 'system', strict: false, saved: null, scheme: 'light' }, [false, 'light']],
      [{ fallback: null, strict: false, saved: null, scheme: 'dark' }, [true, 'dark']],
      [{ fallback: '', strict: false, saved: null, scheme: 'light' }, [false, 'light']],
    ];
    for (const [c, expected] of cases) {
      const win = pageOf(c);
      applyBeforePaint(win);
      expect(painted(win), JSON.stringify(c)).toEqual(expected);
    }
  });

  it('takes the saved choice over the default, ignores a value that is no mode, and ignores the reader when strict', () => {
    const cases: [Case, boolean][] = [
      [{ fallback: 'light', strict: false, saved: 'dark', scheme: 'light' }, true],
      [{ fallback: 'dark', strict: false, saved: 'light', scheme: 'dark' }, false],
      [{ fallback: 'light', strict: false, saved: 'system', scheme: 'dark' }, true],
      [{ fallback: 'light', strict: false, saved: 'Dark', scheme: 'dark' }, false],
      [{ fallback: 'light', strict: true, saved: 'dark', scheme: 'dark' }, false],
    ];
    for (const [c, dark] of cases) {
      const win = pageOf(c);
      applyBeforePaint(win);
      expect(painted(win)[0], JSON.stringify(c)).toBe(dark);
    }
  });

  it('applies the default when storage cannot be read (private mode, some file:// pages)', () => {
    const win = pageOf({ fallback: 'dark', strict: false, saved: null, scheme: 'light' }, { 'data-banner': 'b1' });
    Object.defineProperty(win, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    applyBeforePaint(win);
    expect(painted(win)).toEqual([true, 'dark']);
    expect(win.document.documentElement.classList.contains('sheaf-banner-dismissed')).toBe(false);
  });

  it('hides the banner the reader dismissed, and only that banner', () => {
    const hidden = (banner: string | null, stored: string | null): boolean => {
      const win = pageOf({ fallback: 'light', strict: false, saved: null, scheme: 'light' }, banner === null ? {} : { 'data-banner': banner });
      if (stored !== null) win.localStorage.setItem(BANNER_KEY, stored);
      applyBeforePaint(win);
      return win.document.documentElement.classList.contains('sheaf-banner-dismissed');
    };
    expect([hidden('b1', 'b1'), hidden('b2', 'b1'), hidden('b1', null), hidden(null, 'b1'), hidden('', '')]).toEqual([true, false, false, false, false]);
  });

  it('shows the colours the toggle shows on load, for every default, strictness, saved value and system preference', () => {
    let compared = 0;
    for (const scheme of ['light', 'dark'] as const) {
      // One page for each script per system preference, reset between cases (a page per case is slow).
      const before = page({ colorScheme: scheme });
      const after = page({ colorScheme: scheme });
      const reset = (win: BrowserWindow, c: Case): void => {
        const root = win.document.documentElement;
        for (const name of ['data-theme-default', 'data-theme-strict', 'class', 'style']) root.removeAttribute(name);
        if (c.fallback !== null) root.setAttribute('data-theme-default', c.fallback);
        if (c.strict) root.setAttribute('data-theme-strict', '');
        win.localStorage.clear();
        if (c.saved !== null) win.localStorage.setItem(THEME_KEY, c.saved);
      };
      for (const fallback of ['light', 'dark', 'system', '', null]) {
        for (const strict of [false, true]) {
          for (const saved of ['light', 'dark', 'system', 'sepia', null]) {
            const c: Case = { fallback, strict, saved, scheme };
            reset(before, c);
            applyBeforePaint(before);
            reset(after, c);
            startTheme(after);
            expect(painted(before), JSON.stringify(c)).toEqual(painted(after));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(100);
  });
});

describe('the bundled head script (inlined into every page)', () => {
  const code = clientBundle('theme-head');

  it('runs as an inline script and sets the mode', () => {
    const win = page({ scripts: true, root: { 'data-theme-default': 'dark', 'data-banner': 'b1' } });
    win.localStorage.setItem(BANNER_KEY, 'b1');
    const script = win.document.createElement('script');
    script.textContent = code;
    win.document.head.appendChild(script);
    expect(painted(win)).toEqual([true, 'dark']);
    expect(win.document.documentElement.classList.contains('sheaf-banner-dismissed')).toBe(true);
  });

  it('holds nothing that would end or change the <script> element it is inlined in', () => {
    expect(code).not.toMatch(/<\/script|<!--|<script/i);
  });
});
