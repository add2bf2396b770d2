import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { McpHttp } from './mcp-http.js';

/** The peer's address of a request served by @hono/node-server; empty when there is none (a request made in-process). */
function peerOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

/** Hono middleware answering the MCP server's paths (`McpHttp.handles`) and passing every other request on. */
export const mcpRoute =
  (mcp: McpHttp): MiddlewareHandler =>
  (c, next) =>
    mcp.handles(c.req.path) ? mcp.fetch(c.req.raw, peerOf(c)) : next();
