import { createServer, type Server } from 'node:http';
import { createPlaygroundProxy, type PlaygroundProxyOptions } from '../proxy/index.js';
import { createFileCache, DEFAULT_CACHE_BYTES } from './file-cache.js';
import { createHostListener } from './host-app.js';
import type { ServedVersion } from './served-version.js';
import { createFeedbackLog } from '../mcp/feedback-log.js';
import { createMcpHttp, type McpHttpLimits } from '../mcp/mcp-http.js';
import { createSiteReader } from '../mcp/site-reader.js';

/** The site's search MCP server on `sheaf host`: where feedback goes, and its limits. */
export interface HostMcpOptions {
  /** The host's data folder: the feedback tool appends to `mcp-feedback.jsonl` there. */
  readonly dataDir: string;
  readonly limits?: McpHttpLimits;
  /** The site's public URL for the MCP server's links and discovery documents (`--public-url`); absent: each request's origin. */
  readonly publicUrl?: string;
}

export interface SiteServerOptions {
  readonly port: number;
  readonly hostname: string;
  /** The active version, read on every request. */
  readonly active: () => ServedVersion;
  readonly proxy?: PlaygroundProxyOptions;
  /** Bytes of small files' contents held in memory; default `DEFAULT_CACHE_BYTES`. */
  readonly cacheBytes?: number;
  /** Serves the search MCP server at `/mcp`; absent: none (`--no-mcp`). */
  readonly mcp?: HostMcpOptions;
}

/**
 * Starts the HTTP server of a self-hosted site (the site's files, Sheaf's endpoints and the
 * playground proxy) and resolves once it listens; rejects with the listen error (`EADDRINUSE`…).
 * Used by `sheaf host` in its own process and in each of its serving workers.
 */
export function listenSite(options: SiteServerOptions): Promise<Server> {
  const mcp = options.mcp
    ? createMcpHttp({ site: createSiteReader({ dir: () => options.active().dir }), feedback: createFeedbackLog(options.mcp.dataDir), origins: 'any', ...(options.mcp.limits ? { limits: options.mcp.limits } : {}), ...(options.mcp.publicUrl ? { publicUrl: options.mcp.publicUrl } : {}) })
    : undefined;
  const listener = createHostListener({ active: options.active, proxy: createPlaygroundProxy(options.proxy), cache: createFileCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES), ...(mcp ? { mcp } : {}) });
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
