import { createServer, type Server } from 'node:http';
import { createPlaygroundProxy, type PlaygroundProxyOptions } from '../proxy/index.js';
import { createFileCache, DEFAULT_CACHE_BYTES } from './file-cache.js';
import { createHostListener } from './host-app.js';
import type { ServedVersion } from './served-version.js';

export interface SiteServerOptions {
  readonly port: number;
  readonly hostname: string;
  /** The active version, read on every request. */
  readonly active: () => ServedVersion;
  readonly proxy?: PlaygroundProxyOptions;
  /** Bytes of small files' contents held in memory; default `DEFAULT_CACHE_BYTES`. */
  readonly cacheBytes?: number;
}

/**
 * Starts the HTTP server of a self-hosted site (the site's files, Sheaf's endpoints and the
 * playground proxy) and resolves once it listens; rejects with the listen error (`EADDRINUSE`…).
 * Used by `sheaf host` in its own process and in each of its serving workers.
 */
export function listenSite(options: SiteServerOptions): Promise<Server> {
  const listener = createHostListener({ active: options.active, proxy: createPlaygroundProxy(options.proxy), cache: createFileCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES) });
  return new Promise<Server>((resolve, reject) => {
    const server = createServer(listener);
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Stops listening and closes every connection, idle or not. */
export function closeSite(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
