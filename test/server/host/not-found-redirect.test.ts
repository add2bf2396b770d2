import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asksForPage, missingPageRedirect } from '../../../src/server/host/not-found-redirect.js';
import { startHost, type RunningHost } from '../../../src/server/host/start-host.js';
import { bundleEntries, packTarGz, SIGNED, startBundleServer, type SiteFiles } from './make-bundle.js';

/**
 * docs.json `errors.404.redirect` in `sheaf host`, over real HTTP on 127.0.0.1: the bundle's
 * 404.html carries the redirect as the build writes it (test/api/build-seo-settings.test.ts pins
 * those bytes), and the host answers a missing page with a 302 to the home page itself.
 */

/** The head of 404.html as `render404` writes it with `redirect` on (the default). */
const REDIRECTING_404 =
  '<!doctype html>\n<html lang="en" class="sheaf-mode-center" data-base="/">\n<head>\n<meta charset="utf-8"/><title>Page not found — Site</title><meta name="robots" content="noindex"/><meta http-equiv="refresh" content="0; url=/"/></head>\n<body><h1>Not here</h1></body>\n</html>\n';

const site = (notFound: string): SiteFiles => ({
  'index.html': '<h1>Home</h1>',
  'guide/index.html': '<h1>Guide</h1>',
  'guide.md': '# Guide\n',
  '_sheaf/sheaf.0123456789.css': 'body{color:red}',
  '404.html': notFound,
  '_redirects': '/getting-started /guide 308\n',
});

let work: string;
let hosts: RunningHost[];
let closers: (() => Promise<void>)[];

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-404-'));
  hosts = [];
  closers = [];
});
afterEach(async () => {
  for (const h of hosts) await h.close();
  for (const c of closers) await c();
  await rm(work, { recursive: true, force: true });
});

async function serve(notFound: string, version: string): Promise<RunningHost> {
  const store = await startBundleServer({ [`/${version}/bundle.tar.gz`]: { body: await packTarGz(bundleEntries(site(notFound), version)) } });
  closers.push(store.close);
  const result = await startHost({ bundleUrl: `${store.url}/${version}/bundle.tar.gz${SIGNED}`, port: 0, hostname: '127.0.0.1', dataDir: path.join(work, version), log: () => {} });
  if (!result.ok) throw new Error(`host did not start: ${result.problem.message}`);
  hosts.push(result.value);
  return result.value;
}

const get = async (host: RunningHost, p: string, method = 'GET') => {
  const r = await fetch(`${host.url}${p}`, { redirect: 'manual', method });
  return [p, r.status, r.headers.get('location'), r.headers.get('cache-control'), await r.text()];
};

describe('sheaf host: errors.404.redirect', () => {
  it('redirects a missing page to the home page (302, not cached); missing files and existing pages are served as before', async () => {
    const host = await serve(REDIRECTING_404, 'r1');
    expect(await get(host, '/no/such/page/')).toEqual(['/no/such/page/', 302, '/', 'no-cache', '']);
    expect(await get(host, '/no/such/page')).toEqual(['/no/such/page', 302, '/', 'no-cache', '']);
    expect(await get(host, '/old.html?x=1')).toEqual(['/old.html?x=1', 302, '/', 'no-cache', '']);
    expect(await get(host, '/v1.2')).toEqual(['/v1.2', 302, '/', 'no-cache', '']);
    expect(await get(host, '/gone', 'HEAD')).toEqual(['/gone', 302, '/', 'no-cache', '']);
    // Files are not pages: a missing image, Markdown copy or asset stays a 404 with the 404 page.
    for (const p of ['/missing.png', '/guide/missing.md', '/_sheaf/sheaf.ffffffffff.js', '/_sheaf/nothing']) {
      expect(await get(host, p)).toEqual([p, 404, null, 'no-cache', REDIRECTING_404]);
    }
    expect(await get(host, '/guide/')).toEqual(['/guide/', 200, null, 'no-cache', '<h1>Guide</h1>']);
    // docs.json redirects still come first.
    expect(await get(host, '/getting-started')).toEqual(['/getting-started', 308, '/guide', 'no-cache', '']);
  });

  it('serves the 404 page when 404.html has no redirect (`redirect: false`)', async () => {
    const host = await serve('<h1>Not here</h1>', 'r2');
    expect(await get(host, '/no/such/page/')).toEqual(['/no/such/page/', 404, null, 'no-cache', '<h1>Not here</h1>']);
  });

  it('never redirects to another host, whatever a bundle’s 404.html names', async () => {
    for (const [i, target] of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', 'javascript:alert(1)'].entries()) {
      const notFound = REDIRECTING_404.replace('url=/"', `url=${target}"`);
      const host = await serve(notFound, `h${i}`);
      expect(await get(host, '/no/such/page/'), target).toEqual(['/no/such/page/', 404, null, 'no-cache', notFound]);
    }
  });

  it('redirects to the site’s root path of a site built for one (`--site-url https://docs.example.com/docs/`), never from that path to itself', async () => {
    // The head as `render404` writes it for that site URL (test/api/build-not-found-subpath.test.ts pins the refresh and data-base).
    const underDocs = REDIRECTING_404.replace('data-base="/"', 'data-base="/docs/"').replace('url=/"', 'url=/docs/"');
    const host = await serve(underDocs, 'p1');
    expect(await get(host, '/no/such/page/')).toEqual(['/no/such/page/', 302, '/docs/', 'no-cache', '']);
    expect(await get(host, '/docs/gone')).toEqual(['/docs/gone', 302, '/docs/', 'no-cache', '']);
    // Reached without the proxy that serves it under /docs/: no page at /docs/ itself, and no redirect loop.
    for (const p of ['/docs/', '/docs']) expect(await get(host, p)).toEqual([p, 404, null, 'no-cache', underDocs]);
    expect(await get(host, '/guide/')).toEqual(['/guide/', 200, null, 'no-cache', '<h1>Guide</h1>']);
  });

  it('decides per path: pages to the home page, files and the home page itself not', () => {
    expect(['/a/', '/docs/x', '/docs/', '/docs', '/a.png'].map((p) => missingPageRedirect('/docs/', p))).toEqual(['/docs/', '/docs/', undefined, undefined, undefined]);
    expect(['/a/', '/'].map((p) => missingPageRedirect('/', p))).toEqual(['/', undefined]);
    expect(missingPageRedirect(undefined, '/a/')).toBeUndefined();
  });

  it('tells page paths from file paths by their extension', () => {
    expect(['/a', '/a/', '/a.html', '/a.htm', '/v1.2', '/a.unknown'].map(asksForPage)).toEqual([true, true, true, true, true, true]);
    expect(['/a.png', '/a.md', '/a.css', '/a.js', '/a.json', '/_sheaf/x', '/_sheaf'].map(asksForPage)).toEqual([false, false, false, false, false, false, false]);
  });
});
