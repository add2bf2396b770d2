import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedbackLog } from '../../../src/server/mcp/feedback-log.js';
import { createMcpHttp, type McpHttpOptions } from '../../../src/server/mcp/mcp-http.js';
import { createSiteReader } from '../../../src/server/mcp/site-reader.js';

const RECORDS = [{ id: '/guide', route: '/guide', anchor: '', title: 'Guide', section: '', text: 'Rotate your keys.' }];
const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const rpc = (id: number, method: string, params: unknown = {}) => ({ jsonrpc: '2.0', id, method, params });

/** The MCP endpoint in process over a site folder written by hand (no server, no build). */
describe('the MCP endpoint over a hand-written site folder', () => {
  let work: string;
  let site: string;
  const logged: string[] = [];
  const endpoint = (dir: string, extra: Partial<McpHttpOptions> = {}) =>
    createMcpHttp({ site: createSiteReader({ dir: () => dir }), feedback: createFeedbackLog(path.join(work, 'data')), origins: 'any', log: (l) => logged.push(l), ...extra });
  const post = (http: ReturnType<typeof endpoint>, body: unknown, client = '127.0.0.1', headers: Record<string, string> = {}) =>
    http.fetch(new Request('http://docs.test/mcp', { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) }), client);

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-mcp-http-'));
    site = path.join(work, 'site');
    await mkdir(path.join(site, '_sheaf'), { recursive: true });
    await writeFile(path.join(site, '_sheaf', 'search-records.json'), JSON.stringify(RECORDS));
    await writeFile(path.join(site, 'llms.txt'), '# Hand Docs\n\n> Written by hand.\n');
    await writeFile(path.join(work, 'secret.txt'), 'outside the site');
    // A site folder from elsewhere may hold links out of it: the page's copy is one.
    await symlink(path.join(work, 'secret.txt'), path.join(site, 'guide.md'));
    await mkdir(path.join(site, '.well-known'));
    await symlink(work, path.join(site, '.well-known', 'skills'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('never reads through a link out of the site folder: not a page copy, not a skills folder', async () => {
    const http = endpoint(site);
    const read = (await (await post(http, rpc(1, 'tools/call', { name: 'get_page_hand_docs', arguments: { paths: ['/guide'] } }))).json()) as { result: { content: { text: string }[]; isError: boolean } };
    expect(read.result).toEqual({ content: [{ type: 'text', text: 'The page /guide has no Markdown copy.' }], isError: true });
    const listed = (await (await post(http, rpc(2, 'resources/list'))).json()) as { result: { resources: { name: string }[] } };
    expect(listed.result.resources.map((r) => r.name)).toEqual(['llms.txt']);
  });

  it('refuses a batch of messages (one message per request: the rate limit counts tool calls)', async () => {
    const r = await post(endpoint(site), [rpc(1, 'tools/list'), rpc(2, 'tools/list')]);
    expect([r.status, await r.json()]).toEqual([400, { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: batches are not supported; send one JSON-RPC message per request.' }, id: null }]);
  });

  it('counts requests per client address', async () => {
    const http = endpoint(site, { limits: { requestsPerHour: 2 } });
    const statuses = async (client: string) => Promise.all([1, 2, 3].map(async (i) => (await post(http, rpc(i, 'ping'), client)).status));
    expect(await statuses('192.0.2.1')).toEqual([200, 200, 429]);
    expect(await statuses('192.0.2.2')).toEqual([200, 200, 429]);
    const unlimited = endpoint(site, { limits: { requestsPerHour: 0 } });
    expect(await Promise.all(Array.from({ length: 6 }, async (_, i) => (await post(unlimited, rpc(i, 'ping'))).status))).toEqual(Array(6).fill(200));
  });

  it('answers a site without search records with a fixed message, the path only in the log; discovery still works', async () => {
    const empty = path.join(work, 'empty');
    await mkdir(empty);
    logged.length = 0;
    const http = endpoint(empty);
    const r = await post(http, rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect([r.status, await r.json()]).toEqual([503, { jsonrpc: '2.0', error: { code: -32603, message: 'The site cannot be searched: its search records are missing or unreadable.' }, id: null }]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(path.join(empty, '_sheaf', 'search-records.json'));
    const discovery = await http.fetch(new Request('http://docs.test/.well-known/mcp'), '127.0.0.1');
    expect([discovery.status, ((await discovery.json()) as { url: string }).url]).toEqual([200, 'http://docs.test/mcp']);
  });

  it('on the author machine (sheaf dev) refuses other machines and web pages on other hosts', async () => {
    const http = endpoint(site, { origins: 'loopback' });
    const init = rpc(1, 'ping');
    expect((await post(http, init, '192.168.1.20')).status).toBe(403);
    expect((await post(http, init, '127.0.0.1', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(http, init, '::ffff:127.0.0.1')).status).toBe(200);
    expect((await post(http, init, '::1', { Origin: 'http://localhost:3000' })).status).toBe(200);
  });
});
