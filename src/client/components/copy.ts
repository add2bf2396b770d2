/**
 * Copy buttons: .copy-button copies the `pre` of its .code-block, else of the visible panel of its
 * [data-tabs] group, or (data-copy-target="prompt") the text of its .sheaf-prompt-body;
 * [data-copy] copies the attribute's value ([data-copy-dark] in dark mode). The button says
 * "Copied" (or "Copy failed") for COPIED_MS, then its label comes back.
 */
import { closest, type BrowserWindow } from '../shared/browser-window.js';
import { execCommandCopy } from '../shared/exec-command-copy.js';
import { tabParts } from './tabs.js';

/** How long copy buttons say "Copied", in milliseconds. */
const COPIED_MS = 2000;

function visiblePanel(group: Element): HTMLElement | null {
  const panels = tabParts(group).panels;
  for (const panel of panels) if (!panel.hidden) return panel;
  return panels[0] || null;
}

/** The text a copy button stands for, or null. */
export function copySource(button: Element): string | null {
  if (button.getAttribute('data-copy-target') === 'prompt') {
    const prompt = closest(button, '.sheaf-prompt');
    const body = prompt && prompt.querySelector<HTMLElement>('.sheaf-prompt-body');
    return body ? (body.innerText || body.textContent || '').trim() : null;
  }
  let block: Element | null = closest(button, '.code-block');
  if (!block) {
    const group = closest(button, '[data-tabs]');
    const panel = group && visiblePanel(group);
    block = panel && (panel.querySelector('.code-block') || panel);
  }
  const pre = block && (block.querySelector('pre') || block.querySelector('code'));
  return pre ? pre.textContent : null;
}

/** The value a [data-copy] button copies: its dark variant while the page is dark. */
export function copyValue(button: Element, dark: boolean): string | null {
  const darkValue = dark && button.getAttribute('data-copy-dark');
  return darkValue || button.getAttribute('data-copy');
}

export interface Copier {
  /** Copies what `button` stands for and shows the outcome on it. */
  copy(button: Element): void;
}

export function createCopier(win: BrowserWindow): Copier {
  const doc = win.document;
  /** The timer putting each button's label back. */
  const timers = new WeakMap<Element, number>();

  /** Calls done(true|false) once the text is on the clipboard (or could not be put there). */
  function copyText(text: string, done: (ok: boolean) => void): void {
    const clipboard = win.navigator.clipboard;
    if (clipboard && typeof clipboard.writeText === 'function' && win.isSecureContext) {
      clipboard.writeText(text).then(
        () => done(true),
        () => done(execCommandCopy(win, text)),
      );
    } else {
      done(execCommandCopy(win, text));
    }
  }

  function showCopied(button: Element, ok: boolean): void {
    const label = button.querySelector('span:not([aria-hidden])') || button;
    if (!button.hasAttribute('data-copy-label')) {
      button.setAttribute('data-copy-label', label.textContent || '');
      button.setAttribute('data-copy-aria', button.getAttribute('aria-label') || '');
    }
    const text = ok ? 'Copied' : 'Copy failed';
    label.textContent = text;
    if (button.hasAttribute('aria-label')) button.setAttribute('aria-label', text);
    button.setAttribute('data-copied', ok ? 'true' : 'false');
    win.clearTimeout(timers.get(button));
    timers.set(
      button,
      win.setTimeout(() => {
        label.textContent = button.getAttribute('data-copy-label') || '';
        const aria = button.getAttribute('data-copy-aria');
        if (aria) button.setAttribute('aria-label', aria);
        button.removeAttribute('data-copied');
      }, COPIED_MS),
    );
  }

  return {
    copy(button) {
      const text = button.hasAttribute('data-copy') ? copyValue(button, doc.documentElement.classList.contains('dark')) : copySource(button);
      if (text === null) return;
      copyText(text, (ok) => showCopied(button, ok));
    },
  };
}
