import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle } from '../../../src/api/export-bundle.js';
import { REPO, startCli } from '../../scale/cli-process.js';
import { hostExample, type HostedExample } from '../host/hosted-example.js';
import { SIGNED, startBundleServer } from '../host/make-bundle.js';
import { httpClient, textsOf } from './mcp-client.js';

const TOOLS = ['search_acme_notes', 'get_page_acme_notes', 'submit_feedback'];
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Issue 22: the search MCP server of `sheaf host`, serving the exported example bundle, through
 * the official SDK's `Client` over Streamable HTTP.
 */
describe('the search MCP server on sheaf host (the exported example)', () => {
  let work: string;
  let hosted: HostedExample;
  let url: string;
  let client: Client;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-mcp-host-'));
    hosted = await hostExample(work, 'tar.gz', undefined, undefined, { mcp: { limits: { maxBodyBytes: 8192 } } });
    url = hosted.host.url;
    client = await httpClient(`${url}/mcp`);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await hosted?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('names itself after the site, gives instructions, and lists its three tools with 2020-12 schemas and read-only hints', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'acme_notes-search', title: 'Acme Notes documentation' });
    expect(client.getInstructions()).toContain('Use search_acme_notes to find the sections that answer a question, then get_page_acme_notes');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const tool of tools) expect(tool.inputSchema['$schema']).toBe(DIALECT);
    expect(tools[0]?.annotations).toEqual(READ_ONLY);
    expect(tools[1]?.annotations).toEqual(READ_ONLY);
    expect(tools[2]?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // The example has one version and one language: no filter is offered.
    expect(Object.keys(tools[0]?.inputSchema.properties ?? {})).toEqual(['query', 'limit']);
    expect(tools[0]?.inputSchema.required).toEqual(['query']);
  });

  it("lists the site's llms.txt as a resource and reads it", async () => {
    const { resources } = await client.listResources();
    expect(resources).toEqual([{ uri: `${url}/llms.txt`, name: 'llms.txt', title: 'Acme Notes: index of pages (llms.txt)', mimeType: 'text/plain' }]);
    const read = await client.readResource({ uri: `${url}/llms.txt` });
    expect(read.contents).toHaveLength(1);
    expect((read.contents[0] as { text: string }).text).toBe(await (await fetch(`${url}/llms.txt`)).text());
    await expect(client.readResource({ uri: `${url}/index.html` })).rejects.toMatchObject({ code: -32002 });
  });

  it('finds the quickstart with a Markdown excerpt of the matching section, title, path and URL', async () => {
    const result = await client.callTool({ name: 'search_acme_notes', arguments: { query: 'get an API key', limit: 3 } });
    const texts = textsOf(result);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toBe(
      [
        'Title: Quickstart › Get an API key',
        'Path: /quickstart#get-an-api-key',
        `URL: ${url}/quickstart#get-an-api-key`,
        '',
        '## Get an API key',
        '',
        'Open **Settings → API keys** in the dashboard and create a key. Keep it secret: it acts as you.',
      ].join('\n'),
    );
    const none = await client.callTool({ name: 'search_acme_notes', arguments: { query: 'zzyzx quux' } });
    expect(textsOf(none)).toEqual(['No results for "zzyzx quux" in the Acme Notes documentation.']);
  });

  it('reads whole pages as Markdown, several at once, and one section of a page', async () => {
    const whole = await client.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['/quickstart', `${url}/api-reference/introduction`] } });
    const md = await (await fetch(`${url}/quickstart.md`)).text();
    const intro = await (await fetch(`${url}/api-reference/introduction.md`)).text();
    expect(textsOf(whole)).toEqual([`Source: ${url}/quickstart\n\n${md}`, `Source: ${url}/api-reference/introduction\n\n${intro}`]);
    expect(whole.isError).toBeUndefined();

    const section = await client.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['quickstart.md'], section: 'create-a-note' } });
    const text = textsOf(section)[0] as string;
    expect(text.startsWith(`Source: ${url}/quickstart\n\n## Create a note\n\n\`\`\`bash\ncurl -X POST`)).toBe(true);
    expect(text).not.toContain('Get an API key');

    const missing = await client.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['/quickstart'], section: 'Billing' } });
    expect(missing.isError).toBe(true);
    expect(textsOf(missing)).toEqual(['The page /quickstart has no section "Billing". Its sections: Get an API key; Create a note.']);
    const nowhere = await client.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['/no/such/page'] } });
    expect([nowhere.isError, textsOf(nowhere)]).toEqual([true, ['No page at /no/such/page. Find pages with search_acme_notes.']]);
  });

  it("appends feedback to mcp-feedback.jsonl in the host's data folder", async () => {
    const result = await client.callTool({ name: 'submit_feedback', arguments: { path: '/quickstart', problem: 'The curl example lacks a Content-Type header.' } });
    expect(textsOf(result)).toEqual(['Thank you: the report about /quickstart was recorded for the authors of Acme Notes.']);
    const lines = (await readFile(path.join(work, 'data', 'mcp-feedback.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string) as Record<string, unknown>;
    // Stateless HTTP: the call does not know the client's name (initialize was another request).
    expect(Object.keys(entry).sort()).toEqual(['path', 'problem', 'route', 'time']);
    expect(entry).toMatchObject({ path: '/quickstart', route: '/quickstart', problem: 'The curl example lacks a Content-Type header.' });
    expect(Date.now() - Date.parse(entry['time'] as string)).toBeLessThan(60_000);
  });

  it('refuses an unknown tool with a JSON-RPC error, and wrong arguments with a tool error the agent can read', async () => {
    const unknown = await client.callTool({ name: 'delete_everything', arguments: {} }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpError);
    expect((unknown as McpError).code).toBe(-32602);
    // The SDK's client puts its one prefix before the server's message.
    expect((unknown as McpError).message).toBe("MCP error -32602: Unknown tool: delete_everything. This server's tools: search_acme_notes, get_page_acme_notes, submit_feedback.");

    const wrong = await client.callTool({ name: 'search_acme_notes', arguments: { query: 'notes', limit: 500 } });
    expect([wrong.isError, textsOf(wrong)]).toEqual([true, ['Invalid arguments for search_acme_notes: limit must be <= 20']]);
    const extra = await client.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['/'], format: 'html' } });
    expect([extra.isError, textsOf(extra)]).toEqual([true, ['Invalid arguments for get_page_acme_notes: unknown argument "format"']]);
  });

  it('refuses an oversized request, GET and DELETE with JSON-RPC errors over HTTP, and answers CORS preflights', async () => {
    const big = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_acme_notes', arguments: { query: 'x'.repeat(10_000) } } }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'The request is over 8192 bytes, the most this server takes.' }, id: null });
    // The same without a declared length (a chunked body): cut off while it streams.
    const chunked = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(20_000)}"}}`)), c.close()) }),
      duplex: 'half',
    } as RequestInit);
    expect([chunked.status, ((await chunked.json()) as { error: { message: string } }).error.message]).toEqual([413, 'The request is over 8192 bytes, the most this server takes.']);

    const get = await fetch(`${url}/mcp`, { headers: { Accept: 'text/event-stream' } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    expect(((await get.json()) as { error: { code: number } }).error.code).toBe(-32000);
    expect((await fetch(`${url}/mcp`, { method: 'DELETE' })).status).toBe(405);

    const notJson = await fetch(`${url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":' });
    expect([notJson.status, ((await notJson.json()) as { error: { code: number } }).error.code]).toEqual([400, -32700]);

    const preflight = await fetch(`${url}/mcp`, { method: 'OPTIONS', headers: { Origin: 'https://chat.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, mcp-protocol-version' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
  });

  it('serves the discovery document and the server cards, naming the server and its tools', async () => {
    for (const p of ['/.well-known/mcp', '/.well-known/mcp.json']) {
      const r = await fetch(`${url}${p}`);
      expect([r.status, r.headers.get('content-type'), r.headers.get('access-control-allow-origin')]).toEqual([200, 'application/json; charset=utf-8', '*']);
      expect(await r.json()).toEqual({ version: '0.1.0', transport: 'http', url: `${url}/mcp`, servers: [{ name: 'public', url: `${url}/mcp`, transport: 'http', authentication: 'none' }] });
    }
    const card = (await (await fetch(`${url}/.well-known/mcp/server-card.json`)).json()) as Record<string, unknown> & { tools: { name: string; annotations: unknown; inputSchema: Record<string, unknown> }[] };
    expect(card).toMatchObject({ name: 'acme_notes-search', url: `${url}/mcp`, transport: 'http', capabilities: { tools: true, resources: true }, authentication: 'none' });
    expect(card.tools.map((t) => t.name)).toEqual(TOOLS);
    expect(card.tools[0]?.annotations).toEqual(READ_ONLY);
    // The cards describe the tools exactly as tools/list does.
    const listed = (await client.listTools()).tools;
    expect(card.tools.map((t) => t.inputSchema)).toEqual(listed.map((t) => t.inputSchema));
    const cards = (await (await fetch(`${url}/.well-known/mcp/server-cards.json`)).json()) as { servers: unknown[] };
    expect(cards).toEqual({ servers: [card] });
    expect((await fetch(`${url}/.well-known/mcp`, { method: 'POST' })).status).toBe(405);
  });
});

describe('sheaf host with a small MCP rate limit, and with --no-mcp', () => {
  let work: string;
  let limited: HostedExample;
  let off: HostedExample;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-mcp-limits-'));
    limited = await hostExample(path.join(work), 'zip', undefined, undefined, { mcp: { limits: { requestsPerHour: 3 } } });
    off = await hostExample(path.join(work), 'tar.gz', undefined, undefined, { mcp: false });
  }, 120_000);

  afterAll(async () => {
    await limited?.close();
    await off?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('answers 429 with Retry-After once a client address has used its requests', async () => {
    // initialize and its notification are two requests; tools/list the third.
    const client = await httpClient(`${limited.host.url}/mcp`);
    expect((await client.listTools()).tools).toHaveLength(3);
    const refused = await client.listTools().catch((error: unknown) => error);
    expect(String(refused)).toContain('Too many requests: at most 3 an hour from one address');
    const raw = await fetch(`${limited.host.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await raw.json()) as { error: { message: string } }).error.message).toMatch(/^Too many requests: at most 3 an hour from one address; try again in \d+ s\.$/);
    await client.close();
  });

  it('serves no MCP server and no discovery document with --no-mcp, the site still', async () => {
    const post = await fetch(`${off.host.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(405);
    expect((await fetch(`${off.host.url}/.well-known/mcp`)).status).toBe(404);
    expect((await fetch(`${off.host.url}/quickstart`)).status).toBe(200);
  });
});

describe('sheaf host from the CLI with two serving workers', () => {
  it('answers MCP with two serving workers (stateless: whichever worker takes a request answers it) into one feedback log', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-mcp-workers-'));
    const bundle = path.join(work, 'site.tar.gz');
    await exportBundle({ root: path.join(REPO, 'fixtures/example'), output: bundle, cacheDir: false, workers: 0 });
    const store = await startBundleServer({ '/site.tar.gz': { body: await readFile(bundle) } });
    const data = path.join(work, 'data');
    const cli = await startCli(['host', '--bundle-url', `${store.url}/site.tar.gz${SIGNED}`, '--port', '0', '--host', '127.0.0.1', '--data-dir', data, '--workers', '2'], {}, /search MCP server at (http:\/\/127\.0\.0\.1:\d+)\/mcp/);
    try {
      // A client per request's connection spreads the calls over both workers.
      for (let i = 0; i < 6; i++) {
        const client = await httpClient(`${cli.match}/mcp`);
        const found = await client.callTool({ name: 'search_acme_notes', arguments: { query: 'get an API key', limit: 1 } });
        expect(textsOf(found)[0]?.split('\n')[1]).toBe('Path: /quickstart#get-an-api-key');
        await client.callTool({ name: 'submit_feedback', arguments: { path: '/quickstart', problem: `report ${i}` } });
        await client.close();
      }
      const lines = (await readFile(path.join(data, 'mcp-feedback.jsonl'), 'utf8')).trim().split('\n');
      expect(lines.map((l) => (JSON.parse(l) as { problem: string }).problem).sort()).toEqual(['report 0', 'report 1', 'report 2', 'report 3', 'report 4', 'report 5']);
      expect(await cli.stop()).toBe(0);
    } finally {
      await store.close();
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
