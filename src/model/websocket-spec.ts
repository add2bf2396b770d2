/**
 * What a channel page's WebSocket playground needs in the browser, embedded as JSON in
 * `script[data-sheaf-ws-spec]` (written by src/render/asyncapi/websocket-playground.ts, read by
 * src/client/playground/websocket-panel.ts).
 */
export interface WebSocketSpec {
  /** The channel's `ws://`/`wss://` URLs, one per server, in document order. */
  readonly servers: readonly { readonly name: string; readonly url: string }[];
  /** Messages a client may send, each with the text the composer starts with. */
  readonly messages: readonly { readonly title: string; readonly text: string }[];
}
