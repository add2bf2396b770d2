import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * Real projects' own CSS, written against Mintlify's documented hooks, applies to Sheaf's pages:
 * mintlify__docs' playground.css hides the docs chrome on its widget-preview page through
 * `html[data-current-path$="/assistant/widget-preview"] #navbar, … #sidebar, … #footer`, and
 * langgenius__dify-docs' style.css hides the tab row on its home page through
 * `html[data-current-path="/en/home"] .nav-tabs`. Both projects are built from
 * ../shared/corpus with the compiled CLI (as a user would), served on 127.0.0.1 and opened in
 * Chromium; computed styles are asserted. The table of contents near the end of a real page is
 * checked on the same build.
 */

const CORPUS = path.resolve(REPO, '../shared/corpus/mintlify');
const SHOT_DIR = path.join(SHOTS, 'issue11', 'identifiers');

/**
 * Builds a corpus project into `out` with the compiled CLI. Exit 1 is a site built with errors
 * reported: mintlify__docs has 12 (ref/operation-not-found: its translated API pages name
 * operations its translated OpenAPI files lack), none about the layout.
 */
function build(project: string, out: string): void {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', path.join(CORPUS, project), '-o', out, '--no-cache'], { encoding: 'utf8' });
  const report = `${r.stdout}${r.stderr}`;
  expect([0, 1], report.slice(-2000)).toContain(r.status);
  expect(report).toMatch(/\nBuilt \d+ pages/);
  expect(report).not.toMatch(/ {2}error {2}.*\[(?!ref\/operation-not-found\])[a-z-]+\/[a-z-]+\]/);
}

/** The computed `display` of each element matching `selector` on the page. */
const displays = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => getComputedStyle(e).display), selector);

describe('corpus projects’ own CSS on Mintlify’s hooks', () => {
  let root: string;
  let mintlify: Awaited<ReturnType<typeof serveStatic>>;
  let dify: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-identifiers-'));
    build('mintlify__docs', path.join(root, 'mintlify'));
    build('langgenius__dify-docs', path.join(root, 'dify'));
    mintlify = await serveStatic(path.join(root, 'mintlify'));
    dify = await serveStatic(path.join(root, 'dify'));
    browser = await launchChromium();
    mkdirSync(SHOT_DIR, { recursive: true });
  }, 1_200_000);
  afterAll(async () => {
    await browser?.close();
    await mintlify?.close();
    await dify?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('mintlify__docs: playground.css hides #navbar and #sidebar on /assistant/widget-preview only, light and dark', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${mintlify.url}assistant/widget-preview/`, { waitUntil: 'load' });
    await expect(page.evaluate(() => document.documentElement.getAttribute('data-current-path'))).resolves.toBe('/assistant/widget-preview');
    await expect(displays(page, '#navbar')).resolves.toEqual(['none']);
    await expect(displays(page, '#sidebar')).resolves.toEqual(['none']);
    // Custom mode: the page has no footer; the rule would hide it as well.
    await expect(displays(page, '#footer')).resolves.toEqual([]);
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe('rgb(248, 248, 248)');
    await page.screenshot({ path: path.join(SHOT_DIR, 'widget-preview-light.png') });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe('rgb(28, 28, 28)');
    await page.screenshot({ path: path.join(SHOT_DIR, 'widget-preview-dark.png') });

    await page.goto(`${mintlify.url}quickstart/`, { waitUntil: 'load' });
    await expect(page.evaluate(() => document.documentElement.getAttribute('data-current-path'))).resolves.toBe('/quickstart');
    await expect(displays(page, '#navbar')).resolves.toEqual(['block']);
    await expect(displays(page, '#sidebar, #footer')).resolves.toEqual(['block', 'flex']);
    await page.close();
  });

  it('langgenius__dify-docs: style.css hides .nav-tabs on /en/home only', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${dify.url}en/home/`, { waitUntil: 'load' });
    await expect(page.evaluate(() => document.documentElement.getAttribute('data-current-path'))).resolves.toBe('/en/home');
    await expect(displays(page, '.nav-tabs')).resolves.toEqual(['none']);
    await page.screenshot({ path: path.join(SHOT_DIR, 'dify-home.png') });
    const other = await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.nav-tabs-item:not([data-active])')?.href);
    expect(other).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/en\//);
    await page.goto(other as string, { waitUntil: 'load' });
    await expect(displays(page, '.nav-tabs')).resolves.toEqual(['block']);
    await expect(page.evaluate(() => document.querySelectorAll('.nav-tabs-item[data-active]').length)).resolves.toBe(1);
    await page.close();
  });

  it('mintlify__docs: the table of contents activates the last headings in turn near the end, the last one at the bottom', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${mintlify.url}quickstart/`, { waitUntil: 'load' });
    const headings = await page.evaluate(() => [...document.querySelectorAll('[data-sheaf-toc-link]')].map((a) => a.getAttribute('href')));
    expect(headings).toEqual(['#before-you-begin', '#deploy-your-documentation-site', '#view-your-deployed-site', '#make-your-first-change', '#next-steps']);
    const max = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    const seen: string[] = [];
    // Scroll down over the last 1,000 px in 25 px steps, as a reader does.
    for (let y = Math.max(0, max - 1000); y <= max; y += 25) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), Math.min(y, max));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const active = await page.evaluate(() => document.querySelector('.toc-item[data-active-deepest] a')?.getAttribute('href') ?? '');
      if (seen.at(-1) !== active) seen.push(active);
    }
    expect(seen).toEqual(['#make-your-first-change', '#next-steps']);
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), max);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(page.evaluate(() => [...document.querySelectorAll('.toc-item[data-active]')].map((li) => li.querySelector('a')?.getAttribute('href')))).resolves.toEqual(['#next-steps']);
    // The last heading is in view 200 px under the top of the viewport, not yet at the line
    // 24 px under the header: the line has moved down, and it is active.
    const nearEnd = await page.evaluate(() => document.getElementById('next-steps')!.getBoundingClientRect().top + scrollY - 200);
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), nearEnd);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(page.evaluate(() => document.querySelector('[data-sheaf-toc-link].is-active')?.getAttribute('href'))).resolves.toBe('#next-steps');
    await page.screenshot({ path: path.join(SHOT_DIR, 'toc-near-end.png') });
    await page.close();
  });
});
