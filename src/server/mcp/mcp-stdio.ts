import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import type { FeedbackLog } from './feedback-log.js';
import { createMcpServer } from './mcp-server.js';
import type { SiteReader } from './site-reader.js';

export interface StdioOptions {
  readonly site: SiteReader;
  /** The site as its readers reach it (`--site-url`), else the `file:` URL of its folder. */
  readonly siteUrl: string;
  readonly feedback: FeedbackLog;
  readonly input?: Readable;
  readonly output?: Writable;
}

/**
 * The search MCP server over stdio (one client: the agent that started the process). Resolves
 * once the client closes the connection (its end of stdin); rejects if the site cannot be read.
 */
export async function serveStdio(options: StdioOptions): Promise<void> {
  const server = await createMcpServer(options);
  const input = options.input ?? process.stdin;
  const transport = new StdioServerTransport(input, options.output ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    input.once('end', () => void server.close().finally(resolve));
  });
  await server.connect(transport);
  await closed;
}
