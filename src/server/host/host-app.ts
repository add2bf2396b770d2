import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { McpHttp } from '../mcp/mcp-http.js';
import { mcpRoute } from '../mcp/mcp-route.js';
import type { FileCache } from './file-cache.js';
import { createSiteHandler, parseTarget } from './serve-site.js';
import { SECURITY_HEADERS } from './security-headers.js';
import type { ServedVersion } from './served-version.js';

/** Anything that answers a fetch Request: the playground proxy's Hono app. */
export interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

export interface HostAppOptions {
  /** The active version, read on every request (switching versions is one assignment). */
  readonly active: () => ServedVersion;
  /** Answers `/_svc/api/request` (the playground proxy). */
  readonly proxy: FetchHandler;
  /** Contents of small files held in memory (see file-cache.ts). */
  readonly cache: FileCache;
  /** The site's search MCP server at `/mcp` and its discovery documents; absent with `--no-mcp`. */
  readonly mcp?: McpHttp;
}

/** The one JSON error shape of Sheaf's HTTP endpoints (as the playground proxy's). */
const jsonError = (c: Context, status: 404 | 405, code: string, message: string, headers: Record<string, string> = {}) =>
  c.json({ error: { code, message } }, status, { 'Cache-Control': 'no-store', ...headers });

/**
 * Sheaf's own endpoints of the self-hosted site: `GET /_svc/health`, the playground proxy at
 * `/_svc/api/request`, the search MCP server at `/mcp` with its `/.well-known/mcp…` documents, a
 * JSON 404 for other `/_svc/` paths and a JSON 405 for methods other than GET and HEAD on the site.
 */
function createServiceApp(options: HostAppOptions): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    for (let i = 0; i < SECURITY_HEADERS.length; i += 2) c.res.headers.set(SECURITY_HEADERS[i] as string, SECURITY_HEADERS[i + 1] as string);
  });
  app.get('/_svc/health', (c) => c.json({ status: 'ok', version: options.active().version }, 200, { 'Cache-Control': 'no-store' }));
  app.all('/_svc/api/request', (c) => options.proxy.fetch(c.req.raw));
  const mcp = options.mcp;
  if (mcp) app.all('*', mcpRoute(mcp));
  app.all('/_svc/*', (c) => jsonError(c, 404, 'not-found', `No endpoint at ${new URL(c.req.url).pathname}.`));
  app.all('*', (c) => jsonError(c, 405, 'method-not-allowed', `${c.req.method} is not allowed here; use GET or HEAD.`, { Allow: 'GET, HEAD' }));
  return app;
}

/**
 * The self-hosted site as a node:http request listener: GET and HEAD of site paths go straight
 * to the file handler (serve-site.ts: HTML and other unhashed files `no-cache` with a strong ETag
 * from the manifest's SHA-256, hashed assets under `_sheaf/` immutable for a year, precompressed
 * copies by `Accept-Encoding`, byte ranges); `/_svc/` and MCP paths and other methods to the Hono
 * app of Sheaf's endpoints.
 */
export function createHostListener(options: HostAppOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const site = createSiteHandler({ active: options.active, cache: options.cache });
  // overrideGlobalObjects: false keeps Node's own Request/Response (see start-service.ts).
  const service = getRequestListener(createServiceApp(options).fetch, { overrideGlobalObjects: false });
  return (request, response) => {
    const method = request.method;
    const target = parseTarget(request.url ?? '/');
    if (!target) {
      // An absolute-form target whose authority is not a URL (`GET http://a:99999/`): nothing to look up.
      response.writeHead(400, ['Content-Type', 'application/json; charset=utf-8', 'Cache-Control', 'no-store', ...SECURITY_HEADERS]);
      response.end(JSON.stringify({ error: { code: 'bad-request', message: 'The request target is not a path or a URL.' } }));
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && !target.pathname.startsWith('/_svc/') && !options.mcp?.handles(target.pathname)) site(request, response, target);
    else void service(request, response);
  };
}
