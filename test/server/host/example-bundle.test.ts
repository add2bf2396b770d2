import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../../src/server/host/start-host.js';
import { hostExample, type HostedExample } from './hosted-example.js';

/** The real thing: `exportBundle` of fixtures/example, served from a local "bucket", hosted. */
describe.each(['tar.gz', 'zip'] as const)('sheaf host with an exported example bundle (%s)', (format) => {
  let work: string;
  let host: RunningHost;
  let hosted: HostedExample | undefined;
  let version: string;
  let pageCount: number;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-example-'));
    hosted = await hostExample(work, format);
    host = hosted.host;
    version = hosted.manifest.version;
    pageCount = hosted.manifest.pageCount;
  }, 120_000);

  afterAll(async () => {
    await hosted?.close();
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
