import { SHEAF_VERSION } from '../../version.js';
import { siteSlug, toolDefinitions, type ToolDefinition } from './mcp-tools.js';
import type { SiteInfo } from './site-reader.js';

/**
 * The paths where Mintlify serves the discovery documents of a site's search MCP server
 * (mintlify__docs `ai/model-context-protocol.mdx`, "Discovery endpoint", "Server card endpoints").
 */
export const DISCOVERY_PATHS: readonly string[] = ['/.well-known/mcp', '/.well-known/mcp.json', '/.well-known/mcp/server-card.json', '/.well-known/mcp/server-cards.json'];

/** `GET /.well-known/mcp`: where the server is. Sheaf has no authenticated server: one `public` entry. */
export function discoveryDocument(siteUrl: string) {
  const url = `${siteUrl}/mcp`;
  return { version: SHEAF_VERSION, transport: 'http', url, servers: [{ name: 'public', url, transport: 'http', authentication: 'none' }] };
}

/** The server name the server cards and `initialize` give (`acme_notes-search`). */
export const serverNameOf = (info: SiteInfo) => `${siteSlug(info.name)}-search`;

/** A server card (`server-card.json`), or the list of them (`server-cards.json`: `{servers: [card]}`). */
export function serverCard(info: SiteInfo, siteUrl: string, list: boolean) {
  const card = {
    name: serverNameOf(info),
    version: SHEAF_VERSION,
    url: `${siteUrl}/mcp`,
    transport: 'http',
    description: `Search and read the ${info.name} documentation`,
    capabilities: { tools: true, resources: true },
    authentication: 'none',
    tools: toolDefinitions(info).map((t: ToolDefinition) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations })),
  };
  return list ? { servers: [card] } : card;
}
