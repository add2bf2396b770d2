/**
 * The WebSocket playground of a channel page (markup: src/render/asyncapi/websocket-playground.ts):
 * `section[data-sheaf-ws]` holds `script[data-sheaf-ws-spec]` (JSON `WebSocketSpec`). Enhancing it
 * enables the controls and hides `[data-ws-nojs]`. Connect opens a `WebSocket` to the URL field
 * straight from the browser (the API's own server, no proxy); Send sends the composer's text as
 * one text frame; what is sent and received is listed in `[data-ws-log]` (the newest last, at
 * most 200 entries). Choosing a server sets the URL, choosing a message sets the composer.
 * Idempotent: a panel is set up once (`data-enhanced`).
 */
import type { WebSocketSpec } from '../../model/websocket-spec.js';
import type { BrowserWindow } from '../shared/browser-window.js';

/** Log entries kept, at most: a chatty server must not grow the page without end. */
const MAX_LOG = 200;

/** What an entry records: a frame sent, a frame received, or a note about the connection. */
type EntryKind = 'sent' | 'received' | 'info';

const LABELS: Readonly<Record<EntryKind, string>> = { sent: 'Sent', received: 'Received', info: 'Connection' };

function readSpec(panel: Element): WebSocketSpec | undefined {
  const el = panel.querySelector('script[data-sheaf-ws-spec]');
  try {
    const spec = JSON.parse(el ? el.textContent || '' : '') as WebSocketSpec;
    return Array.isArray(spec.servers) && Array.isArray(spec.messages) ? spec : undefined;
  } catch {
    return undefined;
  }
}

function setupPanel(win: BrowserWindow, panel: HTMLElement): void {
  const spec = readSpec(panel);
  if (!spec) return;
  panel.setAttribute('data-enhanced', '');
  const doc = win.document;
  const server = panel.querySelector<HTMLSelectElement>('[data-ws-server]');
  const url = panel.querySelector<HTMLInputElement>('[data-ws-url]');
  const connect = panel.querySelector<HTMLButtonElement>('[data-ws-connect]');
  const state = panel.querySelector<HTMLElement>('[data-ws-state]');
  const message = panel.querySelector<HTMLSelectElement>('[data-ws-message]');
  const input = panel.querySelector<HTMLTextAreaElement>('[data-ws-input]');
  const send = panel.querySelector<HTMLButtonElement>('[data-ws-send]');
  const log = panel.querySelector<HTMLElement>('[data-ws-log]');
  const nojs = panel.querySelector<HTMLElement>('[data-ws-nojs]');
  if (!url || !connect || !input || !send || !log) return;
  for (const control of [server, url, connect, message, input]) if (control) control.disabled = false;
  if (nojs) nojs.hidden = true;
  let socket: WebSocket | null = null;

  const setState = (text: string, status: 'closed' | 'connecting' | 'open'): void => {
    if (state) state.textContent = text;
    panel.setAttribute('data-ws-status', status);
    connect.textContent = status === 'closed' ? 'Connect' : 'Disconnect';
    send.disabled = status !== 'open';
  };
  const add = (kind: EntryKind, text: string): void => {
    const entry = doc.createElement('li');
    entry.className = 'sheaf-ws-entry';
    entry.setAttribute('data-kind', kind);
    const label = doc.createElement('span');
    label.className = 'sheaf-ws-entry-label';
    label.textContent = LABELS[kind];
    const body = doc.createElement('pre');
    body.className = 'sheaf-ws-entry-text';
    body.textContent = text;
    entry.append(label, body);
    log.append(entry);
    while (log.children.length > MAX_LOG) log.firstElementChild?.remove();
    log.scrollTop = log.scrollHeight;
  };

  server?.addEventListener('change', () => {
    const chosen = spec.servers[Number(server.value)];
    if (chosen) url.value = chosen.url;
  });
  message?.addEventListener('change', () => {
    const chosen = spec.messages[Number(message.value)];
    if (chosen) input.value = chosen.text;
  });
  connect.addEventListener('click', () => {
    if (socket) {
      socket.close(1000);
      return;
    }
    const target = url.value.trim();
    let opened: WebSocket;
    try {
      opened = new win.WebSocket(target);
    } catch (err) {
      add('info', `Could not connect to ${target}: ${err && (err as Error).message ? (err as Error).message : String(err)}`);
      return;
    }
    socket = opened;
    setState(`Connecting to ${target}\u2026`, 'connecting');
    opened.addEventListener('open', () => {
      setState('Connected', 'open');
      add('info', `Connected to ${target}`);
    });
    opened.addEventListener('message', (event: MessageEvent) => {
      const data: unknown = event.data;
      add('received', typeof data === 'string' ? data : `(binary message${data instanceof win.Blob ? `, ${data.size} bytes` : ''})`);
    });
    opened.addEventListener('error', () => add('info', 'The connection failed (the browser gives no reason: check the URL and that the server accepts this page).'));
    opened.addEventListener('close', (event: CloseEvent) => {
      if (socket === opened) socket = null;
      setState('Not connected', 'closed');
      add('info', `Closed (code ${event.code}${event.reason ? `: ${event.reason}` : ''})`);
    });
  });
  send.addEventListener('click', () => {
    if (!socket || socket.readyState !== win.WebSocket.OPEN) return;
    socket.send(input.value);
    add('sent', input.value);
  });
}

/** Sets up every WebSocket playground under `root` not yet set up. */
export function setupWebSocketPanels(win: BrowserWindow, root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('section[data-sheaf-ws]').forEach((panel) => {
    if (!panel.hasAttribute('data-enhanced')) setupPanel(win, panel);
  });
}
