import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { startEchoServer, type Echo } from './echo-server.js';
import { serveStatic } from './static-server.js';

/**
 * An MDX page with `api:` frontmatter (test/fixtures/api-frontmatter-e2e), built with the
 * compiled CLI, in Chromium: its "Try it" playground, built from the page's ParamFields, sends
 * straight to a local echo server (`api.playground.proxy: false`; the echo server allows the
 * site's origin by CORS) and shows the answer. The fixture's `api.mdx.server` is rewritten to the
 * echo server in a temporary copy. Nothing leaves 127.0.0.1.
 */
describe('an api: frontmatter page in Chromium', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let browser: Browser;
  let buildOutput: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-A-api-frontmatter-e2e-'));
    const project = path.join(dir, 'project');
    const out = path.join(dir, 'site');
    cpSync(path.join(REPO, 'test/fixtures/api-frontmatter-e2e'), project, { recursive: true });
    // The site is served before it is built so that the echo server can allow its origin.
    site = await serveStatic(out, '/docs/');
    echo = await startEchoServer({ allowOrigin: new URL(site.url).origin });
    const configFile = path.join(project, 'docs.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { api: { mdx: { server: string } } };
    config.api.mdx.server = `${echo.url}/v1`;
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', out, '--no-cache'], { encoding: 'utf8' });
    buildOutput = `${r.stdout}\n${r.stderr}`;
    expect(r.status, buildOutput).toBe(0);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), echo?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A playground control by the start of its label (labels also hold type hints and "required"). */
  const field = (page: Page, label: string) => page.locator('[data-sheaf-playground]').getByLabel(new RegExp(`^${label}\\b`));

  it('builds without an API-page diagnostic', () => {
    expect(buildOutput).not.toMatch(/mdx\/api-/);
  });

  it('shows the endpoint, the page fields and the playground; sends directly and shows the echoed request', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, colorScheme: 'light' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(`${r.method()} ${r.url()}`));
    await page.goto(`${site.url}update-user/`, { waitUntil: 'networkidle' });

    await expect(page.locator('.sheaf-op-endpoint').innerText()).resolves.toMatch(/^PATCH\s*\/users\/\{userId\}\s*Try it$/);
    await expect(page.locator('#authorization').innerText()).resolves.toContain('Authorization');
    await expect(page.locator('.sheaf-field[data-location="body"] >> text=Street and number.').count()).resolves.toBe(1);
    // The form is in the Try-it dialog, opened from the endpoint line's button.
    await expect(page.locator('[data-sheaf-playground]').isVisible()).resolves.toBe(false);
    await page.locator('.sheaf-op-endpoint button[data-pg-open]').click();
    await expect(page.locator('#sheaf-try-it').evaluate((d) => d.matches(':modal'))).resolves.toBe(true);
    await expect(field(page, 'userId').getAttribute('placeholder')).resolves.toBe('usr_123');
    await expect(page.locator('.sheaf-playground-via').innerText()).resolves.toBe('Sent from your browser straight to the API.');

    await field(page, 'userId').fill('usr_42');
    await field(page, 'X-Request-Id').fill('req-7');
    await field(page, 'Bearer token').fill('secret-token');
    await field(page, 'JSON body').fill('{"name": "Ada", "address": {"city": "Paris"}}');
    await page.locator('[data-sheaf-playground]').getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();

    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    const shown = JSON.parse(await page.locator('[data-pg-out-body]').innerText()) as Echo;
    expect(shown.method).toBe('PATCH');
    expect(shown.path).toBe('/v1/users/usr_42');
    expect(shown.query).toEqual({ notify: 'true' });
    expect(shown.headers['authorization']).toBe('Bearer secret-token');
    expect(shown.headers['x-request-id']).toBe('req-7');
    expect(shown.headers['content-type']).toBe('application/json');
    expect(JSON.parse(shown.body)).toEqual({ name: 'Ada', address: { city: 'Paris' } });
    expect(echo.received.at(-1)?.path).toBe('/v1/users/usr_42');
    // Straight to the API: nothing posted to the site's proxy path.
    expect(requested.filter((r) => r.includes('_svc/'))).toEqual([]);

    await page.locator('[data-pg-response]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'api-frontmatter-response-light.png') });
    // The page behind the modal is inert: close it to reach the theme toggle, then open it again.
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(SHOTS, 'api-frontmatter-light.png'), fullPage: true });
    await page.locator('[data-sheaf-theme-toggle]').first().click();
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    await page.locator('.sheaf-op-endpoint button[data-pg-open]').click();
    await page.locator('[data-pg-response]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'api-frontmatter-response-dark.png') });
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'api-frontmatter-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
