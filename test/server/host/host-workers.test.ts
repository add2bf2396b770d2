import cluster from 'node:cluster';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../../src/server/host/start-host.js';
import { REPO, startCli } from '../../scale/cli-process.js';
import { bundleEntries, packTarGz, startBundleServer, type SiteFiles } from './make-bundle.js';

/**
 * `sheaf host --workers N` (process suite: the workers run dist/server/host/host-worker.js, which
 * `npm run test:process` builds first).
 */
const WORKER_ENTRY = path.join(REPO, 'dist/server/host/host-worker.js');

const site = (label: string): SiteFiles => ({ 'index.html': `<h1>Home ${label}</h1>`, '404.html': '<h1>Not here</h1>' });

/** A GET on a connection of its own, so the operating system may hand it to any worker. */
function fresh(base: string, pathname: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: pathname, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const bodies = async (base: string, n: number) => new Set((await Promise.all(Array.from({ length: n }, () => fresh(base, '/')))).map((r) => `${r.status} ${r.body}`));
const living = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());

let work: string;
let store: Awaited<ReturnType<typeof startBundleServer>>;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-workers-'));
  store = await startBundleServer({
    '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) },
    '/v2.tar.gz': { body: await packTarGz(bundleEntries(site('two'), 'v2')) },
  });
});
afterAll(async () => {
  await store?.close();
  await rm(work, { recursive: true, force: true });
});

describe('sheaf host with serving workers', () => {
  let host: RunningHost;
  const logs: string[] = [];

  it('starts N workers on one port, and switches all of them to a new version before update resolves', async () => {
    // The link is in the environment, as the chart passes it: no worker gets it.
    process.env['SHEAF_BUNDLE_URL'] = `${store.url}/v1.tar.gz`;
    const started = await startHost({ bundleUrl: `${store.url}/v1.tar.gz`, port: 0, hostname: '127.0.0.1', dataDir: path.join(work, 'data'), log: (l) => logs.push(l), workers: 2, workerEntry: WORKER_ENTRY });
    if (!started.ok) throw new Error(started.problem.message);
    host = started.value;
    expect(logs.slice(-2)).toEqual([`sheaf host: serving version v1 (2 pages) at ${host.url} by 2 workers`, `sheaf host: search MCP server at ${host.url}/mcp (feedback in ${path.join(work, 'data', 'mcp-feedback.jsonl')})`]);
    expect(living()).toHaveLength(2);
    for (const worker of living()) {
      const environ = await readFile(`/proc/${worker?.process.pid}/environ`, 'latin1');
      expect(environ).toContain('SHEAF_HOST_WORKER=');
      expect(environ).not.toContain(store.url);
    }
    delete process.env['SHEAF_BUNDLE_URL'];
    expect(await bodies(host.url, 40)).toEqual(new Set(['200 <h1>Home one</h1>']));
    const updated = await host.update(`${store.url}/v2.tar.gz`);
    expect(updated.ok).toBe(true);
    // Every connection from now on, whichever worker takes it, gets the new version.
    expect(await bodies(host.url, 40)).toEqual(new Set(['200 <h1>Home two</h1>']));
    expect(host.version()).toBe('v2');
  }, 60_000);

  it('replaces a worker that dies, serving the current version', async () => {
    const [victim] = living();
    victim?.process.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(living().length === 2 && !living().includes(victim as never) && logs.some((l) => l.includes('new worker') || l.includes('stopped')))) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(logs.filter((l) => l.startsWith('sheaf host: a serving worker stopped (SIGKILL); starting another'))).toHaveLength(1);
    // The replacement answers once it has loaded the version; until then the other worker does.
    expect(await bodies(host.url, 40)).toEqual(new Set(['200 <h1>Home two</h1>']));
    expect(living()).toHaveLength(2);
  }, 60_000);

  it('stops every worker on close', async () => {
    await host.close();
    expect(living()).toHaveLength(0);
    await expect(fresh(host.url, '/')).rejects.toThrow(/ECONNREFUSED/);
  }, 30_000);

  it('runs from the CLI with --workers, and stops with SIGTERM', async () => {
    const cli = await startCli(['host', '--bundle-url', `${store.url}/v1.tar.gz`, '--port', '0', '--host', '127.0.0.1', '--data-dir', path.join(work, 'cli'), '--workers', '2'], {}, /serving version v1 \(2 pages\) at (http:\/\/127\.0\.0\.1:\d+) by 2 workers/);
    expect(await bodies(cli.match, 20)).toEqual(new Set(['200 <h1>Home one</h1>']));
    expect(await cli.stop()).toBe(0);
    await expect(fresh(cli.match, '/')).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);

  it('refuses a --workers that is not a number', async () => {
    const cli = startCli(['host', '--bundle-url', `${store.url}/v1.tar.gz`, '--workers', 'many'], {}, /never/);
    await expect(cli).rejects.toThrow(/--workers "many" is not a number of processes \(0-256, or auto\)\. \[host\/bad-option\]/);
  });
});
