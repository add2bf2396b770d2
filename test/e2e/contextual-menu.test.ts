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
 * links to the `.md` copy, the "open in" links carry the page's URL; the MCP options point at
 * `<site root>/mcp` (the site served under `/docs/` and at the root, in both URL styles): `mcp`
 * and `add-mcp` copy its URL and install command and say how to connect, Cursor's and VS Code's
 * links carry it in their config; the `toc` display and the date show; light and dark at 1440 and
 * 390 px. Screenshots: test-output/screenshots/issue17/contextual/ and issue22/contextual-mcp/.
 */

const OUT = path.join(SHOTS, 'issue17', 'contextual');
const MCP_OUT = path.join(SHOTS, 'issue22', 'contextual-mcp');
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
  /** The site served at the root, and the site built with `--url-style html` under `/docs/`. */
  let atRoot: Awaited<ReturnType<typeof serveStatic>>;
  let htmlStyle: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    mkdirSync(MCP_OUT, { recursive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-contextual-'));
    site = path.join(dir, 'site');
    const project = checkout(dir);
    const build = (out: string, ...flags: string[]) => {
      const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', out, '--no-cache', ...flags], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    };
    build(site);
    build(path.join(dir, 'site-html'), '--url-style', 'html');
    server = await serveStatic(site, '/docs/');
    atRoot = await serveStatic(site, '/');
    htmlStyle = await serveStatic(path.join(dir, 'site-html'), '/docs/');
    base = server.url;
    browser = await launchChromium();
    context = await browser.newContext();
    for (const s of [server, atRoot, htmlStyle]) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(s.url).origin });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), atRoot?.close(), htmlStyle?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(route: string, scheme: Scheme, width: number, root = base): Promise<{ page: Page; problems: string[] }> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const problems = watchProblems(page);
    await page.goto(`${root}${route}`, { waitUntil: 'networkidle' });
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
          'Copy MCP server URL',
          'Copy MCP install command',
          'Connect to Cursor',
          'Connect to VS Code',
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

  it('View links to the .md copy; the "open in" links carry the page’s URL; ', async () => {
    const { page, problems } = await open('', 'light', 390);
    const href = (selector: string) => page.locator(selector).evaluate((a) => (a as HTMLAnchorElement).href);
    await expect(href('#sheaf-contextual-menu [data-option="view"]')).resolves.toBe(`${base}index.md`);
    const response = await page.request.get(`${base}index.md`);
    expect([response.status(), response.headers()['content-type'], await response.text()]).toEqual([200, 'text/markdown; charset=utf-8', readFileSync(path.join(site, 'index.md'), 'utf8')]);
    await expect(href('#sheaf-contextual-menu [data-option="claude"]')).resolves.toBe(`https://claude.ai/new?q=${encodeURIComponent(`Read from ${base}index.md so I can ask questions about it.`)}`);
    expect(problems).toEqual([]);
    await page.close();
    // The guide's own menu (its frontmatter), in the list under its table of contents.
    const guide = await open('guide/', 'light', 1440);
    await expect(guide.page.locator('.sheaf-contextual-toc [data-option="claude"]').evaluate((a) => (a as HTMLAnchorElement).href)).resolves.toBe(
      `https://claude.ai/new?q=${encodeURIComponent(`Read from ${base}guide.md so I can ask questions about it.`)}`,
    );
    await guide.page.close();
  });

  /** The page's MCP entries: what `mcp` and `add-mcp` copy, the toast after each, and Cursor's and VS Code's links decoded. */
  async function mcpEntries(page: Page): Promise<Record<string, unknown>> {
    const menu = '#sheaf-contextual-menu';
    const toast = page.locator('#page-context-menu [data-sheaf-contextual-status]');
    const copy = async (option: string) => {
      await page.locator(`${menu} [data-option="${option}"]`).click();
      await expect.poll(() => page.locator(`${menu} [data-option="${option}"] [data-sheaf-contextual-title]`).textContent()).toBe('Copied');
      return { copied: await page.evaluate(() => navigator.clipboard.readText()), toast: await toast.textContent(), toastVisible: await toast.isVisible() };
    };
    await page.locator('[data-sheaf-contextual-toggle]').click();
    const options = await page.locator(`${menu} [data-option="mcp"], ${menu} [data-option="add-mcp"], ${menu} [data-option="cursor"], ${menu} [data-option="vscode"]`).evaluateAll((es) => es.map((e) => e.getAttribute('data-option')));
    const mcp = await copy('mcp');
    const addMcp = await copy('add-mcp');
    const href = (option: string) => page.locator(`${menu} [data-option="${option}"]`).evaluate((a) => (a as HTMLAnchorElement).href);
    const cursor = new URL(await href('cursor'));
    const vscode = new URL(await href('vscode'));
    return {
      options,
      mcp,
      addMcp,
      cursor: [`${cursor.protocol}//${cursor.host}${cursor.pathname}`, cursor.searchParams.get('name'), JSON.parse(Buffer.from(cursor.searchParams.get('config') ?? '', 'base64').toString('utf8'))],
      vscode: [`${vscode.origin}${vscode.pathname}`, vscode.searchParams.get('name'), JSON.parse(vscode.searchParams.get('config') ?? '')],
    };
  }

  /** What `mcpEntries` finds when the site's MCP server is `url`. */
  const expectedEntries = (url: string) => ({
    options: ['mcp', 'add-mcp', 'cursor', 'vscode'],
    mcp: { copied: url, toast: `MCP server URL copied: ${url}. Add it to your MCP client as a remote (HTTP) server.`, toastVisible: true },
    addMcp: { copied: `npx add-mcp ${url}`, toast: `Install command copied: npx add-mcp ${url}. Run it in a terminal to add the MCP server to your clients.`, toastVisible: true },
    cursor: ['cursor://anysphere.cursor-deeplink/mcp/install', 'Acme', { url }],
    vscode: ['https://vscode.dev/redirect/mcp/install', 'Acme', { type: 'http', url }],
  });

  it('the MCP options give `<site root>/mcp` wherever the site is served, from every page, in both URL styles', async () => {
    const origin = (s: { url: string }) => new URL(s.url).origin;
    const cases: [string, string, string][] = [
      // [site root, page, its MCP server]
      [base, '', `${origin(server)}/docs/mcp`],
      [base, 'terms/', `${origin(server)}/docs/mcp`],
      [atRoot.url, '', `${origin(atRoot)}/mcp`],
      [atRoot.url, 'terms/', `${origin(atRoot)}/mcp`],
      [htmlStyle.url, 'index.html', `${origin(htmlStyle)}/docs/mcp`],
      [htmlStyle.url, 'terms.html', `${origin(htmlStyle)}/docs/mcp`],
    ];
    expect(cases.map(([, , url]) => new URL(url).pathname)).toEqual(['/docs/mcp', '/docs/mcp', '/mcp', '/mcp', '/docs/mcp', '/docs/mcp']);
    for (const [root, route, url] of cases) {
      const { page, problems } = await open(route, 'light', 1440, root);
      expect([root, route, await mcpEntries(page)]).toEqual([root, route, expectedEntries(url)]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  for (const scheme of SCHEMES) {
    it(`after a copy of the MCP server URL, a toast says what was copied and how to connect (${scheme})`, async () => {
      for (const width of WIDTHS) {
        const { page, problems } = await open('', scheme, width);
        await page.locator('[data-sheaf-contextual-toggle]').click();
        await page.screenshot({ path: path.join(MCP_OUT, `menu-open-${scheme}-${width}.png`) });
        await page.locator('#sheaf-contextual-menu [data-option="mcp"]').click();
        const toast = page.locator('#page-context-menu [data-sheaf-contextual-status]');
        await expect.poll(() => toast.textContent()).toBe(`MCP server URL copied: ${base}mcp. Add it to your MCP client as a remote (HTTP) server.`);
        // On screen, above the menu, in the page's colours.
        const box = (await toast.boundingBox())!;
        expect([box.x >= 0, box.x + box.width <= width, box.y + box.height <= 900, box.height >= 20]).toEqual([true, true, true, true]);
        expect(await style(page, '#page-context-menu [data-sheaf-contextual-status]', ['position', 'background-color'])).toEqual({ position: 'fixed', 'background-color': scheme === 'dark' ? 'rgb(12, 13, 15)' : 'rgb(255, 255, 255)' });
        await page.screenshot({ path: path.join(MCP_OUT, `copied-${scheme}-${width}.png`) });
        expect(problems).toEqual([]);
        await page.close();
      }
    });
  }

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
