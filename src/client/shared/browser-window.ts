/**
 * The window a script runs against: `window` on a page, a fresh DOM window in the unit tests.
 * Scripts reach the document, storage, timers and DOM constructors through it, never through
 * globals, so each test gets a page of its own.
 */
export type BrowserWindow = Window & typeof globalThis;

/** `target.closest(selector)`, or null for a target that is not an element (a text node, the window). */
export function closest(target: EventTarget | Node | null | undefined, selector: string): Element | null {
  const element = target as Element | null | undefined;
  return element && typeof element.closest === 'function' ? element.closest(selector) : null;
}

/** True on Apple systems, where shortcuts are shown with ⌘. */
export function isApple(win: BrowserWindow): boolean {
  return /Mac|iPhone|iPad|iPod/.test(win.navigator.platform || win.navigator.userAgent || '');
}

/** Runs `start` once the document is parsed (scripts run deferred, but may also be injected later). */
export function whenReady(win: BrowserWindow, start: () => void): void {
  if (win.document.readyState === 'loading') win.document.addEventListener('DOMContentLoaded', start);
  else start();
}

/** Listens to a media query's changes (`addListener` in browsers older than `addEventListener` there). */
export function onMediaChange(query: MediaQueryList, listener: () => void): void {
  if (typeof query.addEventListener === 'function') query.addEventListener('change', listener);
  else if (typeof query.addListener === 'function') query.addListener(listener);
}
