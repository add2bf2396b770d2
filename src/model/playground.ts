/**
 * The documented wire shape of the API playground proxy: what a page sends in
 * `POST /_svc/api/request` on its own site, and what the host answers. `sheaf host` implements it.
 */

/** One file of a multipart body, inline. */
export interface PlaygroundFile {
  /** Form field name. */
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  /** The bytes, base64. */
  readonly base64: string;
}

export type PlaygroundBody =
  | { readonly type: 'none' }
  /** Sent as is with the request's Content-Type (JSON, XML, text). */
  | { readonly type: 'text'; readonly text: string }
  /** `application/x-www-form-urlencoded`. */
  | { readonly type: 'form'; readonly fields: Readonly<Record<string, string>> }
  /** `multipart/form-data`: text fields and files. */
  | { readonly type: 'multipart'; readonly fields: Readonly<Record<string, string>>; readonly files: readonly PlaygroundFile[] }
  /** A raw binary body (`application/octet-stream` and the like), base64. */
  | { readonly type: 'binary'; readonly base64: string; readonly contentType: string };

/** The request a page asks the proxy to make. */
export interface PlaygroundRequest {
  /** Uppercase HTTP method. */
  readonly method: string;
  /** Absolute http(s) URL: server URL with variables filled, path parameters and query applied. */
  readonly url: string;
  /** Request headers, auth included (e.g. `Authorization`, an API key header, `Cookie`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: PlaygroundBody;
}

/** What the proxy answers with status 200 when it made the request (whatever the upstream status). */
export interface PlaygroundResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body: text as `utf8`, anything else `base64`. */
  readonly body: string;
  readonly bodyEncoding: 'utf8' | 'base64';
  /** Upstream time to the last byte, in milliseconds. */
  readonly durationMs: number;
  /** True when the body was cut at the proxy's size limit. */
  readonly truncated: boolean;
}

/** What the proxy answers (4xx/5xx) when it refused or failed to make the request. */
export interface PlaygroundError {
  readonly error: { readonly code: string; readonly message: string };
}

/**
 * A streamed answer. A page that accepts `application/x-ndjson` (its `Accept` names it) gets, when
 * the API answers with a sequential media type (`text/event-stream`, JSON Lines/NDJSON,
 * `application/json-seq`), status 200 `application/x-ndjson`: one `PlaygroundStreamFrame` per
 * line, flushed as the API sends, so the page shows events as they arrive. The first frame is the
 * head, then text chunks, then one `end` (or `error`). Other answers are a `PlaygroundResponse`
 * as usual.
 */
export type PlaygroundStreamFrame =
  | { readonly head: { readonly status: number; readonly statusText: string; readonly headers: Readonly<Record<string, string>> } }
  /** The body's next text (UTF-8 decoded; a character split across chunks waits for its end). */
  | { readonly chunk: string }
  | {
      readonly end: {
        /** Upstream time to the end of the stream, in milliseconds. */
        readonly durationMs: number;
        /** True when the page did not get the whole stream: the size limit, the time limit, or a cut connection. */
        readonly truncated: boolean;
        /** Why the proxy stopped reading before the API ended the stream; absent when the API ended it. */
        readonly stopped?: 'size-limit' | 'time-limit' | 'cut';
      };
    }
  | PlaygroundError;
