/**
 * Sending a built request. With spec.proxy: POST the `PlaygroundRequest` as JSON to
 * `<html data-base>` + `_svc/api/request` and read the `PlaygroundResponse` or `PlaygroundError`.
 * Without: `fetch` the API directly (credentials 'include' when spec.credentials) and explain a
 * blocked request in plain words. Both resolve to a result to show; neither rejects on a network
 * failure.
 */
import type { PlaygroundError, PlaygroundResponse } from '../../model/playground.js';
import type { PlaygroundSpec } from '../../model/playground-spec.js';
import type { BrowserWindow } from '../shared/browser-window.js';
import { base64ToBytes } from './base64.js';
import type { BuiltRequest } from './build-request.js';
import { isFrameAnswer, PROXY_ACCEPT, readDirectStream, readFrameAnswer, STREAMED_TYPE, type OnProgress } from './stream-response.js';

/** The proxy's path under the site root. */
export const PROXY_PATH = '_svc/api/request';

/** A response to show: the body as bytes (to be decoded) or as text. */
export interface ShownResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly bytes: Uint8Array | null;
  readonly text: string | null;
  /** Milliseconds to the last byte, when known. */
  readonly durationMs: number | undefined;
  /** Sentences shown under the status. */
  readonly notes: readonly string[];
}

export type ShownResult = ShownResponse | { readonly error: string };

const messageOf = (err: unknown): string => (err && (err as Error).message ? (err as Error).message : String(err));

/** The proxy's URL from this page. */
export function proxyUrl(base: string, pageHref: string): string {
  return new URL(base + PROXY_PATH, pageHref).href;
}

/** What the proxy's answer (`status`, its JSON text) means for the reader. */
export function readProxyAnswer(endpoint: string, res: { readonly ok: boolean; readonly status: number; readonly statusText: string }, text: string): ShownResult {
  let data: (Partial<PlaygroundResponse> & Partial<PlaygroundError>) | null = null;
  try {
    data = JSON.parse(text) as Partial<PlaygroundResponse> & Partial<PlaygroundError>;
  } catch {
    data = null;
  }
  if (res.ok && data && typeof data.status === 'number') {
    const base64 = data.bodyEncoding === 'base64';
    return {
      status: data.status,
      statusText: data.statusText || '',
      headers: data.headers || {},
      bytes: base64 ? base64ToBytes(data.body || '') : null,
      text: base64 ? null : data.body || '',
      durationMs: data.durationMs,
      notes: data.truncated ? ['The body was cut at the proxy\u2019s size limit.'] : [],
    };
  }
  if (data && data.error && data.error.message) {
    // 4xx: the proxy would not send it (blocked address, bad request); 5xx: it tried and failed (API down, timeout).
    const lead = res.status >= 500 ? 'The playground proxy could not complete the request: ' : 'The playground proxy refused the request: ';
    return { error: lead + data.error.message + (data.error.code ? ` (${data.error.code})` : '') };
  }
  return {
    error:
      `This site did not answer the playground request (POST ${endpoint} gave ${res.status} ${res.statusText}). ` +
      'Sending needs a host that runs the playground proxy, such as sheaf host.',
  };
}

/** `onProgress` sees a streamed answer (server-sent events…) while it arrives (see stream-response.ts). */
export async function sendViaProxy(win: BrowserWindow, built: BuiltRequest, onProgress?: OnProgress): Promise<ShownResult> {
  const endpoint = proxyUrl(win.document.documentElement.getAttribute('data-base') || '', win.location.href);
  let res: Response;
  try {
    res = await win.fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: PROXY_ACCEPT },
      body: JSON.stringify(built.request),
      credentials: 'same-origin',
    });
  } catch (err) {
    return { error: `Could not reach this site\u2019s playground proxy: ${messageOf(err)}` };
  }
  if (isFrameAnswer(res)) return readFrameAnswer(res, onProgress);
  return readProxyAnswer(endpoint, res, await res.text());
}

export async function sendDirect(win: BrowserWindow, built: BuiltRequest, spec: Pick<PlaygroundSpec, 'credentials'>, onProgress?: OnProgress): Promise<ShownResult> {
  const req = built.request;
  const headers: Record<string, string> = {};
  const notes: string[] = [];
  for (const name of Object.keys(req.headers)) {
    if (name.toLowerCase() === 'cookie') {
      notes.push(`A page cannot set cookies for another site, so the Cookie values were not sent${spec.credentials ? '; the browser sent its own cookies for the API.' : '.'}`);
    } else {
      headers[name] = req.headers[name] as string;
    }
  }
  let request: Request;
  try {
    request = new win.Request(req.url, { method: req.method, headers, body: built.direct, mode: 'cors', credentials: spec.credentials ? 'include' : 'same-origin' });
  } catch (err) {
    return { error: `The request could not be built: ${messageOf(err)}` };
  }
  const now = (): number => (win.performance && typeof win.performance.now === 'function' ? win.performance.now() : Date.now());
  const started = now();
  let res: Response;
  try {
    res = await win.fetch(request);
  } catch {
    let origin: string;
    try {
      origin = new URL(req.url).origin;
    } catch {
      origin = req.url;
    }
    return {
      error:
        `The browser blocked the request: the API at ${origin} does not allow requests from this site (CORS). ` +
        'Ask the API owner to allow this origin, or use the proxy. (A server that is down or unreachable is reported the same way.)',
    };
  }
  if (res.body && STREAMED_TYPE.test(res.headers.get('content-type') || '')) {
    const exposed: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      exposed[name] = value;
    });
    const base = { status: res.status, statusText: res.statusText, headers: exposed, notes: [...notes, 'Only the headers the API exposes to browsers are shown.'] };
    return readDirectStream(res, base, () => Math.round(now() - started), onProgress);
  }
  const buffer = await res.arrayBuffer();
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    out[name] = value;
  });
  notes.push('Only the headers the API exposes to browsers are shown.');
  return { status: res.status, statusText: res.statusText, headers: out, bytes: new Uint8Array(buffer), text: null, durationMs: Math.round(now() - started), notes };
}
