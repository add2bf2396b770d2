import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own client, connected over Streamable HTTP to `url` (`…/mcp`). */
export async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'sheaf-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The SDK's own client, connected over stdio to a process it starts (`command args`); its stderr is collected in `stderr`. */
export async function stdioClient(command: string, args: readonly string[], options: { readonly cwd?: string; readonly env?: Record<string, string> } = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command, args: [...args], stderr: 'pipe', ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}) });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'sheaf-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The texts of a tool result's content. */
export const textsOf = (result: unknown): string[] => ((result as CallToolResult).content ?? []).flatMap((c) => (c.type === 'text' ? [c.text] : []));
