import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * docs.json `errors.404` (the MDX description, the redirect home), `seo.organization` (JSON-LD
 * that the page's own parser reads back, no script run from it) and `integrations.cookies` (the
 * consent check writing the tags) in Chromium: test/fixtures/settings-* built by the compiled CLI
 * and served from 127.0.0.1; every request to another host is refused by the test, so nothing
 * leaves the machine. Screenshots of the 404 page, light and dark at 1440 and 390 px, go to
 * test-output/screenshots/issue17/h5-site-settings/.
 */

const OUT = path.join(SHOTS, 'issue17', 'h5-site-settings');
const FIXTURES = path.join(REPO, 'test/fixtures');

/** A copy of a fixture with its docs.json changed by `edit`. */
function variant(dir: string, name: string, fixture: string, edit: (config: Record<string, unknown>) => void): string {
  const root = path.join(dir, name);
  cpSync(path.join(FIXTURES, fixture), root, { recursive: true });
  const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
  edit(config);
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
  return root;
}

describe('404 page, JSON-LD and the consent check in Chromium', () => {
  let dir: string;
  let browser: Browser;
  const servers: Record<string, Awaited<ReturnType<typeof serveStatic>>> = {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-h5-'));
    mkdirSync(OUT, { recursive: true });
    const projects: Record<string, string> = {
      'not-found': path.join(FIXTURES, 'settings-errors-404'),
      'not-found-redirect': variant(dir, 'redirect', 'settings-errors-404', (c) => delete (c['errors'] as { 404: Record<string, unknown> })[404]['redirect']),
      organization: path.join(FIXTURES, 'settings-seo-organization'),
      consent: variant(dir, 'consent', 'settings-integrations', (c) => (c['integrations'] = { fathom: { siteId: 'YSVMSDAY' }, cookies: { key: 'docs-consent', value: 'granted' } })),
    };
    for (const [name, root] of Object.entries(projects)) {
      const out = path.join(dir, `out-${name}`);
      const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', root, '-o', out, '--no-cache'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      servers[name] = await serveStatic(out, '/');
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of Object.values(servers)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A page whose requests to any host but 127.0.0.1 are refused (and listed). */
  async function openPage(scheme: 'light' | 'dark', width: number): Promise<{ page: Page; outside: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
    const outside: string[] = [];
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    return { page, outside };
  }

  it('redirect false: the 404 page shows the description as rendered MDX (bold, italic, a link, a callout), light and dark, 1440 and 390 px', async () => {
    const server = servers['not-found'];
    if (!server) throw new Error('no server');
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1440, 390]) {
        const { page, outside } = await openPage(scheme, width);
        const problems = watchProblems(page);
        const response = await page.goto(`${server.url}no/such/page/`, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(404);
        expect(page.url()).toBe(`${server.url}no/such/page/`);
        const description = page.locator('.not-found-description');
        await expect(description.locator('strong').textContent()).resolves.toBe('happened');
        await expect(description.locator('em').textContent()).resolves.toBe('page');
        await expect(description.locator('a').getAttribute('href')).resolves.toBe('/guides/start/');
        await expect(description.locator('[data-callout="note"]').textContent()).resolves.toBe('Pages move; search finds them.');
        expect(await description.locator('strong').evaluate((e) => Number(getComputedStyle(e).fontWeight))).toBeGreaterThanOrEqual(600);
        expect(await description.textContent()).not.toContain('**');
        await expect(page.locator('h1').first().textContent()).resolves.toBe("I can't be found");
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
        await page.screenshot({ path: path.join(OUT, `not-found-${scheme}-${width}.png`), fullPage: true });
        expect(outside).toEqual([]);
        expect(problems).toEqual([`http 404: ${server.url}no/such/page/`, 'console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
        await page.close();
      }
    }
    // The description's link leads to the page at any depth of the missing path.
    const { page } = await openPage('light', 1440);
    await page.goto(`${server.url}a/b/c/`, { waitUntil: 'networkidle' });
    await page.locator('.not-found-description a').click();
    await page.waitForURL(`${server.url}guides/start/`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Start');
    await page.close();
  });

  it('redirect on (the default): a missing page on a static host lands on the home page', async () => {
    const server = servers['not-found-redirect'];
    if (!server) throw new Error('no server');
    const { page, outside } = await openPage('light', 1440);
    await page.goto(`${server.url}no/such/page/`);
    await page.waitForURL(server.url);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Home');
    expect(outside).toEqual([]);
    await page.close();
  });

  it('seo.organization: the browser reads the JSON-LD back to the docs.json value and runs no script from it', async () => {
    const server = servers['organization'];
    if (!server) throw new Error('no server');
    const { page, outside } = await openPage('light', 1440);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const read = await page.evaluate(() => {
      const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')];
      const graph = (JSON.parse(blocks[0]?.textContent ?? 'null') as { '@graph': Record<string, unknown>[] })['@graph'];
      // Built without a site URL, the graph's ids are relative to the page: resolved as a JSON-LD reader resolves them.
      const resolved = graph.map((e) => new URL(String(e['@id']), document.baseURI).href);
      return { count: blocks.length, types: graph.map((e) => e['@type']), value: graph[0] ?? {}, resolved, origin: location.origin, inline: [...document.scripts].filter((s) => (s.textContent ?? '').includes('alert(1)')).length };
    });
    expect(read.count).toBe(1);
    expect(read.types).toEqual(['Organization', 'WebSite', 'WebPage', 'BreadcrumbList', 'TechArticle']);
    expect(read.value['@type']).toBe('Organization');
    expect(read.value['legalName']).toBe('Example Co. </script><script>alert(1)</script> Inc. & <!-- co');
    expect(read.value['sameAs']).toEqual(['https://x.com/example', 'https://github.com/example']);
    expect(read.resolved).toEqual(['https://example.com/#organization', `${read.origin}/#website`, `${read.origin}/`, `${read.origin}/#breadcrumb`, `${read.origin}/#article`]);
    // Only the JSON-LD block holds the text; no script element was made from it, and nothing ran.
    expect(read.inline).toBe(1);
    expect(dialogs).toEqual([]);
    // The fixture's docs logo is a remote URL (the organization's logo defaults to it): the only request out.
    expect(outside).toEqual(['https://example.com/images/logo.svg']);
    await page.close();
  });

  it('integrations.cookies: the provider tag is written only once local storage holds the consent value', async () => {
    const server = servers['consent'];
    if (!server) throw new Error('no server');
    const { page, outside } = await openPage('light', 1440);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    expect(await page.locator('script[data-sheaf-analytics="fathom"]').count()).toBe(0);
    expect(outside).toEqual([]);
    await page.evaluate(() => window.localStorage.setItem('docs-consent', 'denied'));
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.locator('script[data-sheaf-analytics="fathom"]').count()).toBe(0);
    await page.evaluate(() => window.localStorage.setItem('docs-consent', 'granted'));
    await page.reload({ waitUntil: 'networkidle' });
    const tag = page.locator('script[data-sheaf-analytics="fathom"]');
    expect(await tag.count()).toBe(1);
    await expect(tag.getAttribute('src')).resolves.toBe('https://cdn.usefathom.com/script.js');
    await expect(tag.getAttribute('data-site')).resolves.toBe('YSVMSDAY');
    expect(await tag.evaluate((e) => (e as HTMLScriptElement).defer)).toBe(true);
    // The browser asked for it (and the test refused it): the tag is live, not text.
    expect(outside).toEqual(['https://cdn.usefathom.com/script.js']);
    await page.close();
  });
});
