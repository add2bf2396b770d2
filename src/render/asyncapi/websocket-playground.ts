import type { ChannelModel } from '../../asyncapi/channel-model.js';
import type { WebSocketSpec } from '../../model/websocket-spec.js';
import { generateExample } from '../../openapi/examples/index.js';
import type { RawSchema } from '../../openapi/operation-model/model.js';
import { isRecord } from '../../parse/is-record.js';
import { replaceBraced } from '../../text/linear-text.js';
import { escapeHtml } from '../html.js';
import { embedJson } from '../operation/playground/index.js';
import { exampleText } from '../operation/render-examples.js';
import { resolveSchema } from '../operation/schema/resolve-schema.js';
import { messageTitle, messagesByDirection } from './channel-parts.js';

/** Protocols a browser's `WebSocket` can open. */
const WEB_SOCKET = /^wss?$/;

/**
 * The channel's URLs a browser can connect to: servers whose protocol (or URL scheme) is `ws` or
 * `wss`, each address parameter (`{roomId}`) set to its `default`, else its first example, else
 * left as written for the reader to fill in (the URL field is editable).
 */
export function webSocketServers(model: ChannelModel): WebSocketSpec['servers'] {
  const values = new Map(model.parameters.flatMap((p) => {
    const value = p.default ?? p.examples[0];
    return value !== undefined ? [[p.name, value] as const] : [];
  }));
  return model.servers
    .filter((s) => WEB_SOCKET.test(s.protocol) || /^wss?:\/\//i.test(s.url))
    .map((s) => ({ name: s.name, url: replaceBraced(s.url, (whole, name) => (values.has(name) ? encodeURIComponent(values.get(name) as string) : whole)) }));
}

/**
 * The text the composer starts with for a message: its first example's payload, else an example
 * generated from its payload schema (the generator the operation pages' samples use); strings
 * as they are, other values as indented JSON.
 */
function startText(doc: unknown, payload: unknown, example: unknown): string {
  if (example !== undefined) return exampleText(example);
  if (payload === undefined) return '';
  const schema = resolveSchema(doc, payload).schema;
  const value = generateExample((isRecord(payload) ? payload : schema) as RawSchema, doc, 'request');
  return value === undefined ? '' : exampleText(value);
}

/**
 * The WebSocket playground of a channel page (Mintlify's "WebSocket playground"), for the page's
 * right column inside `div.sheaf-aside[data-aside=playground]`, the wrapper builds whose
 * `playground` feature is off take out (as the API Try-it): a server choice, the URL (editable:
 * address parameters), Connect/Disconnect, a composer prefilled with each sendable message's
 * example and a log of what was sent and received. The browser connects with `WebSocket` straight
 * to the API's own server (no proxy: Sheaf's proxy speaks HTTP). Without JavaScript the controls
 * stay disabled and a note says why. `''` when no server speaks `ws`/`wss` or the display is not
 * `interactive`.
 */
export function renderWebSocketPlayground(model: ChannelModel, doc: unknown, display: string): string {
  const servers = webSocketServers(model);
  if (display !== 'interactive' || servers.length === 0) return '';
  const sendable = messagesByDirection(model).find(([part]) => part === 'send' || part === 'messages')?.[1] ?? [];
  const spec: WebSocketSpec = {
    servers,
    messages: sendable.map((m) => ({ title: messageTitle(m), text: startText(doc, m.payload, m.examples.find((e) => e.payload !== undefined)?.payload) })),
  };
  const options = servers.map((s, i) => `<option value="${i}">${escapeHtml(s.name)}</option>`).join('');
  const messageChoice =
    spec.messages.length > 1
      ? `<label class="sheaf-ws-field"><span>Message</span><select data-ws-message disabled>${spec.messages.map((m, i) => `<option value="${i}">${escapeHtml(m.title)}</option>`).join('')}</select></label>`
      : '';
  return (
    `<section class="sheaf-playground sheaf-ws" data-sheaf-ws aria-label="WebSocket playground">` +
    `<script type="application/json" data-sheaf-ws-spec>${embedJson(spec)}</script>` +
    `<div class="sheaf-playground-title">WebSocket</div>` +
    `<label class="sheaf-ws-field"><span>Server</span><select data-ws-server disabled>${options}</select></label>` +
    `<label class="sheaf-ws-field"><span>URL</span><input type="url" data-ws-url value="${escapeHtml(servers[0]?.url ?? '')}" spellcheck="false" disabled></label>` +
    `<div class="sheaf-ws-row"><button type="button" class="sheaf-ws-connect" data-ws-connect disabled>Connect</button><span class="sheaf-ws-state" data-ws-state role="status">Not connected</span></div>` +
    messageChoice +
    `<label class="sheaf-ws-field"><span>Payload</span><textarea data-ws-input rows="6" spellcheck="false" disabled>${escapeHtml(spec.messages[0]?.text ?? '')}</textarea></label>` +
    `<div class="sheaf-ws-row"><button type="button" class="sheaf-ws-send" data-ws-send disabled>Send</button></div>` +
    `<ol class="sheaf-ws-log" data-ws-log aria-live="polite" aria-label="Messages"></ol>` +
    `<p class="sheaf-op-note" data-ws-nojs>The playground needs JavaScript; the page documents every message.</p>` +
    `</section>`
  );
}
