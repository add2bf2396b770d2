import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * docs.json `contextual` and `metadata.timestamp` in Chromium: test/fixtures/contextual-menu as a
 * git checkout with timestamps on, built by the CLI and served from 127.0.0.1 under `/docs/`.
 * The menu opens by mouse and keyboard, Copy page puts the page's Markdown on the clipboard, View
 * links to the `.md` copy, the "open in" links carry the page's URL, the MCP options are left out
 * (Sheaf serves no MCP server yet); the `toc` display and the
 * date show; light and dark at 1440 and 390 px. Screenshots: test-output/screenshots/issue17/contextual/.
 */

const OUT = path.join(SHOTS, 'issue17', 'contextual');
const FIXTURE = path.join(REPO, 'test/fixtures/contextual-menu');
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 390] as const;
type Scheme = (typeof SCHEMES)[number];

/** The fixture as a git checkout with metadata.timestamp on: every page committed 2025-03-04. */
function checkout(dir: string): string {
  const root = path.join(dir, 'project');
  cpSync(FIXTURE, root, { recursive: true });
  const docs = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...docs, metadata: { timestamp: true } }, null, 2));
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Docs',
    GIT_AUTHOR_EMAIL: 'docs@acme.test',
    GIT_COMMITTER_NAME: 'Docs',
    GIT_COMMITTER_EMAIL: 'docs@acme.test',
    GIT_COMMITTER_DATE: '2025-03-04T10:00:00Z',
    GIT_AUTHOR_DATE: '2025-03-04T10:00:00Z',
  };
  for (const args of [['init', '-q'], ['add', '.'], ['commit', '-q', '-m', 'docs']]) execFileSync('git', args, { cwd: root, env });
  return root;
}

describe('the contextual menu and the last-modified date in Chromium', () => {
  let dir: string;
  let site: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-contextual-'));
    site = path.join(dir, 'site');
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', checkout(dir), '-o', site, '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    server = await serveStatic(site, '/docs/');
    base = server.url;
    browser = await launchChromium();
    context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(route: string, scheme: Scheme, width: number): Promise<{ page: Page; problems: string[] }> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const problems = watchProblems(page);
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(scheme === 'dark');
    return { page, problems };
  }

  const style = (page: Page, selector: string, props: readonly string[]): Promise<Record<string, string>> =>
    page.evaluate(({ selector, props }) => {
      const s = getComputedStyle(document.querySelector(selector) as Element);
      return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
    }, { selector, props });

  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      it(`opens beside the title and stays on screen (${scheme}, ${width} px)`, async () => {
        const { page, problems } = await open('', scheme, width);
        await page.screenshot({ path: path.join(OUT, `header-closed-${scheme}-${width}.png`) });
        const toggle = page.locator('[data-sheaf-contextual-toggle]');
        await expect(page.locator('#sheaf-contextual-menu').isVisible()).resolves.toBe(false);
        await toggle.click();
        await expect(page.locator('#sheaf-contextual-menu').isVisible()).resolves.toBe(true);
        await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
        await expect(page.locator('#sheaf-contextual-menu [role="menuitem"] [data-sheaf-contextual-title]').allTextContents()).resolves.toEqual([
          'Copy page',
          'View as Markdown',
          'Open in ChatGPT',
          'Open in Claude',
          'Request a feature',
        ]);
        // The first item has the focus, the menu sits under the button, inside the viewport.
        await expect(page.evaluate(() => document.activeElement?.getAttribute('data-option'))).resolves.toBe('copy');
        const box = (await page.locator('#sheaf-contextual-menu').boundingBox())!;
        const button = (await toggle.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.y).toBeGreaterThan(button.y + button.height);
        // Its colours follow the mode: the page's background and heading colour.
        expect(await style(page, '#sheaf-contextual-menu', ['background-color'])).toEqual({ 'background-color': scheme === 'dark' ? 'rgb(12, 13, 15)' : 'rgb(255, 255, 255)' });
        expect(await style(page, '#sheaf-contextual-menu [data-option="copy"] .sheaf-contextual-title', ['color'])).toEqual({ color: scheme === 'dark' ? 'rgb(244, 244, 245)' : 'rgb(9, 9, 11)' });
        await page.screenshot({ path: path.join(OUT, `header-open-${scheme}-${width}.png`) });
        // The date under the content.
        await expect(page.locator('.sheaf-last-modified').textContent()).resolves.toBe('Last modified on March 4, 2025');
        await page.locator('.sheaf-last-modified').scrollIntoViewIfNeeded();
        await page.keyboard.press('Escape');
        await page.screenshot({ path: path.join(OUT, `last-modified-${scheme}-${width}.png`) });
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }

  it('Copy page puts the page’s Markdown on the clipboard, exactly its .md copy', async () => {
    const { page, problems } = await open('', 'light', 1440);
    await page.locator('#page-context-menu-button').click();
    await expect.poll(() => page.locator('#page-context-menu-button [data-sheaf-contextual-title]').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(readFileSync(path.join(site, 'index.md'), 'utf8'));
    expect(copied).toContain('Acme sends **messages** from your code.');
    await expect(page.locator('[data-sheaf-contextual-status]').textContent()).resolves.toBe('Copied to the clipboard');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('View links to the .md copy; the "open in" links carry the page’s URL; no MCP option (no MCP server yet)', async () => {
    const { page, problems } = await open('', 'light', 390);
    const href = (selector: string) => page.locator(selector).evaluate((a) => (a as HTMLAnchorElement).href);
    await expect(href('#sheaf-contextual-menu [data-option="view"]')).resolves.toBe(`${base}index.md`);
    const response = await page.request.get(`${base}index.md`);
    expect([response.status(), response.headers()['content-type'], await response.text()]).toEqual([200, 'text/markdown; charset=utf-8', readFileSync(path.join(site, 'index.md'), 'utf8')]);
    await expect(href('#sheaf-contextual-menu [data-option="claude"]')).resolves.toBe(`https://claude.ai/new?q=${encodeURIComponent(`Read from ${base}index.md so I can ask questions about it.`)}`);
    // docs.json lists `mcp` and `cursor`: left out while Sheaf serves no MCP server (nothing answers at `mcp`).
    await expect(page.locator('[data-option="mcp"], [data-option="cursor"]').count()).resolves.toBe(0);
    expect((await page.request.get(`${base}mcp`)).status()).toBe(404);
    expect(problems).toEqual([]);
    await page.close();
    // The guide's own menu (its frontmatter), in the list under its table of contents.
    const guide = await open('guide/', 'light', 1440);
    await expect(guide.page.locator('.sheaf-contextual-toc [data-option="claude"]').evaluate((a) => (a as HTMLAnchorElement).href)).resolves.toBe(
      `https://claude.ai/new?q=${encodeURIComponent(`Read from ${base}guide.md so I can ask questions about it.`)}`,
    );
    await guide.page.close();
  });

  it('works from the keyboard: arrows move, Escape closes back to the button', async () => {
    const { page } = await open('', 'dark', 1440);
    await page.locator('[data-sheaf-contextual-toggle]').focus();
    await page.keyboard.press('ArrowDown');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-option'));
    await expect(focused()).resolves.toBe('copy');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(focused()).resolves.toBe('chatgpt');
    await page.keyboard.press('End');
    await expect(focused()).resolves.toBe('custom');
    // The focused entry shows a focus ring in the accent colour, besides its background.
    expect(await style(page, '#sheaf-contextual-menu [data-option="custom"]', ['outline-style', 'outline-width'])).toEqual({ 'outline-style': 'solid', 'outline-width': '2px' });
    await page.screenshot({ path: path.join(OUT, 'keyboard-dark-1440.png') });
    await page.keyboard.press('Escape');
    await expect(page.locator('#sheaf-contextual-menu').isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.hasAttribute('data-sheaf-contextual-toggle'))).resolves.toBe(true);
    await page.close();
  });

  for (const scheme of SCHEMES) {
    it(`toc display: under "On this page" on wide screens, in the header on phones (${scheme})`, async () => {
      const wide = await open('guide/', scheme, 1440);
      await expect(wide.page.locator('.sheaf-contextual-toc').isVisible()).resolves.toBe(true);
      await expect(wide.page.locator('.sheaf-contextual-toc [data-sheaf-contextual-title]').allTextContents()).resolves.toEqual(['Copy page', 'Open in Claude']);
      await expect(wide.page.locator('#page-context-menu').isVisible()).resolves.toBe(false);
      await wide.page.screenshot({ path: path.join(OUT, `toc-${scheme}-1440.png`) });
      await wide.page.close();
      const narrow = await open('guide/', scheme, 390);
      await expect(narrow.page.locator('.sheaf-contextual-toc').isVisible()).resolves.toBe(false);
      await expect(narrow.page.locator('#page-context-menu').isVisible()).resolves.toBe(true);
      await narrow.page.screenshot({ path: path.join(OUT, `toc-${scheme}-390.png`) });
      await narrow.page.close();
    });
  }
});
