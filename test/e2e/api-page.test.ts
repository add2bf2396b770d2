import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { startEchoServer, type Echo } from './echo-server.js';
import { serveSiteWithProxy } from './playground-host.js';

/**
 * The layout of an API page (issue 11, item 10), on a site built by the compiled CLI from
 * test/fixtures/api-page-large: one large operation (9 parameters, a 32-property JSON body, long
 * request and response examples) whose server has a long description. As on Mintlify, the right
 * column starts with the request and the response example, both in sight at 1440 px, and Try-it
 * opens from the endpoint line's button into a modal dialog holding the form, which sends
 * through the playground proxy (allowed to reach 127.0.0.1 only) to a local echo server. At
 * 390 px the server description wraps between words. Nothing leaves 127.0.0.1.
 */

const FIXTURE = path.join(REPO, 'test/fixtures/api-page-large');
const ROUTE = 'api-reference/update-an-account/';
const OUT = path.join(SHOTS, 'issue11', 'api-page');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

type Box = { top: number; bottom: number; left: number; right: number; width: number; height: number };

/** An element's bounding box in the viewport (CSS px). */
async function box(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  });
}

/**
 * The words of an element's text, each with the number of line boxes it covers (a Range's client
 * rects: a word split across two lines has two), and how many lines the text takes in all.
 */
async function wordLines(page: Page, selector: string): Promise<{ words: { word: string; rects: number }[]; lines: number }> {
  return page.locator(selector).evaluate((el) => {
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('expected a single text node');
    const value = text.textContent ?? '';
    const words: { word: string; rects: number }[] = [];
    const tops = new Set<number>();
    for (const m of value.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index ?? 0);
      range.setEnd(text, (m.index ?? 0) + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      rects.forEach((r) => tops.add(Math.round(r.top)));
      words.push({ word: m[0], rects: rects.length });
    }
    return { words, lines: tops.size };
  });
}

describe('an API page in Chromium: examples first, Try-it in a dialog', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof serveSiteWithProxy>>;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-api-page-e2e-'));
    const out = path.join(dir, 'site');
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', FIXTURE, '-o', out, '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    site = await serveSiteWithProxy(out, '/docs/', { allowAddresses: ['127.0.0.1/32'], timeoutMs: 10_000 });
    echo = await startEchoServer();
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    url = `${site.url}${ROUTE}`;
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), echo?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('1440 px, light and dark: the request and the response example are the top of the right column, both within the first viewport', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: DESKTOP, colorScheme });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(url, { waitUntil: 'networkidle' });
      // The aside column's children in order: the examples, then the playground (a closed dialog).
      await expect(page.locator('.sheaf-aside-column > *').evaluateAll((els) => els.map((e) => e.id || e.getAttribute('data-aside')))).resolves.toEqual([
        'request-example',
        'response-example',
        'playground',
      ]);
      const request = await box(page, '#request-example');
      const response = await box(page, '#response-example');
      const header = await box(page, '.sheaf-header');
      // Both start under the header, end within the 900 px viewport, and sit in the right column.
      expect(request.top).toBeGreaterThanOrEqual(header.bottom);
      expect(request.bottom).toBeLessThanOrEqual(response.top);
      expect(response.bottom).toBeLessThanOrEqual(DESKTOP.height);
      expect(request.left).toBeGreaterThan(DESKTOP.width / 2);
      expect(response.left).toBe(request.left);
      // They show code, not only their tab bars: each code block at least 10rem (160 px) high.
      expect((await box(page, '#request-example .sheaf-tab:not([hidden]) pre')).height).toBeGreaterThanOrEqual(160);
      expect((await box(page, '#response-example .sheaf-tab:not([hidden]) pre')).height).toBeGreaterThanOrEqual(160);
      // Long samples scroll inside their block: the request code is taller than its box.
      await expect(page.locator('#request-example .sheaf-tab:not([hidden]) pre').evaluate((pre) => pre.scrollHeight > pre.clientHeight)).resolves.toBe(true);
      // The form is not on the page until asked for; the button is in the endpoint line.
      await expect(page.locator('#sheaf-try-it').evaluate((d) => (d as HTMLDialogElement).open)).resolves.toBe(false);
      await expect(page.locator('[data-sheaf-playground]').isVisible()).resolves.toBe(false);
      const button = page.locator('.sheaf-op-endpoint > button[data-pg-open]');
      await expect(button.isVisible()).resolves.toBe(true);
      await expect(button.innerText()).resolves.toBe('Try it');
      const endpoint = await box(page, '.sheaf-op-endpoint');
      const buttonBox = await box(page, '.sheaf-op-endpoint > button[data-pg-open]');
      expect(endpoint.right - buttonBox.right).toBeLessThan(24); // at the end of the line
      await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(colorScheme === 'dark');
      await page.screenshot({ path: path.join(OUT, `after-large-1440-${colorScheme}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('Try it opens a modal from the keyboard, focus moves into it, Send goes through the proxy, Escape closes it and focus returns', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    const before = site.proxied.count;
    const received = echo.received.length;
    await page.goto(url, { waitUntil: 'networkidle' });

    await page.locator('button[data-pg-open]').focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('#sheaf-try-it');
    await expect(dialog.evaluate((d) => [(d as HTMLDialogElement).open, d.matches(':modal')])).resolves.toEqual([true, true]);
    await expect(page.locator('button[data-pg-open]').getAttribute('aria-expanded')).resolves.toBe('true');
    // Focus is on the form's first field (the server's port); being :modal, the page behind is inert.
    await expect(page.evaluate(() => document.activeElement?.closest('#api-playground-input') !== null && document.activeElement?.getAttribute('data-pg-var'))).resolves.toBe('port');
    const panel = await box(page, '#sheaf-try-it');
    expect(panel.top).toBeGreaterThanOrEqual(0);
    expect(panel.bottom).toBeLessThanOrEqual(DESKTOP.height);
    await expect(page.locator('#sheaf-try-it [data-pg-send]').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(OUT, 'after-large-1440-light-tryit.png') });

    const form = page.locator('#api-playground-input');
    await form.getByLabel(/^port\b/).fill(String(echo.port));
    await form.getByLabel(/^account\b/).fill('acct_42');
    await form.getByLabel(/^Bearer token\b/).fill('secret-token');
    await form.getByLabel(/^JSON body\b/).fill('{"name": "Ada", "currency": "eur"}');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    const shown = JSON.parse(await page.locator('[data-pg-out-body]').innerText()) as Echo;
    expect(shown.method).toBe('POST');
    expect(shown.path).toBe('/v1/accounts/acct_42');
    expect(shown.headers['authorization']).toBe('Bearer secret-token');
    expect(JSON.parse(shown.body)).toEqual({ name: 'Ada', currency: 'eur' });
    expect(echo.received.slice(received)).toEqual([shown]);
    expect(posts).toEqual([`${site.url}_svc/api/request`]);
    expect(site.proxied.count).toBe(before + 1);
    // The answer is brought into sight inside the dialog.
    const answer = await box(page, '[data-pg-response]');
    expect(answer.top).toBeLessThan(panel.bottom);
    await page.screenshot({ path: path.join(OUT, 'after-large-1440-light-tryit-sent.png') });

    await page.keyboard.press('Escape');
    await expect(dialog.evaluate((d) => (d as HTMLDialogElement).open)).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.matches('button[data-pg-open]'))).resolves.toBe(true);
    await expect(page.locator('button[data-pg-open]').getAttribute('aria-expanded')).resolves.toBe('false');
    // Opened again, the Close button closes it too, and what was typed is still there.
    await page.locator('button[data-pg-open]').click();
    await expect(form.getByLabel(/^account\b/).inputValue()).resolves.toBe('acct_42');
    await page.locator('#sheaf-try-it [data-pg-close]').click();
    await expect(dialog.evaluate((d) => (d as HTMLDialogElement).open)).resolves.toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('390 px, light and dark: the server description wraps between words, the URL may wrap anywhere; Try-it fills the screen', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: PHONE, colorScheme });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(url, { waitUntil: 'networkidle' });
      const description = '.sheaf-op-server-description';
      await expect(page.locator(description).evaluate((el) => [getComputedStyle(el).overflowWrap, getComputedStyle(el).wordBreak, getComputedStyle(el).display])).resolves.toEqual([
        'break-word',
        'normal',
        'block',
      ]);
      await expect(page.locator('.sheaf-op-server-url').evaluate((el) => [getComputedStyle(el).overflowWrap, getComputedStyle(el).display])).resolves.toEqual(['anywhere', 'block']);
      const { words, lines } = await wordLines(page, description);
      expect(words.map((w) => w.word).join(' ')).toBe(
        'The local echo server of the browser tests, which answers every request with the request it received; set its port before sending.',
      );
      expect(lines).toBeGreaterThanOrEqual(3); // it does wrap at 390 px…
      expect(words.filter((w) => w.rects !== 1)).toEqual([]); // …and no word is split across lines
      // The description starts on a line of its own, under the URL, inside the column.
      const urlBox = await box(page, '.sheaf-op-server-url');
      const descriptionBox = await box(page, description);
      expect(descriptionBox.top).toBeGreaterThanOrEqual(urlBox.bottom);
      expect(descriptionBox.right).toBeLessThanOrEqual(PHONE.width);
      await page.locator('.sheaf-op-servers').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(OUT, `after-large-390-${colorScheme}-server.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(OUT, `after-large-390-${colorScheme}.png`) });

      await page.locator('button[data-pg-open]').click();
      const panel = await box(page, '#sheaf-try-it');
      expect([panel.top, panel.left, panel.width, panel.height]).toEqual([0, 0, PHONE.width, PHONE.height]);
      await expect(page.locator('#sheaf-try-it [data-pg-send]').isVisible()).resolves.toBe(true);
      await page.screenshot({ path: path.join(OUT, `after-large-390-${colorScheme}-tryit.png`) });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('without JavaScript: the examples are in sight and no button that could do nothing', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await expect(page.locator('#request-example').isVisible()).resolves.toBe(true);
    await expect(page.locator('#response-example').isVisible()).resolves.toBe(true);
    // The right column starts with the request example. (Without the tabs script every sample
    // shows, one under the other, each capped, so the response example follows further down.)
    const header = await box(page, '.sheaf-header');
    const request = await box(page, '#request-example');
    const response = await box(page, '#response-example');
    expect(request.top).toBeGreaterThanOrEqual(header.bottom);
    expect(request.top).toBeLessThan(DESKTOP.height / 4);
    expect(response.top).toBeGreaterThanOrEqual(request.bottom);
    await expect(page.locator('#request-example pre').evaluateAll((pres) => pres.map((p) => p.getBoundingClientRect().height <= 400))).resolves.toEqual([true, true, true]);
    await expect(page.locator('button[data-pg-open]').isVisible()).resolves.toBe(false);
    await expect(page.locator('[data-sheaf-playground]').isVisible()).resolves.toBe(false);
    await page.screenshot({ path: path.join(OUT, 'after-large-1440-light-nojs.png') });
    await context.close();
  });
});
