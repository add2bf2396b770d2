import { Window } from 'happy-dom';
import { afterEach } from 'vitest';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';

export interface PageOptions {
  /** The page's URL. */
  readonly url?: string;
  /** Attributes of <html> (`data-base`, `data-route`, `data-theme-default`…). */
  readonly root?: Readonly<Record<string, string>>;
  /** The body's markup. */
  readonly body?: string;
  /** prefers-color-scheme of the device. */
  readonly colorScheme?: 'light' | 'dark';
  /** Viewport width in CSS pixels (media queries read it). */
  readonly width?: number;
  /** Runs <script> elements (the bundles' smoke tests). */
  readonly scripts?: boolean;
  /**
   * What a <script src> gets: never the network; `load` (the default) or `error` at once, as a
   * script that loaded (whatever the page put in place beforehand) or failed.
   */
  readonly scriptFiles?: 'load' | 'error';
}

/**
 * A fresh page in happy-dom, as the type the client code takes. Every test gets its own, so
 * listeners a script installs never reach another test. `close()` when done.
 */
export function pageWindow(options: PageOptions = {}): BrowserWindow & { close(): Promise<void> } {
  const happy = new Window({
    url: options.url ?? 'https://docs.example.com/guide/',
    width: options.width ?? 1024,
    height: 768,
    settings: {
      device: { prefersColorScheme: options.colorScheme ?? 'light' },
      enableJavaScriptEvaluation: options.scripts === true,
      disableJavaScriptFileLoading: true,
      handleDisabledFileLoadingAsSuccess: (options.scriptFiles ?? 'load') === 'load',
      suppressInsecureJavaScriptEnvironmentWarning: true,
    },
  });
  const root = happy.document.documentElement;
  for (const [name, value] of Object.entries(options.root ?? {})) root.setAttribute(name, value);
  happy.document.body.innerHTML = options.body ?? '';
  const win = happy as unknown as BrowserWindow;
  return Object.assign(win, { close: () => happy.happyDOM.close() });
}

/** A click on `element`, bubbling as a reader's would. */
export function click(win: BrowserWindow, element: Element, init: MouseEventInit = {}): void {
  element.dispatchEvent(new win.MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
}

/** A key press on `element` (keydown, bubbling). */
export function key(win: BrowserWindow, element: Element | Document, keyName: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new win.KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true, ...init });
  element.dispatchEvent(event);
  return event;
}

/** The element matching `selector`, failing the test when there is none. */
export function $(win: BrowserWindow, selector: string): HTMLElement {
  const found = win.document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`No ${selector} in the page`);
  return found;
}

/** `pageWindow` for a test file: every page a test opens is closed after it. */
export function pages(): (options?: PageOptions) => ReturnType<typeof pageWindow> {
  let open: ReturnType<typeof pageWindow>[] = [];
  afterEach(async () => {
    const closing = open;
    open = [];
    await Promise.all(closing.map((w) => w.close()));
  });
  return (options) => {
    const win = pageWindow(options);
    open.push(win);
    return win;
  };
}
