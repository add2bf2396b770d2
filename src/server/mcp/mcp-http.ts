import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { messageOf } from '../error-text.js';
import { readRequestCapped } from '../read-capped.js';
import { createFixedWindowLimiter, type FixedWindowLimiter } from '../assistant/rate-limiter.js';
import { discoveryDocument, serverCard, DISCOVERY_PATHS } from './mcp-discovery.js';
import type { FeedbackLog } from './feedback-log.js';
import { createMcpServer } from './mcp-server.js';
import type { SiteReader } from './site-reader.js';

/** The path of the MCP endpoint, as on Mintlify (`ai/model-context-protocol.mdx`). */
export const MCP_PATH = '/mcp';

export interface McpHttpLimits {
  /** Bytes of one request body at most (413 above). Default 256 KiB: a tool call is a few hundred bytes. */
  readonly maxBodyBytes?: number;
  /** Requests of one client address per hour (429 above), Mintlify's figure by default: 5,000; 0: no limit. */
  readonly requestsPerHour?: number;
}

export interface McpHttpOptions {
  readonly site: SiteReader;
  readonly feedback: FeedbackLog;
  readonly limits?: McpHttpLimits;
  /**
   * `any`: a public site, callable from any web page (CORS `*`). `loopback`: a server on the
   * author's machine (`sheaf dev`): a request from a web page (an `Origin` header) is refused
   * unless that page is on a loopback host, so no site the author visits can reach it (DNS
   * rebinding, MCP's transport rules).
   */
  readonly origins: 'any' | 'loopback';
  /**
   * The site's public URL (`https://docs.example.com`), for the URLs in discovery documents,
   * results and resource URIs; absent: the request's own origin (its `Host` header).
   */
  readonly publicUrl?: string;
  /** Where a failure's detail goes (the operator's log); the client gets a fixed message. Default stderr. */
  readonly log?: (line: string) => void;
  readonly clock?: () => number;
}

/** The MCP endpoint and its discovery documents, as one fetch handler. */
export interface McpHttp {
  /** Whether this handler answers `pathname` (`/mcp` and the `/.well-known/mcp…` paths). */
  handles(pathname: string): boolean;
  /** Answers a request to one of those paths; `client` is the peer's address (rate limit key). */
  fetch(request: Request, client: string): Promise<Response>;
}

const DEFAULT_MAX_BODY = 256 * 1024;
const DEFAULT_PER_HOUR = 5000;
const HOUR_MS = 3_600_000;

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, GET, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version, Retry-After',
  'Access-Control-Max-Age': '86400',
};

/** A JSON-RPC error answered over HTTP (the shape the SDK's transport answers its own refusals in). */
function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers } });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether a host name or address is this machine's loopback (`localhost`, `127.x.y.z`, `::1`, an IPv4-mapped `::ffff:127…`). */
function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether `origin` (an `Origin` header) is a page on a loopback host. */
function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * The search MCP server over Streamable HTTP, stateless: each POST to `/mcp` gets a server and a
 * transport of its own and a JSON answer, so any serving process can answer any request (no
 * session to keep). GET and DELETE (a server-initiated stream, a session's end) are 405, as for
 * every stateless server; a batch is 400 (one message per request, so the rate limit counts tool
 * calls). Requests are rate limited per client address and size limited; answers carry CORS
 * headers; a failure's detail goes to the log, never to the client. `/.well-known/mcp` (and `.json`), `/.well-known/mcp/server-card.json` and
 * `server-cards.json` describe the server and its tools, with URLs of the request's origin.
 */
export function createMcpHttp(options: McpHttpOptions): McpHttp {
  const maxBody = options.limits?.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const perHour = options.limits?.requestsPerHour ?? DEFAULT_PER_HOUR;
  const limiter: FixedWindowLimiter | undefined = perHour > 0 ? createFixedWindowLimiter({ name: 'mcp', limit: perHour, windowMs: HOUR_MS, clock: options.clock ?? Date.now }) : undefined;
  const cors = options.origins === 'any' ? CORS : {};

  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));

  async function answer(request: Request, client: string): Promise<Response> {
    const url = new URL(request.url);
    if (options.origins === 'loopback') {
      // The author's own machine only: a peer on the network (`--host 0.0.0.0`) or a web page on another host is refused.
      const origin = request.headers.get('origin');
      if ((client !== '' && !isLoopbackHost(client)) || (origin !== null && !isLoopbackOrigin(origin))) {
        return rpcError(403, -32000, `Requests from ${origin ?? client} are not allowed: this MCP server answers only its own machine.`);
      }
    }
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...cors } });
    const siteUrl = options.publicUrl ?? url.origin;
    if (url.pathname !== MCP_PATH) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return rpcError(405, -32000, `${request.method} is not allowed here; use GET.`, { Allow: 'GET, HEAD, OPTIONS', ...cors });
      // Where the server is needs nothing of the site; the cards list its tools, named after it.
      const body = url.pathname.includes('server-card') ? serverCard(await options.site.info(), siteUrl, url.pathname.endsWith('server-cards.json')) : discoveryDocument(siteUrl);
      return new Response(request.method === 'HEAD' ? null : JSON.stringify(body, null, 2), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...cors } });
    }
    if (request.method !== 'POST') return rpcError(405, -32000, `Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST.`, { Allow: 'POST, OPTIONS', ...cors });
    if (limiter) {
      const state = await limiter.take(client);
      if (!state.allowed) {
        const retry = String(Math.ceil(state.resetMs / 1000));
        return rpcError(429, -32000, `Too many requests: at most ${state.limit} an hour from one address; try again in ${retry} s.`, { 'Retry-After': retry, ...cors });
      }
    }
    const body = await readRequestCapped(request, maxBody);
    if (body.overflow) return rpcError(413, -32000, `The request is over ${maxBody} bytes, the most this server takes.`, cors);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.bytes.toString('utf8'));
    } catch {
      return rpcError(400, -32700, 'Parse error: the body is not JSON.', cors);
    }
    // One message per request: a batch (dropped from MCP in 2025-06-18) would be many tool calls for one count of the rate limit.
    if (Array.isArray(parsed)) return rpcError(400, -32600, 'Invalid Request: batches are not supported; send one JSON-RPC message per request.', cors);
    let server;
    try {
      server = await createMcpServer({ site: options.site, siteUrl, feedback: options.feedback });
    } catch (error) {
      log(`sheaf: the MCP server cannot read the site: ${messageOf(error)}`);
      return rpcError(503, -32603, 'The site cannot be searched: its search records are missing or unreadable.', cors);
    }
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(request, { parsedBody: parsed });
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(cors)) headers.set(name, value);
      headers.set('Cache-Control', 'no-store');
      return new Response(response.body, { status: response.status, headers });
    } finally {
      void server.close();
    }
  }

  return {
    handles: (pathname) => pathname === MCP_PATH || DISCOVERY_PATHS.includes(pathname),
    async fetch(request, client) {
      try {
        return await answer(request, client);
      } catch (error) {
        log(`sheaf: the MCP server failed: ${messageOf(error)}`);
        return rpcError(500, -32603, 'The MCP server failed; the site operator can see why in its log.', cors);
      }
    },
  };
}
