import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './check-target.js';
import type { UpstreamAgents } from './upstream-agents.js';

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
 * Sends one request with node:http(s) through the proxy's connection pools (`agents`: a kept-alive
 * connection to the origin when one is free), a new connection resolving host names with `lookup`
 * (the guarded one), aborting on `signal`. Resolves once the response head arrives; rejects with
 * the socket's error. The caller destroys the request when it does not read the body to its end,
 * so only a connection left clean goes back to the pool.
 */
export function sendHop(hop: Hop, lookup: LookupFunction, signal: AbortSignal, agents: UpstreamAgents): Promise<Exchange> {
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
      agent: url.protocol === 'https:' ? agents.https : agents.http,
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
