import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './check-target.js';

/** One HTTP exchange, no redirect followed. */
export interface Hop {
  readonly target: Target;
  readonly method: string;
  /** Without Host and Content-Length: Node sets Host from the URL, Content-Length is counted here. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | undefined;
}

export interface Exchange {
  readonly request: ClientRequest;
  readonly response: IncomingMessage;
}

/**
 * Sends one request with node:http(s) on a fresh connection (`agent: false`: no socket is shared
 * between pages' requests), resolving host names with `lookup` (the guarded one) and aborting on
 * `signal`. Resolves once the response head arrives; rejects with the socket's error.
 */
export function sendHop(hop: Hop, lookup: LookupFunction, signal: AbortSignal): Promise<Exchange> {
  const { url, connectHost } = hop.target;
  const headers: Record<string, string> = { ...hop.headers };
  if (hop.body) headers['content-length'] = String(hop.body.length);
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send({
      protocol: url.protocol,
      hostname: connectHost,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers,
      lookup,
      agent: false,
      signal,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      // Errors while the body is read surface through the reader; this keeps them from crashing the process.
      response.on('error', () => undefined);
      resolve({ request, response });
    });
    request.end(hop.body);
  });
}
