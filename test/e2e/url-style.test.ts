import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostExample, type HostedExample } from '../server/host/hosted-example.js';
import { launchChromium, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * fixtures/example exported in Mintlify's `.html` layout (the export's default), served by
 * `sheaf host` from the site root and by a plain static file server (no rewrite rule: a folder's
 * index.html and files as they are) under a base path: every link a reader follows lands on a
 * page's file with status 200.
 */
describe('an html-layout bundle in Chromium', () => {
  let work: string;
  let hosted: HostedExample | undefined;
  let plain: Awaited<ReturnType<typeof serveStatic>> | undefined;
  let browser: Browser;
  const servers: Record<'sheaf host' | 'plain static server', () => string> = {
    'sheaf host': () => `${hosted?.host.url ?? ''}/`,
    'plain static server': () => plain?.url ?? '',
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sheaf-e2e-url-style-'));
    hosted = await hostExample(work, 'tar.gz', path.join(work, 'site'));
    plain = await serveStatic(path.join(work, 'site'), '/docs/');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await plain?.close();
    await hosted?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Follows a click to the next document, which must come with status 200. */
  async function follow(page: Page, click: () => Promise<void>, url: string): Promise<void> {
    const [response] = await Promise.all([page.waitForNavigation({ url, waitUntil: 'networkidle' }), click()]);
    expect([url, response?.status()]).toEqual([url, 200]);
  }

  /** The page's heading, document title and the WebPage URL of its JSON-LD (its canonical URL). */
  async function shown(page: Page): Promise<{ h1: string | null; title: string; url: string | undefined }> {
    const h1 = await page.locator('h1').first().textContent();
    const title = await page.title();
    const url = await page.evaluate(() => {
      const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { '@graph'?: { '@type': string; url?: string }[] };
      const webPage = data['@graph']?.find((e) => e['@type'] === 'WebPage');
      return webPage?.url ? new URL(webPage.url, location.href).pathname : undefined;
    });
    return { h1, title, url };
  }

  it.each(Object.keys(servers) as (keyof typeof servers)[])('follows the sidebar, tabs, previous/next and a search result (%s)', async (name) => {
    const root = servers[name]();
    const prefix = new URL(root).pathname;
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchProblems(page);
    const home = await page.goto(root, { waitUntil: 'networkidle' });
    expect(home?.status()).toBe(200);
    expect(await shown(page)).toEqual({ h1: 'Welcome', title: 'Welcome — Acme Notes', url: prefix });

    await follow(page, () => page.locator('#sidebar a', { hasText: 'Quickstart' }).click(), `${root}quickstart.html`);
    expect(await shown(page)).toEqual({ h1: 'Quickstart', title: 'Quickstart — Acme Notes', url: `${prefix}quickstart` });
    await expect(page.locator('#sidebar a[aria-current="page"]').textContent()).resolves.toContain('Quickstart');

    await follow(page, () => page.locator('.sheaf-pager-next').click(), `${root}guides/notes.html`);
    expect(await shown(page)).toEqual({ h1: 'Notes and notebooks', title: 'Notes and notebooks — Acme Notes', url: `${prefix}guides/notes` });
    await follow(page, () => page.locator('.sheaf-pager-next').click(), `${root}guides/authentication.html`);
    expect((await shown(page)).url).toBe(`${prefix}guides/authentication`);
    await follow(page, () => page.locator('.sheaf-pager-prev').click(), `${root}guides/notes.html`);
    await follow(page, () => page.locator('#sidebar a', { hasText: 'Welcome' }).click(), `${root}index.html`);
    expect((await shown(page)).h1).toBe('Welcome');

    await follow(page, () => page.locator('.sheaf-section-tab', { hasText: 'API reference' }).click(), `${root}api-reference/introduction.html`);
    expect(await shown(page)).toEqual({ h1: 'Introduction', title: 'Introduction — Acme Notes', url: `${prefix}api-reference/introduction` });

    await page.keyboard.press('Control+k');
    await page.locator('#search-input').fill('restore deleted');
    await page.locator('#sheaf-search-results').getByText('Working with notes').first().waitFor();
    await follow(page, () => page.keyboard.press('Enter'), `${root}guides/components.html#questions`);
    expect(await shown(page)).toEqual({ h1: 'Working with notes', title: 'Working with notes — Acme Notes', url: `${prefix}guides/components` });
    if (name === 'plain static server') await page.screenshot({ path: path.join(SHOTS, 'html-layout-components.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a page at its extensionless URL on sheaf host, with its styles and links working', async () => {
    const root = servers['sheaf host']();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchProblems(page);
    const response = await page.goto(`${root}guides/notes`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(await shown(page)).toEqual({ h1: 'Notes and notebooks', title: 'Notes and notebooks — Acme Notes', url: '/guides/notes' });
    // The stylesheet (a relative link from the extensionless URL) applied: the sidebar is laid out beside the content.
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('sidebar') as HTMLElement).position)).not.toBe('static');
    await follow(page, () => page.locator('.sheaf-pager-next').click(), `${root}guides/authentication.html`);
    // An old address (docs.json redirect) and a missing one.
    const moved = await page.goto(`${root}getting-started`, { waitUntil: 'networkidle' });
    expect([moved?.status(), page.url()]).toEqual([200, `${root}quickstart`]);
    expect(problems).toEqual([]);
    const missing = await page.goto(`${root}no/such/page`, { waitUntil: 'networkidle' });
    expect(missing?.status()).toBe(404);
    await follow(page, () => page.locator('.not-found-container a.sheaf-button').click(), `${root}index.html`);
    await page.close();
  });

  it('follows the redirect page, and answers 404 for a missing page, on the plain static server', async () => {
    const root = servers['plain static server']();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${root}getting-started.html`);
    await page.waitForURL(`${root}quickstart.html`);
    expect((await shown(page)).h1).toBe('Quickstart');
    const missing = await page.goto(`${root}no/such/page`, { waitUntil: 'networkidle' });
    expect(missing?.status()).toBe(404);
    await page.close();
  });
});
