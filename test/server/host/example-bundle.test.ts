import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle } from '../../../src/api/export-bundle.js';
import { startHost, type RunningHost } from '../../../src/server/host/start-host.js';
import { startBundleServer, SIGNED } from './make-bundle.js';

/** The real thing: `exportBundle` of fixtures/example, served from a local "bucket", hosted. */
describe.each(['tar.gz', 'zip'] as const)('sheaf host with an exported example bundle (%s)', (format) => {
  let work: string;
  let host: RunningHost;
  let closeStore: () => Promise<void>;
  let version: string;
  let pageCount: number;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-example-'));
    const output = path.join(work, `site.${format}`);
    const exported = await exportBundle({ root: path.resolve('fixtures/example'), output, cacheDir: false, workers: 0 });
    if (!exported.manifest) throw new Error('the example did not export');
    version = exported.manifest.version;
    pageCount = exported.manifest.pageCount;
    const store = await startBundleServer({ [`/exports/site.${format}`]: { body: await readFile(output) } });
    closeStore = store.close;
    const started = await startHost({ bundleUrl: `${store.url}/exports/site.${format}${SIGNED}`, port: 0, hostname: '127.0.0.1', dataDir: path.join(work, 'data'), log: () => undefined });
    if (!started.ok) throw new Error(started.problem.message);
    host = started.value;
  }, 120_000);

  afterAll(async () => {
    await host?.close();
    await closeStore?.();
    await rm(work, { recursive: true, force: true });
  });

  it('serves the pages, their Markdown copies, hashed assets, the 404 page and the redirect', async () => {
    expect(await (await fetch(`${host.url}/_svc/health`)).json()).toEqual({ status: 'ok', version });
    expect(pageCount).toBeGreaterThan(5);

    const home = await fetch(`${host.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await home.text();
    expect(html).toContain('<!doctype html>');

    const quickstart = await fetch(`${host.url}/quickstart`);
    expect(quickstart.status).toBe(200);
    expect(await quickstart.text()).toMatch(/<h1[^>]*>[^<]*Quickstart/i);
    const api = await fetch(`${host.url}/api-reference/notes/list-notes/`);
    expect(api.status).toBe(200);
    const md = await fetch(`${host.url}/quickstart.md`);
    expect([md.status, md.headers.get('content-type')]).toEqual([200, 'text/markdown; charset=utf-8']);

    const stylesheet = html.match(/href="([^"]*_sheaf\/sheaf\.[0-9a-f]{10}\.css)"/)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await fetch(new URL(stylesheet as string, `${host.url}/`));
    expect([css.status, css.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);

    const missing = await fetch(`${host.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<!doctype html>');

    const moved = await fetch(`${host.url}/getting-started`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/quickstart']);
  });
});
