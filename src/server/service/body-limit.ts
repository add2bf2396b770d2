import type { Context, MiddlewareHandler } from 'hono';

/**
 * Refuses a request body over `maxBytes` with `onTooLarge`: by its `Content-Length` when it has
 * one, else while reading it (chunked, or a POST that sends no length, as `curl -X POST` does).
 * A body read here is handed on as a new request built from the URL, method and headers: Node's
 * `Request` cannot be built from @hono/node-server's request object when the server keeps Node's
 * globals, which is what Hono's own `bodyLimit` does.
 */
export function limitBody(maxBytes: number, onTooLarge: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const length = raw.headers.get('content-length');
    if (length !== null && !raw.headers.has('transfer-encoding')) return Number(length) > maxBytes ? onTooLarge(c) : next();
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = raw.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return onTooLarge(c);
      }
      chunks.push(value);
    }
    const headers = new Headers(raw.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(size));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: Buffer.concat(chunks), signal: raw.signal });
    return next();
  };
}
