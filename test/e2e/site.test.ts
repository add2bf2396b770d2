import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/** The example, built with the compiled CLI as a user would, served under a base path. */
describe('the built example site in Chromium', () => {
  let out: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;

  beforeAll(async () => {
    out = path.join(mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-')), 'site');
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', path.join(REPO, 'fixtures/example'), '-o', out, '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    server = await serveStatic(out, '/docs/');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(path.dirname(out), { recursive: true, force: true });
  });

  it('navigates by the sidebar, with no console error and no failed request', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Welcome');
    await page.screenshot({ path: path.join(SHOTS, 'home-light.png') });
    await page.locator('#sidebar a', { hasText: 'Quickstart' }).click();
    await page.waitForURL(`${server.url}quickstart/`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Quickstart');
    await expect(page.locator('#sidebar a[aria-current="page"]').textContent()).resolves.toContain('Quickstart');
    await page.locator('.sheaf-section-tab', { hasText: 'API reference' }).click();
    await page.waitForURL(/api-reference\/introduction\/$/);
    await page.screenshot({ path: path.join(SHOTS, 'api-intro-light.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('finds a page with the search dialog (Ctrl+K) and jumps to the section', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.keyboard.press('Control+k');
    await expect(page.locator('dialog#sheaf-search').isVisible()).resolves.toBe(true);
    await page.locator('#search-input').fill('restore deleted');
    const results = page.locator('#sheaf-search-results');
    await results.getByText('Working with notes').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'search-light.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL(/guides\/components\/#questions$/);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Working with notes');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('toggles dark mode, keeps it across pages and reloads, without a flash', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}guides/components/`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.locator('[data-sheaf-theme-toggle]').first().click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'components-dark.png') });
    // On the next page the class is there as soon as the document is parsed: no flash.
    await page.goto(`${server.url}quickstart/`, { waitUntil: 'commit' });
    await page.waitForSelector('html');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'quickstart-dark.png') });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works the tabs, code groups, accordions and copy buttons', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}guides/components/`, { waitUntil: 'networkidle' });
    const tabs = page.locator('.sheaf-tabs');
    await expect(tabs.getByText('Install acme-notes with pip.').isVisible()).resolves.toBe(false);
    await tabs.locator('[role="tab"]', { hasText: 'Python' }).click();
    await expect(tabs.getByText('Install acme-notes with pip.').isVisible()).resolves.toBe(true);
    await expect(tabs.getByText('Install @acme/notes with npm.').isVisible()).resolves.toBe(false);
    // Code groups sync with tabs of the same title.
    const group = page.locator('.sheaf-code-group');
    await expect(group.locator('pre', { hasText: 'import requests' }).isVisible()).resolves.toBe(true);
    await group.locator('[role="tab"]', { hasText: 'curl' }).click();
    await expect(group.locator('pre', { hasText: 'curl -X POST' }).isVisible()).resolves.toBe(true);
    await group.locator('.copy-button').first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('curl -X POST https://api.example.com/v1/notes');
    const accordion = page.locator('details.sheaf-accordion').first();
    expect(await accordion.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await accordion.locator('summary').click();
    expect(await accordion.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expect(accordion.getByText('No: deleting is final.').isVisible()).resolves.toBe(true);
    await page.locator('pre.mermaid svg').first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(SHOTS, 'components-light.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('stays readable without JavaScript: every tab panel shows', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}guides/components/`);
    await expect(page.getByText('Install acme-notes with pip.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Install @acme/notes with npm.').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'components-nojs.png'), fullPage: true });
    await context.close();
  });

  it('has a usable mobile layout', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchProblems(page);
    await page.goto(`${server.url}quickstart/`, { waitUntil: 'networkidle' });
    await expect(page.locator('#sidebar').isVisible()).resolves.toBe(false);
    await page.locator('[data-sheaf-menu]').first().click();
    await page.locator('#sidebar').waitFor({ state: 'visible', timeout: 5_000 });
    expect(await page.evaluate(() => document.documentElement.classList.contains('sheaf-nav-open'))).toBe(true);
    await page.locator('#sidebar').getByRole('link', { name: 'Notes', exact: true }).click();
    await page.waitForURL(/guides\/notes\/$/);
    await page.screenshot({ path: path.join(SHOTS, 'mobile-notes.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves the 404 page and redirect pages', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}getting-started/`, { waitUntil: 'networkidle' });
    await page.waitForURL(`${server.url}quickstart/`);
    const res = await page.goto(`${server.url}no/such/page/`);
    expect(res?.status()).toBe(404);
    await expect(page.locator('body').textContent()).resolves.toContain('Page not found');
    await page.close();
  });
});
