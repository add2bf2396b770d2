import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleManifest } from '../../src/model/bundle.js';
import { readTarGz } from '../bundle/read-archive.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * The example exported with `sheaf export --deployment air-gapped` (the compiled CLI), unpacked
 * and served on 127.0.0.1, opened page by page in Chromium with every request that is not to that
 * server aborted and recorded: an air-gapped bundle must not try to reach the network at all.
 */
describe('an air-gapped bundle in Chromium with the network cut off', () => {
  let dir: string;
  let manifest: BundleManifest;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let context: BrowserContext;
  const outside: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-air-gapped-'));
    const bundle = path.join(dir, 'site.tar.gz');
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'export', path.join(REPO, 'fixtures/example'), '-o', bundle, '--deployment', 'air-gapped', '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('deployment air-gapped; features: search (static index in the site: works offline and air-gapped), playground; off: assistant, analytics');
    const site = path.join(dir, 'site');
    for (const entry of await readTarGz(bundle)) {
      const file = path.join(site, ...entry.name.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, entry.content);
    }
    manifest = JSON.parse(readFileSync(path.join(site, 'manifest.json'), 'utf8')) as BundleManifest;
    server = await serveStatic(site, '/');
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const origin = new URL(server.url).origin;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      outside.push(url);
      return route.abort('internetdisconnected');
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async (route: string): Promise<{ page: Page; problems: string[] }> => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    // The export's `.html` layout: each page is its own file.
    const res = await page.goto(`${server.url}${route === '/' ? '' : `${route.slice(1)}.html`}`, { waitUntil: 'networkidle' });
    expect(res?.status(), route).toBe(200);
    return { page, problems };
  };

  it('records the air-gapped profile in the manifest', () => {
    expect(manifest.deployment).toBe('air-gapped');
    expect(manifest.features).toEqual({ search: true, assistant: false, analytics: false, playground: true });
    expect(manifest.pageCount).toBe(12);
  });

  it('opens every page with no request leaving 127.0.0.1, no failed request and no console error', async () => {
    const problems: string[] = [];
    for (const p of manifest.pages) {
      const { page, problems: own } = await open(p.route);
      if (p.route === '/api-reference/notes/create-a-note') await page.screenshot({ path: path.join(SHOTS, 'air-gapped-api-page.png') });
      if (p.route === '/guides/components') await page.screenshot({ path: path.join(SHOTS, 'air-gapped-components.png'), fullPage: true });
      await page.close();
      problems.push(...own.map((x) => `${p.route}: ${x}`));
    }
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('serves the 404 page and a redirect page without reaching out either', async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    const missing = await page.goto(`${server.url}no/such/page.html`, { waitUntil: 'networkidle' });
    expect(missing?.status()).toBe(404);
    await page.goto(`${server.url}getting-started.html`, { waitUntil: 'networkidle' });
    await page.waitForURL(/quickstart\.html$/);
    await page.close();
    // The missing page itself is the only thing that failed.
    expect(problems).toEqual([`http 404: ${server.url}no/such/page.html`, 'console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    expect(outside).toEqual([]);
  });

  it('searches offline with the index inside the bundle', async () => {
    const { page, problems } = await open('/');
    await page.keyboard.press('Control+k');
    await page.locator('#search-input').fill('restore deleted');
    await page.locator('#sheaf-search-results').getByText('Working with notes').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'air-gapped-search.png') });
    await page.close();
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('would see a request to the network (the guard itself works)', async () => {
    const { page } = await open('/');
    await page.evaluate(() => fetch('https://example.com/beacon').catch(() => undefined));
    await page.close();
    expect(outside).toEqual(['https://example.com/beacon']);
    outside.length = 0;
  });
});
