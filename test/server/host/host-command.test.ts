import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHost } from '../../../src/cli/host-command.js';
import type { CliIO } from '../../../src/cli/io.js';
import { createProgram } from '../../../src/cli/program.js';
import { SHEAF_VERSION } from '../../../src/version.js';
import { bundleEntries, packTarGz, S3_EXPIRED, SIGNED, startBundleServer } from './make-bundle.js';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-cli-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

function capture(): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), color: false };
}

async function run(args: string[], env: Record<string, string> = {}) {
  const io = capture();
  let code = -1;
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    await createProgram(io, (c) => (code = c)).parseAsync(['node', 'sheaf', ...args]);
  } catch (error) {
    code = (error as { exitCode?: number }).exitCode ?? 2;
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { code, stdout: io.out.join(''), stderr: io.err.join('') };
}

describe('sheaf host (CLI)', () => {
  it('exits 1 with the cause when the link has expired and nothing is cached; the signature is never printed', async () => {
    const store = await startBundleServer({ '/se_1/bundle.tar.gz': { status: 403, body: S3_EXPIRED } });
    try {
      const dataDir = path.join(work, 'data');
      const result = await run(['host', '--bundle-url', `${store.url}/se_1/bundle.tar.gz${SIGNED}`, '--version', 'se_1', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        [
          `sheaf host: downloading the bundle from ${store.url}/se_1/bundle.tar.gz?…`,
          `sheaf host: The bundle link has expired (HTTP 403 from ${store.url}/se_1/bundle.tar.gz?…); generate a new bundle and upgrade. No cached copy of version se_1 is in ${path.join(dataDir, 'versions')}, so there is nothing to serve. [host/link-expired]`,
          '  hint: Generate a new bundle (POST /v1/static-export/jobs/{jobId}/bundle) and upgrade with the new link.',
          '',
        ].join('\n'),
      );
      expect(result.stderr).not.toContain('f00dfeed');
    } finally {
      await store.close();
    }
  });

  it('reads the link from SHEAF_BUNDLE_URL (how the Helm chart passes it)', async () => {
    const store = await startBundleServer({});
    try {
      const result = await run(['host', '--port', '0', '--host', '127.0.0.1', '--data-dir', path.join(work, 'data')], { SHEAF_BUNDLE_URL: `${store.url}/missing.tar.gz${SIGNED}` });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The bundle was not found (HTTP 404 from ${store.url}/missing.tar.gz?…)`);
      expect(store.requests).toEqual([`/missing.tar.gz${SIGNED}`]);
    } finally {
      await store.close();
    }
  });

  it('checks its flags before downloading anything', async () => {
    expect((await run(['host', '--data-dir', work])).stderr).toBe('sheaf host: No bundle link: pass --bundle-url or set SHEAF_BUNDLE_URL. [host/bad-option]\n  hint: Use the bundleUrl returned by POST /v1/static-export/jobs/{jobId}/bundle.\n');
    const bad = await run(['host', '--bundle-url', 'http://127.0.0.1:1/b', '--version', '../x', '--data-dir', work]);
    expect([bad.code, bad.stderr]).toEqual([1, 'sheaf host: --version "../x" is not an export version (1-128 letters, digits, `.`, `_` or `-`). [host/bad-option]\n']);
    expect((await run(['host', '--bundle-url', 'http://127.0.0.1:1/b', '--port', '99999', '--data-dir', work])).stderr).toContain('--port "99999" is not a port number');
  });

  it('leaves `sheaf --version` printing Sheaf’s version', async () => {
    const result = await run(['--version']);
    expect(result.stdout.trim()).toBe(SHEAF_VERSION);
  });

  it('starts, serves and stops (runHost, as the command runs it)', async () => {
    const store = await startBundleServer({ '/b.tar.gz': { body: await packTarGz(bundleEntries({ 'index.html': '<h1>Hi</h1>' }, 'v7')) } });
    const io = capture();
    const result = await runHost({ bundleUrl: `${store.url}/b.tar.gz`, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'data'), workers: '0', allowHost: ['api.example.com, *.example.org'] }, io);
    try {
      expect(result.code).toBe(0);
      const host = result.host;
      expect(host).toBeDefined();
      if (!host) return;
      expect(await (await fetch(`${host.url}/`)).text()).toBe('<h1>Hi</h1>');
      expect(io.err.slice(-2)).toEqual([`sheaf host: serving version v7 (2 pages) at ${host.url}\n`, expect.stringMatching(/^sheaf host: search MCP server at http:\/\/127\.0\.0\.1:\d+\/mcp \(feedback in .*mcp-feedback\.jsonl\)\n$/)]);
      const proxied = await fetch(`${host.url}/_svc/api/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'GET', url: 'https://other.example.net/', headers: {}, body: { type: 'none' } }),
      });
      expect(((await proxied.json()) as { error: { code: string } }).error.code).toBe('proxy/host-not-allowed');
    } finally {
      await result.host?.close();
      await store.close();
    }
  });
  it('lets the proxy reach private ranges given with --allow-address, and no others', async () => {
    const store = await startBundleServer({ '/b.tar.gz': { body: await packTarGz(bundleEntries({ 'index.html': '<h1>Hi</h1>' }, 'v8')) } });
    const ask = (url: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', url: `${store.url}/b.tar.gz`, headers: {}, body: { type: 'none' } }) });
    const open = await runHost({ bundleUrl: `${store.url}/b.tar.gz`, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'open'), workers: '0', allowAddress: ['127.0.0.1/32'] }, capture());
    const closed = await runHost({ bundleUrl: `${store.url}/b.tar.gz`, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'closed'), workers: '0' }, capture());
    try {
      const allowed = (await (await ask(`${open.host!.url}/_svc/api/request`)).json()) as { status: number };
      expect(allowed.status).toBe(200);
      const refused = (await (await ask(`${closed.host!.url}/_svc/api/request`)).json()) as { error: { code: string } };
      expect(refused.error.code).toBe('proxy/blocked-address');
    } finally {
      await open.host?.close();
      await closed.host?.close();
      await store.close();
    }
  });

  it('refuses a --public-url that is not a site root and an --mcp-requests-per-hour that is not a count', async () => {
    const url = await run(['host', '--bundle-url', 'http://127.0.0.1:1/b', '--public-url', 'docs.example.com', '--data-dir', work]);
    expect([url.code, url.stderr]).toEqual([1, 'sheaf host: --public-url "docs.example.com" is not an http(s) URL of a site\'s root (https://docs.example.com). [host/bad-option]\n']);
    const rate = await run(['host', '--bundle-url', 'http://127.0.0.1:1/b', '--mcp-requests-per-hour', '-5', '--data-dir', work]);
    expect([rate.code, rate.stderr]).toEqual([1, 'sheaf host: --mcp-requests-per-hour "-5" is not a number of requests (0: no limit). [host/bad-option]\n']);
  });

  it('serves no MCP server with --no-mcp (commander gives mcp: false), and names --public-url in its log line otherwise', async () => {
    expect((await run(['host', '--help'])).stdout).toContain('--no-mcp');
    const store = await startBundleServer({ '/b.tar.gz': { body: await packTarGz(bundleEntries({ 'index.html': '<h1>Home</h1>', '404.html': 'no' }, 'v7')) } });
    const off = capture();
    const noMcp = await runHost({ bundleUrl: `${store.url}/b.tar.gz`, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'off'), workers: '0', mcp: false }, off);
    const on = capture();
    const publicUrl = await runHost({ bundleUrl: `${store.url}/b.tar.gz`, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'on'), workers: '0', publicUrl: 'https://docs.acme.test/' }, on);
    try {
      expect(off.err.join('')).not.toContain('MCP');
      expect((await fetch(`${noMcp.host?.url}/mcp`, { method: 'POST', body: '{}' })).status).toBe(405);
      expect(on.err.at(-1)).toBe(`sheaf host: search MCP server at https://docs.acme.test/mcp (feedback in ${path.join(work, 'on', 'mcp-feedback.jsonl')})\n`);
      expect(await (await fetch(`${publicUrl.host?.url}/.well-known/mcp`, { headers: { Host: 'evil.example' } })).json()).toMatchObject({ url: 'https://docs.acme.test/mcp' });
    } finally {
      await noMcp.host?.close();
      await publicUrl.host?.close();
      await store.close();
    }
  });

  it('refuses an --allow-address that is not a CIDR range', async () => {
    const bad = await run(['host', '--bundle-url', 'http://127.0.0.1:1/b', '--allow-address', '127.0.0.1', '--data-dir', work]);
    expect([bad.code, bad.stderr]).toEqual([1, 'sheaf host: --allow-address "127.0.0.1" is not an address range in CIDR form (10.0.0.0/8, 192.168.1.20/32, fd00::/8). [host/bad-option]\n']);
  });
});
