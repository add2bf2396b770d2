import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../cli/run-sheaf.js';
import { stdioClient, textsOf } from './mcp-client.js';

const SHEAF = path.join(REPO, 'bin/sheaf.js');
const run = promisify(execFile);

/** `sheaf mcp …args` started by the SDK's stdio client, as an MCP client on the author's machine starts it. */
const connect = (args: readonly string[], cwd: string) => stdioClient(process.execPath, [SHEAF, 'mcp', ...args], { cwd });

/** The result paths of a search (`Path: …` lines). */
const pathsOf = (result: unknown) => textsOf(result).map((t) => t.split('\n')[1]?.replace(/^Path: /, ''));

/**
 * Issue 22: `sheaf mcp DIR|BUNDLE`, the search MCP server over stdio, spawned by the official
 * SDK's `StdioClientTransport` on sites built by the compiled CLI.
 */
describe('sheaf mcp over stdio', () => {
  let work: string;
  let example: string;
  let widgets: string;
  let bundle: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-mcp-stdio-'));
    example = path.join(work, 'example-site');
    widgets = path.join(work, 'widgets-site');
    bundle = path.join(work, 'example.tar.gz');
    await run(process.execPath, [SHEAF, 'build', path.join(REPO, 'fixtures/example'), '-o', example, '--no-cache', '--workers', '0']);
    await run(process.execPath, [SHEAF, 'build', path.join(REPO, 'test/fixtures/discovery-site'), '-o', widgets, '--workers', '0']);
    await run(process.execPath, [SHEAF, 'export', path.join(REPO, 'fixtures/example'), '-o', bundle, '--workers', '0']);
  }, 180_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  describe('on the built example', () => {
    let client: Client;
    let stderr: () => string;
    beforeAll(async () => {
      ({ client, stderr } = await connect([example, '--data-dir', path.join(work, 'data')], work));
    }, 60_000);
    afterAll(() => client?.close());

    it('says what it serves on stderr only, and lists its tools and llms.txt', async () => {
      expect(stderr()).toContain(`sheaf mcp: serving ${example} over stdio (feedback in ${path.join(work, 'data', 'mcp-feedback.jsonl')})`);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search_acme_notes', 'get_page_acme_notes', 'submit_feedback']);
      const { resources } = await client.listResources();
      expect(resources.map((r) => [r.name, r.uri])).toEqual([['llms.txt', `file://${example}/llms.txt`]]);
      const llms = await client.readResource({ uri: `file://${example}/llms.txt` });
      expect((llms.contents[0] as { text: string }).text).toBe(await readFile(path.join(example, 'llms.txt'), 'utf8'));
    });

    it('finds and reads pages; without --site-url results give paths', async () => {
      const found = await client.callTool({ name: 'search_acme_notes', arguments: { query: 'create an API key', limit: 2 } });
      expect(pathsOf(found)).toEqual(['/quickstart#get-an-api-key', '/guides/components#create-a-note']);
      expect(textsOf(found)[0]).not.toContain('URL:');
      const page = await client.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['/guides/authentication'] } });
      expect(textsOf(page)).toEqual([`Source: /guides/authentication\n\n${await readFile(path.join(example, 'guides/authentication.md'), 'utf8')}`]);
      const section = await client.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['/quickstart'], section: 'Get an API key' } });
      expect(textsOf(section)).toEqual(['Source: /quickstart\n\n## Get an API key\n\nOpen **Settings → API keys** in the dashboard and create a key. Keep it secret: it acts as you.']);
    });

    it('records feedback with the client it came from in --data-dir', async () => {
      await client.callTool({ name: 'submit_feedback', arguments: { path: 'https://docs.acme.test/guides/notes', problem: 'Says nothing about deleting notes.' } });
      const lines = (await readFile(path.join(work, 'data', 'mcp-feedback.jsonl'), 'utf8')).trim().split('\n');
      expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
        { time: expect.any(String), path: 'https://docs.acme.test/guides/notes', route: '/guides/notes', problem: 'Says nothing about deleting notes.', client: 'sheaf-test 1.0.0' },
      ]);
    });

    it('answers with no network at all (a network namespace of its own holding only loopback)', async () => {
      const { client: offline } = await stdioClient('/usr/bin/bwrap', ['--unshare-net', '--dev-bind', '/', '/', '--', process.execPath, SHEAF, 'mcp', example, '--data-dir', path.join(work, 'data-offline')], { cwd: work });
      try {
        expect(pathsOf(await offline.callTool({ name: 'search_acme_notes', arguments: { query: 'create an API key', limit: 1 } }))).toEqual(['/quickstart#get-an-api-key']);
        expect(textsOf(await offline.callTool({ name: 'get_page_acme_notes', arguments: { paths: ['/'] } }))[0]).toBe(`Source: /\n\n${await readFile(path.join(example, 'index.md'), 'utf8')}`);
        expect((await offline.callTool({ name: 'submit_feedback', arguments: { path: '/', problem: 'offline report' } })).isError).toBeUndefined();
        expect(await readFile(path.join(work, 'data-offline', 'mcp-feedback.jsonl'), 'utf8')).toContain('"problem":"offline report"');
      } finally {
        await offline.close();
      }
    });

    it('refuses an unknown tool (JSON-RPC error) and an oversized argument (tool error)', async () => {
      const unknown = await client.callTool({ name: 'query_docs_filesystem_acme_notes', arguments: { command: 'ls /' } }).catch((e: unknown) => e);
      expect([unknown instanceof McpError, (unknown as McpError).code]).toEqual([true, -32602]);
      const big = await client.callTool({ name: 'search_acme_notes', arguments: { query: 'x'.repeat(100_000) } });
      expect([big.isError, textsOf(big)]).toEqual([true, ['Invalid arguments for search_acme_notes: query must NOT have more than 500 characters']]);
      // The server is still there.
      expect((await client.listTools()).tools).toHaveLength(3);
    });
  });

  it('filters search results by version and language on a site that has both', async () => {
    // The data folder is a file: feedback cannot be written, and the agent is told so (no path of the disk).
    await writeFile(path.join(work, 'not-a-folder'), '');
    const { client } = await connect([widgets, '--data-dir', path.join(work, 'not-a-folder')], work);
    try {
      const search = (await client.listTools()).tools[0];
      expect(search?.name).toBe('search_acme_widgets');
      expect(search?.inputSchema.properties?.['version']).toMatchObject({ type: 'string', enum: ['v1', 'v2'] });
      expect(search?.inputSchema.properties?.['language']).toMatchObject({ type: 'string', enum: ['en', 'fr'] });
      /** Each result's path, version and language. */
      const find = async (args: Record<string, string>) =>
        textsOf(await client.callTool({ name: 'search_acme_widgets', arguments: { query: 'install the widget', limit: 20, ...args } })).map((t) => {
          const line = (key: string) => t.split('\n').find((l) => l.startsWith(`${key}: `))?.slice(key.length + 2) ?? '-';
          return `${line('Path')} ${line('Version')} ${line('Language')}`;
        });
      expect(await find({})).toEqual(['/v2/en/quickstart#install-the-widget v2 en', '/v2/fr/quickstart v2 fr', '/v1/quickstart v1 -', '/v2/en/quickstart#configure-the-widget v2 en', '/ v2 en', '/v2/en/quickstart v2 en', '/v2/en/webhooks v2 en']);
      expect(await find({ version: 'v1' })).toEqual(['/v1/quickstart v1 -']);
      expect(await find({ version: 'v2', language: 'fr' })).toEqual(['/v2/fr/quickstart v2 fr']);
      expect(await find({ language: 'en' })).toEqual(['/v2/en/quickstart#install-the-widget v2 en', '/v1/quickstart v1 -', '/v2/en/quickstart#configure-the-widget v2 en', '/ v2 en', '/v2/en/quickstart v2 en', '/v2/en/webhooks v2 en']);
      const wrong = await client.callTool({ name: 'search_acme_widgets', arguments: { query: 'widget', version: 'v3' } });
      expect([wrong.isError, textsOf(wrong)]).toEqual([true, ['Invalid arguments for search_acme_widgets: version must be one of "v1", "v2"']]);
      const unwritable = await client.callTool({ name: 'submit_feedback', arguments: { path: '/v1/legacy', problem: 'Outdated.' } });
      expect([unwritable.isError, textsOf(unwritable)]).toEqual([true, ['The feedback log cannot be written on this server; the report was not kept.']]);
    } finally {
      await client.close();
    }
  });

  it('serves a bundle from sheaf export, with --site-url for links', async () => {
    const { client } = await connect([bundle, '--site-url', 'https://docs.acme.test/', '--data-dir', path.join(work, 'data3')], work);
    try {
      const found = await client.callTool({ name: 'search_acme_notes', arguments: { query: 'create an API key', limit: 1 } });
      expect(textsOf(found)[0]?.split('\n').slice(0, 3)).toEqual(['Title: Quickstart › Get an API key', 'Path: /quickstart#get-an-api-key', 'URL: https://docs.acme.test/quickstart#get-an-api-key']);
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['https://docs.acme.test/llms.txt']);
    } finally {
      await client.close();
    }
  });

  it("lists the site's llms.txt and skill files as resources and reads them byte for byte", async () => {
    const skills = path.join(work, 'skills-site');
    await run(process.execPath, [SHEAF, 'build', path.join(REPO, 'test/fixtures/skills-published'), '-o', skills, '--workers', '0']);
    const { client } = await connect([skills, '--site-url', 'https://docs.acme.test', '--data-dir', path.join(work, 'data4')], work);
    try {
      const { resources } = await client.listResources();
      expect(resources.map((r) => [r.name, r.mimeType])).toEqual([
        ['llms.txt', 'text/plain'],
        ['skill.md', 'text/markdown'],
        ['.well-known/skills/acme-docs/SKILL.md', 'text/markdown'],
        ['.well-known/skills/analytics/SKILL.md', 'text/markdown'],
        ['.well-known/skills/index.json', 'application/json'],
        ['.well-known/skills/payments/SKILL.md', 'text/markdown'],
        ['.well-known/skills/payments/references/limits.md', 'text/markdown'],
      ]);
      expect(resources.every((r) => r.uri === `https://docs.acme.test/${r.name}`)).toBe(true);
      for (const name of ['skill.md', '.well-known/skills/payments/SKILL.md', '.well-known/skills/index.json']) {
        const read = await client.readResource({ uri: `https://docs.acme.test/${name}` });
        expect((read.contents[0] as { text: string }).text).toBe(await readFile(path.join(skills, name), 'utf8'));
      }
      // Only listed files: not a page, not a path out of the site.
      for (const uri of ['https://docs.acme.test/index.md', 'https://docs.acme.test/.well-known/skills/../../../etc/passwd', 'https://other.test/skill.md']) {
        await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32002 });
      }
    } finally {
      await client.close();
    }
  });

  it("builds a project folder first, and keeps feedback in the project's .sheaf/, which no build publishes", async () => {
    const project = path.join(work, 'widgets-project');
    await cp(path.join(REPO, 'test/fixtures/discovery-site'), project, { recursive: true });
    const { client, stderr } = await connect([project, '--workers', '0'], project);
    try {
      expect(stderr()).toContain(`sheaf mcp: building ${project} into ${path.join(project, '.sheaf', 'mcp-site')}`);
      expect(stderr()).toContain('sheaf mcp: built 6 pages');
      expect(stderr()).toContain(`(feedback in ${path.join(project, '.sheaf', 'mcp-feedback.jsonl')})`);
      const page = await client.callTool({ name: 'get_page_acme_widgets', arguments: { paths: ['/v2/fr/quickstart'] } });
      expect(textsOf(page)).toEqual(['Source: /v2/fr/quickstart\n\n# Démarrage rapide\n\nInstallez le widget avec `npm install acme-widget`.\n']);
      await client.callTool({ name: 'submit_feedback', arguments: { path: '/v1/legacy', problem: 'Say it is deprecated.' } });
    } finally {
      await client.close();
    }
    const out = path.join(work, 'widgets-project-site');
    await run(process.execPath, [SHEAF, 'build', project, '-o', out, '--workers', '0']);
    expect((await readdir(out, { recursive: true })).filter((f) => f.includes('mcp'))).toEqual([]);
  });

  it('writes feedback for a built site into the user state folder when no --data-dir is given', async () => {
    const state = path.join(work, 'state');
    const { client, stderr } = await stdioClient(process.execPath, [SHEAF, 'mcp', example], { cwd: work, env: { ...(process.env as Record<string, string>), XDG_STATE_HOME: state } });
    try {
      expect(stderr()).toContain(`(feedback in ${path.join(state, 'sheaf', 'mcp-feedback.jsonl')})`);
      await client.callTool({ name: 'submit_feedback', arguments: { path: '/quickstart', problem: 'State folder.' } });
      expect(await readFile(path.join(state, 'sheaf', 'mcp-feedback.jsonl'), 'utf8')).toContain('"problem":"State folder."');
    } finally {
      await client.close();
    }
  });

  it('removes the unpacked bundle when stopped by a signal', async () => {
    const child = spawn(process.execPath, [SHEAF, 'mcp', bundle, '--data-dir', path.join(work, 'data5')], { cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    const dir = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        const found = /sheaf mcp: serving (\S+) over stdio/.exec(stderr)?.[1];
        if (found) resolve(found);
      });
      child.once('exit', () => reject(new Error(`sheaf mcp exited: ${stderr}`)));
    });
    expect((await stat(path.join(dir, 'manifest.json'))).isFile()).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    await expect(stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('says clearly when there is nothing to serve, with exit code 1 and nothing on stdout', async () => {
    const empty = await mkdtemp(path.join(work, 'empty-'));
    await writeFile(path.join(work, 'notes.txt'), 'not a bundle');
    for (const [target, message] of [
      [empty, `sheaf mcp: ${empty} is not a built site (no _sheaf/search-records.json), a bundle or a project (no docs.json or mint.json).\n`],
      [path.join(work, 'notes.txt'), `sheaf mcp: ${path.join(work, 'notes.txt')} is not a bundle (a .tar.gz or .zip from \`sheaf export\`).\n`],
      [path.join(work, 'missing'), `sheaf mcp: ${path.join(work, 'missing')} does not exist.\n`],
    ]) {
      const result = await run(process.execPath, [SHEAF, 'mcp', target as string], { cwd: work }).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect([result.code, result.stdout, result.stderr]).toEqual([1, '', message]);
    }
  });
});
