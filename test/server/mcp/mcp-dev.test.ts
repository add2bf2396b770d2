import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSheaf, type SheafServer } from '../../e2e/sheaf-process.js';
import { httpClient, textsOf } from './mcp-client.js';

const DOCS = { theme: 'mint', name: 'Dev Docs', colors: { primary: '#16A34A' }, navigation: { groups: [{ group: 'Guides', pages: ['index', 'guide'] }] } };

/**
 * Issue 22: the search MCP server of `sheaf dev`, over the project being edited: the compiled CLI
 * on 127.0.0.1, the SDK's client over Streamable HTTP, a page changed on disk.
 */
describe('the search MCP server in sheaf dev', () => {
  let root: string;
  let dev: SheafServer;
  let client: Client;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sheaf-mcp-dev-'));
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(DOCS));
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome to the dev docs.\n');
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\n## Rotate keys\n\nRotate your signing keys every ninety days.\n');
    dev = await startSheaf(['dev', root, '--port', '0', '--host', '127.0.0.1', '--workers', '0'], { cwd: root, ready: /Serving .* at http:/, timeoutMs: 60_000 });
    client = await httpClient(`${dev.url}mcp`);
  }, 90_000);

  afterAll(async () => {
    await client?.close();
    const output = await dev?.stop();
    rmSync(root, { recursive: true, force: true });
    expect(output?.stderr ?? '').not.toMatch(/\bat .*\.js:\d+/);
  });

  it('says where it is, and searches and reads the project', async () => {
    expect(dev.output().stderr + dev.output().stdout).toContain(`Search MCP server at ${dev.url}mcp`);
    const found = await client.callTool({ name: 'search_dev_docs', arguments: { query: 'signing keys' } });
    expect(textsOf(found)[0]?.split('\n').slice(0, 3)).toEqual(['Title: Guide › Rotate keys', 'Path: /guide#rotate-keys', `URL: ${dev.url}guide#rotate-keys`]);
    const page = await client.callTool({ name: 'get_page_dev_docs', arguments: { paths: ['/guide'], section: 'Rotate keys' } });
    expect(textsOf(page)).toEqual([`Source: ${dev.url}guide\n\n## Rotate keys\n\nRotate your signing keys every ninety days.`]);
  });

  it('reads the page as it is now after the author edits it', async () => {
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\n## Rotate keys\n\nRotate your signing keys every thirty days.\n');
    let text = '';
    for (let i = 0; i < 100 && !text.includes('thirty'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      text = textsOf(await client.callTool({ name: 'get_page_dev_docs', arguments: { paths: ['/guide'], section: 'rotate-keys' } }))[0] ?? '';
    }
    expect(text).toBe(`Source: ${dev.url}guide\n\n## Rotate keys\n\nRotate your signing keys every thirty days.`);
  });

  it("writes feedback into the project's .sheaf folder", async () => {
    await client.callTool({ name: 'submit_feedback', arguments: { path: '/guide', problem: 'Which keys?' } });
    const entry = JSON.parse(readFileSync(path.join(root, '.sheaf', 'mcp-feedback.jsonl'), 'utf8').trim()) as Record<string, unknown>;
    expect(entry).toMatchObject({ path: '/guide', route: '/guide', problem: 'Which keys?' });
  });

  it('serves the discovery documents, and refuses requests from web pages on other hosts', async () => {
    expect(await (await fetch(`${dev.url}.well-known/mcp`)).json()).toMatchObject({ url: `${dev.url}mcp`, servers: [{ name: 'public', url: `${dev.url}mcp` }] });
    const card = (await (await fetch(`${dev.url}.well-known/mcp/server-card.json`)).json()) as { name: string; tools: { name: string }[] };
    expect([card.name, card.tools.map((t) => t.name)]).toEqual(['dev_docs-search', ['search_dev_docs', 'get_page_dev_docs', 'submit_feedback']]);
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } } };
    const post = (origin: string) => fetch(`${dev.url}mcp`, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify(init) });
    const evil = await post('https://evil.example');
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { message: string } }).error.message).toBe('Requests from https://evil.example are not allowed: this MCP server answers only its own machine.');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect((await post('http://localhost:5173')).status).toBe(200);
  });
});
