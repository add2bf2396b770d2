import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createPlaygroundProxy, PLAYGROUND_PROXY_PATH, type PlaygroundProxyOptions } from '../../src/server/proxy/index.js';
import { serveStatic } from './static-server.js';

/**
 * A built site served under `prefix` on 127.0.0.1 with the real playground proxy answering
 * `<prefix>_svc/api/request` (same origin as the pages, as `sheaf host` serves them), the other
 * paths by the plain static server. `proxied` counts the requests the proxy answered.
 */
export async function serveSiteWithProxy(
  dir: string,
  prefix: string,
  options: PlaygroundProxyOptions,
): Promise<{ url: string; close: () => Promise<void>; proxied: { count: number } }> {
  const site = await serveStatic(dir, prefix);
  const proxy = getRequestListener(createPlaygroundProxy(options).fetch, { overrideGlobalObjects: false });
  const mounted = `${prefix.replace(/\/$/, '')}${PLAYGROUND_PROXY_PATH}`;
  const proxied = { count: 0 };
  const files = site.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  site.server.removeAllListeners('request');
  site.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== mounted) return void files.forEach((handle) => handle(req, res));
    proxied.count += 1;
    req.url = PLAYGROUND_PROXY_PATH;
    void proxy(req, res);
  });
  return { url: site.url, close: site.close, proxied };
}
