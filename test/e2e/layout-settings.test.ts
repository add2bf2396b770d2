import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * docs.json `background.decoration` (gradient, grid, windows), `background.image`, `banner.color`,
 * `navigation.directory` (card, accordion) and `interaction.drilldown` in Chromium: the
 * test/fixtures/settings-* projects built by the CLI (the decoration fixture also as grid and
 * windows) and served from 127.0.0.1, in the light and the dark colour scheme at 1440 and 390 px.
 * Computed styles and elements are asserted; screenshots go to
 * test-output/screenshots/issue17/h4-layout/.
 */

const OUT = path.join(SHOTS, 'issue17', 'h4-layout');
const FIXTURES = path.join(REPO, 'test/fixtures');
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 390] as const;
type Scheme = (typeof SCHEMES)[number];

/** Site name → the project it is built from (the decoration fixture rewritten for grid and windows). */
function projects(dir: string): Record<string, string> {
  const variants: Record<string, string> = {};
  for (const decoration of ['grid', 'windows']) {
    const root = path.join(dir, `decoration-${decoration}`);
    cpSync(path.join(FIXTURES, 'settings-background-decoration'), root, { recursive: true });
    const docs = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...docs, background: { decoration } }));
    variants[`decoration-${decoration}`] = root;
  }
  return {
    'decoration-gradient': path.join(FIXTURES, 'settings-background-decoration'),
    ...variants,
    image: path.join(FIXTURES, 'settings-background-image'),
    banner: path.join(FIXTURES, 'settings-banner-color'),
    drilldown: path.join(FIXTURES, 'settings-interaction-drilldown'),
    directory: path.join(FIXTURES, 'settings-navigation-directory'),
  };
}

describe('background, banner colour, directory listings and drilldown in Chromium', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-layout-settings-'));
    const sites = path.join(dir, 'sites');
    for (const [name, project] of Object.entries(projects(dir))) {
      const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', path.join(sites, name), '--no-cache'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
    server = await serveStatic(sites, '/');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens a page of a site in a colour scheme and width, screenshots it (`shot`), and returns it with its problems. */
  async function open(site: string, route: string, scheme: Scheme, width: number, shot?: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
    const problems = watchProblems(page);
    await page.goto(`${server.url}${site}/${route}`, { waitUntil: 'networkidle' });
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(scheme === 'dark');
    if (shot) await page.screenshot({ path: path.join(OUT, `${shot}-${scheme}-${width}.png`), fullPage: width < 600 });
    return { page, problems };
  }

  /** Computed properties of the first element matching `selector` (or of its `pseudo` element). */
  const style = (page: Page, selector: string, props: readonly string[], pseudo?: string): Promise<Record<string, string>> =>
    page.evaluate(
      ({ selector, props, pseudo }) => {
        const s = getComputedStyle(document.querySelector(selector) as Element, pseudo);
        return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
      },
      { selector, props, pseudo: pseudo ?? null },
    );

  /** The element at the centre of the page's first paragraph: the text, never the background layer. */
  const hitOfText = (page: Page): Promise<string> =>
    page.evaluate(() => {
      const p = document.querySelector('#content p') as HTMLElement;
      const box = p.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 20, box.top + box.height / 2);
      return hit === p || p.contains(hit) ? 'text' : (hit?.id || hit?.className || 'none').toString();
    });

  describe('background.decoration', () => {
    // What the layer's ::before draws: its background (gradient, grid) or its mask (windows).
    const drawn: Record<string, { prop: string; has: string; count: number }> = {
      gradient: { prop: 'background-image', has: 'radial-gradient(', count: 2 },
      grid: { prop: 'background-image', has: 'linear-gradient(', count: 2 },
      windows: { prop: 'mask-image', has: 'url("data:image/svg+xml,', count: 1 },
    };
    for (const decoration of ['gradient', 'grid', 'windows']) {
      it(`${decoration}: a fixed layer behind everything, drawn per mode, never over the text`, async () => {
        const painted: string[] = [];
        for (const scheme of SCHEMES) {
          for (const width of WIDTHS) {
            const { page, problems } = await open(`decoration-${decoration}`, '', scheme, width, `decoration-${decoration}`);
            expect(await style(page, '#background-color', ['position', 'z-index', 'pointer-events', 'top', 'left'])).toEqual({
              position: 'fixed',
              'z-index': '-1',
              'pointer-events': 'none',
              top: '0px',
              left: '0px',
            });
            const layer = await style(page, '#background-color', ['content', 'background-image', 'mask-image', 'height', 'background-color'], '::before');
            expect(layer['content']).toBe('""');
            expect(layer['height']).toBe(`${Math.min(704, 900)}px`);
            const value = layer[drawn[decoration]!.prop] ?? '';
            expect(value.split(drawn[decoration]!.has).length - 1, value).toBe(drawn[decoration]!.count);
            // windows: the frames take the primary colour (#2563EB) in light mode, the light one (#60A5FA) in dark mode.
            if (decoration === 'windows') expect(layer['background-color']).toBe(scheme === 'light' ? 'color(srgb 0.145098 0.388235 0.921569 / 0.16)' : 'color(srgb 0.376471 0.647059 0.980392 / 0.2)');
            else painted.push(layer['background-image'] ?? '');
            expect(await hitOfText(page)).toBe('text');
            expect(problems).toEqual([]);
            await page.close();
          }
        }
        // gradient and grid: the dark mode draws other colours than the light one.
        if (decoration !== 'windows') expect(painted[0]).not.toBe(painted[2]);
      });
    }
  });

  it('background.image: the light image in light mode, the dark one in dark mode, covering the viewport', async () => {
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const { page, problems } = await open('image', 'guide/intro/', scheme, width, 'image');
        const light = await style(page, '.sheaf-background-image-light', ['display', 'background-image', 'background-size', 'position']);
        const dark = await style(page, '.sheaf-background-image-dark', ['display', 'background-image']);
        expect(light['background-image']).toBe(`url("${server.url}image/images/background-light.svg")`);
        expect(dark['background-image']).toBe(`url("${server.url}image/images/background-dark.svg")`);
        expect([light['display'], dark['display']]).toEqual(scheme === 'light' ? ['block', 'none'] : ['none', 'block']);
        expect([light['background-size'], light['position']]).toEqual(['cover', 'absolute']);
        const box = await page.locator(scheme === 'light' ? '.sheaf-background-image-light' : '.sheaf-background-image-dark').boundingBox();
        expect(box && [box.x, box.y, box.width, box.height]).toEqual([0, 0, width, 900]);
        expect(await hitOfText(page)).toBe('text');
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });

  it('banner.color: the one colour in both modes, its text white as on Mintlify', async () => {
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const { page, problems } = await open('banner', '', scheme, width, 'banner');
        expect(await style(page, '#banner', ['background-color', 'color'])).toEqual({ 'background-color': 'rgb(253, 224, 71)', color: 'rgb(255, 255, 255)' });
        expect(await style(page, '#banner a', ['color'])).toEqual({ color: 'rgb(255, 255, 255)' });
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });

  it('navigation.directory card: two columns beside the sidebar, one on a phone; a card opens its page', async () => {
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const { page, problems } = await open('directory', 'guides/', scheme, width, 'directory-cards');
        const cards = page.locator('nav.sheaf-directory[data-directory="card"] a.sheaf-directory-card');
        await expect(cards.count()).resolves.toBe(3);
        const columns = (await style(page, '.sheaf-directory-cards', ['grid-template-columns']))['grid-template-columns'] ?? '';
        expect(columns.split(' ').length, columns).toBe(width === 1440 ? 2 : 1);
        expect(await style(page, '.sheaf-directory-card', ['border-top-style', 'border-top-width', 'display'])).toEqual({ 'border-top-style': 'solid', 'border-top-width': '1px', display: 'flex' });
        // The cards sit under the content, inside the article column.
        const content = await page.locator('#content').boundingBox();
        const first = await cards.first().boundingBox();
        expect(first && content && first.y > content.y + content.height && first.x >= content.x - 1).toBe(true);
        expect(problems).toEqual([]);
        if (scheme === 'light' && width === 1440) {
          await cards.nth(2).click();
          await page.waitForURL(`${server.url}directory/guides/sdks/python/`);
          await expect(page.locator('h1').first().textContent()).resolves.toBe('Python SDK');
        }
        await page.close();
      }
    }
  });

  it('navigation.directory accordion: closed sections that open, with their pages', async () => {
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const { page, problems } = await open('directory', 'help/', scheme, width);
        const sections = page.locator('nav.sheaf-directory[data-directory="accordion"] details.sheaf-directory-section');
        await expect(sections.count()).resolves.toBe(2);
        await expect(sections.evaluateAll((els) => els.map((e) => (e as HTMLDetailsElement).open))).resolves.toEqual([false, false]);
        await sections.first().locator('summary').click();
        await expect(sections.first().evaluate((e) => (e as HTMLDetailsElement).open)).resolves.toBe(true);
        await expect(sections.first().locator('a.sheaf-directory-row').allTextContents()).resolves.toEqual([
          'Getting startedFrom nothing to a first request.',
          'QuickstartFive minutes to a working setup.',
          'InstallInstall the tools.',
        ]);
        await page.screenshot({ path: path.join(OUT, `directory-accordion-${scheme}-${width}.png`), fullPage: width < 600 });
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });

  it('interaction.drilldown true: clicking a closed group opens its first page, the group open there', async () => {
    const { page, problems } = await open('drilldown', '', 'light', 1440);
    await page.locator('#sidebar details.sheaf-nav-group > summary', { hasText: 'Deploy' }).click();
    await page.waitForURL(`${server.url}drilldown/guides/deploy/docker/`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Docker');
    const group = page.locator('#sidebar details.sheaf-nav-group', { hasText: 'Deploy' });
    await expect(group.getAttribute('open')).resolves.toBe('');
    await expect(page.locator('#sidebar a[aria-current="page"]').textContent()).resolves.toBe('Docker');
    // A group with a root page opens the root.
    await page.goto(`${server.url}drilldown/`, { waitUntil: 'networkidle' });
    await page.locator('#sidebar details.sheaf-nav-group > summary', { hasText: 'Plugins' }).locator('.sheaf-nav-chevron').click();
    await page.waitForURL(`${server.url}drilldown/guides/plugins/`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('interaction.drilldown unset: clicking a closed group only opens it', async () => {
    const { page, problems } = await open('directory', 'guides/', 'light', 1440);
    const group = page.locator('#sidebar details.sheaf-nav-group', { hasText: 'SDKs' });
    await expect(group.getAttribute('open')).resolves.toBeNull();
    await group.locator('summary').click();
    await expect(group.getAttribute('open')).resolves.toBe('');
    // Give a navigation the time it would take to start: none does.
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${server.url}directory/guides/`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
