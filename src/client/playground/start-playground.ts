/**
 * Sheaf playground: sends an operation's request from its page. Each form[data-sheaf-playground]
 * holds script[data-sheaf-playground-spec] (JSON `PlaygroundSpec`, written by
 * src/render/operation/playground). Enhancing a form enables [data-pg-send], hides [data-pg-nojs],
 * shows button[data-pg-forget] and restores saved credentials; the chosen server's and content
 * type's fieldsets are shown, the others hidden and disabled, and the chosen security
 * alternative's credential fields shown (auth-choice.ts). The page's Try-it dialog, which holds
 * the form, gets its opening button (see try-it-dialog.ts).
 * Channel pages' WebSocket playgrounds are set up by the same call (websocket-panel.ts).
 * Idempotent: window.sheafPlayground.enhance(root) may run any number of times; a form is set up
 * once ([data-enhanced]), and a second copy of the script on the page does nothing.
 */
import type { PlaygroundSpec } from '../../model/playground-spec.js';
import { whenReady, type BrowserWindow } from '../shared/browser-window.js';
import { showAuthChoice } from './auth-choice.js';
import { buildRequest, selectedIndex } from './build-request.js';
import { credentialStore, type CredentialStore } from './credentials.js';
import { sendDirect, sendViaProxy, type ShownResult } from './send-request.js';
import { part, setText, showResult, showStreamProgress } from './show-result.js';
import { setupTryIt } from './try-it-dialog.js';
import { setupWebSocketPanels } from './websocket-panel.js';

/**
 * Shows the fieldset `[attribute=<the select's value>]` and hides the others. A hidden fieldset is
 * also disabled: its fields are not validated, so hidden required fields cannot block Send.
 */
export function showChosen(form: Element, selector: string, attribute: string): void {
  const index = String(selectedIndex(form, selector));
  form.querySelectorAll<HTMLFieldSetElement>(`[${attribute}]`).forEach((el) => {
    el.hidden = el.getAttribute(attribute) !== index;
    el.disabled = el.hidden;
  });
}

/** Builds and sends the form's request, showing progress on the Send button and the result under it. */
export async function send(win: BrowserWindow, form: Element, spec: PlaygroundSpec): Promise<void> {
  const button = part(form, 'send') as HTMLButtonElement | null;
  const label = button ? button.textContent : '';
  if (button) {
    button.disabled = true;
    button.textContent = 'Sending\u2026';
  }
  form.setAttribute('aria-busy', 'true');
  setText(part(form, 'state'), 'Sending\u2026');
  let result: ShownResult;
  try {
    const built = await buildRequest(win, form, spec);
    // A streamed answer (server-sent events, JSON Lines) is shown while it arrives.
    const progress = (shown: Parameters<typeof showStreamProgress>[1]): void => showStreamProgress(form, shown);
    result = spec.proxy ? await sendViaProxy(win, built, progress) : await sendDirect(win, built, spec, progress);
  } catch (err) {
    result = { error: `The request could not be built: ${err && (err as Error).message ? (err as Error).message : String(err)}` };
  }
  showResult(form, result);
  // In the Try-it dialog the answer is below the (sticky) Send bar: bring it into sight.
  const response = part(form, 'response');
  if (response && form.closest('dialog') && typeof response.scrollIntoView === 'function') response.scrollIntoView({ block: 'nearest' });
  if (button) {
    button.disabled = false;
    button.textContent = label;
  }
  form.removeAttribute('aria-busy');
}

function setup(win: BrowserWindow, form: HTMLFormElement, credentials: CredentialStore): void {
  const specEl = form.querySelector('script[data-sheaf-playground-spec]');
  let spec: PlaygroundSpec;
  try {
    spec = JSON.parse(specEl ? specEl.textContent || '' : '') as PlaygroundSpec;
  } catch {
    return;
  }
  form.setAttribute('data-enhanced', '');
  const nojs = part(form, 'nojs');
  if (nojs) nojs.hidden = true;
  const button = part(form, 'send') as HTMLButtonElement | null;
  if (button) button.disabled = false;
  const forget = part(form, 'forget');
  if (forget) forget.hidden = false;
  credentials.restore(form);
  // The browser may have kept a chosen alternative across a reload: show its fields.
  showAuthChoice(form);

  form.addEventListener('change', (event) => {
    const target = event.target as Element;
    if (target.matches('[data-pg-server-select]')) showChosen(form, '[data-pg-server-select]', 'data-pg-server');
    if (target.matches('[data-pg-content-type]')) showChosen(form, '[data-pg-content-type]', 'data-pg-body');
    if (target.matches('[data-pg-auth-select]')) showAuthChoice(form);
  });
  form.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.matches('[data-pg-auth]')) credentials.save(target);
  });
  if (forget) {
    forget.addEventListener('click', () => {
      credentials.forget(form);
      setText(part(form, 'state'), 'Credentials forgotten in this browser.');
    });
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(win, form, spec);
  });
}

export function startPlayground(win: BrowserWindow): void {
  if (win.sheafPlayground && win.sheafPlayground.version === 1) return;
  const credentials = credentialStore(win);
  const enhance = (root?: ParentNode): void => {
    (root || win.document).querySelectorAll<HTMLFormElement>('form[data-sheaf-playground]').forEach((form) => {
      if (!form.hasAttribute('data-enhanced')) setup(win, form, credentials);
    });
    setupTryIt(win.document);
    setupWebSocketPanels(win, root || win.document);
  };
  win.sheafPlayground = { version: 1, enhance };
  whenReady(win, () => enhance(win.document));
}
