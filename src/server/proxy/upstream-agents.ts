import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/** The connection pools of one playground proxy: one agent per protocol, a bounded pool per origin in each. */
export interface UpstreamAgents {
  readonly http: HttpAgent;
  readonly https: HttpsAgent;
}

/** Connections to one origin at once; more requests wait for one to come free. */
export const MAX_SOCKETS_PER_ORIGIN = 32;

/**
 * Pools of kept-alive upstream connections (Node's own agents): a page's requests to one API reuse
 * connections instead of opening one each (a new connection per request left 12,000 sockets in
 * TIME_WAIT under load, and memory grew with them). Bounded per origin and in all; every connection
 * of a busy origin may wait idle for the next request (with fewer, the ones past the limit were
 * closed after each burst and opened again: thousands in TIME_WAIT), and closes after 15 s idle. A connection is only
 * ever made through the guarded lookup (the address it reaches was checked when it connected).
 */
export function createUpstreamAgents(): UpstreamAgents {
  const options = { keepAlive: true, keepAliveMsecs: 1_000, maxSockets: MAX_SOCKETS_PER_ORIGIN, maxTotalSockets: 256, maxFreeSockets: MAX_SOCKETS_PER_ORIGIN, timeout: 15_000, scheduling: 'lifo' as const };
  return { http: new HttpAgent(options), https: new HttpsAgent(options) };
}
