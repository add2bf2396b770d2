import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * Mintlify's nine themes (issue 20): test/fixtures/theme-starter built by the CLI once per theme,
 * with the colours of Mintlify's own demo of that theme, served from 127.0.0.1 and opened in
 * Chromium at 1280×800 and 390×844, light and dark. Screenshots go to
 * test-output/screenshots/issue20/ (NAME-SCHEME-WIDTH.png), to be set beside
 * ../shared/reference/themes/NAME-SCHEME.png; the layout each theme promises is asserted on
 * element boxes and computed styles.
 */

const OUT = path.join(SHOTS, 'issue20');
const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'] as const;
type Theme = (typeof THEMES)[number];
const COLORS: Record<Theme, readonly [string, string, string]> = {
  mint: ['#16A34A', '#07C983', '#15803D'],
  maple: ['#9A3412', '#EA580C', '#9A3412'],
  palm: ['#329100', '#43C200', '#329100'],
  willow: ['#006AD4', '#007FFF', '#006AD4'],
  linden: ['#FF5522', '#FF5522', '#FF5522'],
  almond: ['#009689', '#00BBA7', '#009689'],
  aspen: ['#d69000', '#d69000', '#d69000'],
  luma: ['#2563EB', '#60A5FA', '#1D4ED8'],
  sequoia: ['#7C3AED', '#A78BFA', '#6D28D9'],
};
/** Mintlify's documented ids, on exactly one element in every theme. */
const IDS = ['#navbar', '#sidebar', '#sidebar-content', '#content-area', '#table-of-contents', '#search-bar-entry', '#topbar-cta-button'];

type Box = { x: number; y: number; width: number; height: number; right: number; bottom: number };

describe('the nine themes in Chromium', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  const reports: Record<string, string> = {};

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-themes-'));
    for (const theme of THEMES) {
      const project = path.join(dir, 'src', theme);
      cpSync(path.join(REPO, 'test/fixtures/theme-starter'), project, { recursive: true });
      const docs = JSON.parse(readFileSync(path.join(project, 'docs.json'), 'utf8')) as Record<string, unknown>;
      const [primary, light, dark] = COLORS[theme];
      writeFileSync(path.join(project, 'docs.json'), JSON.stringify({ ...docs, theme, colors: { primary, light, dark } }, null, 2));
      // With the Ask AI panel (its endpoint is never called here), so its button is placed by the theme too.
      const assistant = ['--assistant-url', 'http://127.0.0.1:9/discovery/v1/assistant/starter/message', '--assistant-key', 'svc_dsc_themes'];
      const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', path.join(dir, 'sites', theme), '--no-cache', ...assistant], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      reports[theme] = r.stdout + r.stderr;
    }
    server = await serveStatic(path.join(dir, 'sites'), '/');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(theme: Theme, scheme: 'light' | 'dark', width: 1280 | 390, route = '', shot = true): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: width === 1280 ? 800 : 844 }, colorScheme: scheme });
    const problems = watchProblems(page);
    await page.goto(`${server.url}${theme}/${route}`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
    if (shot) await page.screenshot({ path: path.join(OUT, `${theme}-${scheme}-${width}${route ? `-${route.replace(/\W+/g, '-').replace(/-$/, '')}` : ''}.png`) });
    return { page, problems };
  }

  const box = (page: Page, selector: string): Promise<Box> =>
    page.evaluate((s) => {
      const r = (document.querySelector(s) as Element).getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
    }, selector);
  const css = (page: Page, selector: string, prop: string, pseudo?: string): Promise<string> =>
    page.evaluate(({ s, p, pseudo }) => getComputedStyle(document.querySelector(s) as Element, pseudo).getPropertyValue(p), { s: selector, p: prop, pseudo: pseudo ?? null });
  const inside = (page: Page, child: string, parent: string): Promise<boolean> =>
    page.evaluate(({ c, p }) => !!document.querySelector(p)?.contains(document.querySelector(c)), { c: child, p: parent });
  /** The computed colour of `--sheaf-accent` in the page's mode. */
  const accent = (page: Page): Promise<string> =>
    page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--sheaf-accent)';
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });

  it('every theme: Mintlify’s ids once each, the theme class, search opens, the active item in the accent colour, light and dark', async () => {
    for (const theme of THEMES) {
      expect(reports[theme]).not.toContain('setting-not-rendered');
      for (const scheme of ['light', 'dark'] as const) {
        const { page, problems } = await open(theme, scheme, 1280);
        for (const id of IDS) expect([theme, id, await page.locator(id).count()]).toEqual([theme, id, 1]);
        expect(await page.evaluate(() => document.documentElement.className)).toContain(`sheaf-theme-${theme}`);
        expect([theme, scheme, await css(page, '#sidebar-content li[data-active] > a', 'color')]).toEqual([theme, scheme, await accent(page)]);
        await page.click('#search-bar-entry');
        await page.waitForSelector('#sheaf-search[open]');
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });

  it('every theme on a phone: nothing wider than the screen, the bar has the menu and a search trigger that opens search', async () => {
    for (const theme of THEMES) {
      for (const scheme of ['light', 'dark'] as const) {
        for (const route of ['', 'api-reference/get-plants/']) {
          const { page, problems } = await open(theme, scheme, 390, route, route === '');
          expect([theme, scheme, route, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([theme, scheme, route, 390]);
          const trigger = (await inside(page, '#search-bar-entry', '#navbar')) ? '#search-bar-entry' : '#search-bar-entry-mobile';
          expect([theme, await inside(page, trigger, '#navbar'), await page.locator(trigger).isVisible(), await page.locator('.sheaf-menu-button').isVisible()]).toEqual([theme, true, true, true]);
          await page.click(trigger);
          await page.waitForSelector('#sheaf-search[open]');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
          expect(problems).toEqual([]);
          await page.close();
        }
      }
    }
  });

  it('every theme: Try-it and Ask AI open in dialogs that fit the screen, desktop and phone; Ask AI beside the search trigger', async () => {
    const fits = (page: Page, selector: string): Promise<boolean> =>
      page.evaluate((s) => {
        const r = (document.querySelector(s) as Element).getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
      }, selector);
    for (const theme of THEMES) {
      for (const width of [1280, 390] as const) {
        const { page, problems } = await open(theme, 'light', width, 'api-reference/get-plants/', false);
        await page.locator('button[data-pg-open]').first().click();
        await page.waitForSelector('#sheaf-try-it[open]');
        expect([theme, width, 'try-it', await fits(page, '#sheaf-try-it')]).toEqual([theme, width, 'try-it', true]);
        await page.screenshot({ path: path.join(OUT, `${theme}-try-it-${width}.png`) });
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !(document.querySelector('#sheaf-try-it') as HTMLDialogElement).open);
        // Ask AI sits where the search trigger sits: in the bar, or in the sidebar (maple, almond) with a copy in the bar for phones.
        const search = (await page.locator('#search-bar-entry').isVisible()) ? '#search-bar-entry' : '#search-bar-entry-mobile';
        const ask = (await page.locator('#assistant-entry').isVisible()) ? '#assistant-entry' : '#assistant-entry-mobile';
        expect([theme, width, await page.evaluate(({ a, s }) => document.querySelector(a)?.parentElement === document.querySelector(s)?.parentElement, { a: ask, s: search })]).toEqual([theme, width, true]);
        await page.click(ask);
        await page.waitForSelector('#sheaf-search.sheaf-assistant-active[open]');
        expect([theme, width, 'ask', await fits(page, '#sheaf-search')]).toEqual([theme, width, 'ask', true]);
        await page.screenshot({ path: path.join(OUT, `${theme}-ask-ai-${width}.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });

  it('mint, palm, aspen (and luma, sequoia): the search box centred in a full-width bar, the tab row under it', async () => {
    const bars: Record<string, [number, number]> = { mint: [64, 48], palm: [64, 48], aspen: [56, 40], luma: [48, 48], sequoia: [48, 48] };
    for (const [theme, [bar, tabs]] of Object.entries(bars)) {
      const { page } = await open(theme as Theme, 'light', 1280, '', false);
      // The search box, with the Ask AI button beside it, in the middle of the page.
      const search = await box(page, '#search-bar-entry');
      const ask = await box(page, '#assistant-entry');
      expect(await inside(page, '#search-bar-entry', '#navbar')).toBe(true);
      expect([theme, ask.x > search.right, Math.abs((search.x + ask.right) / 2 - 640) <= 24]).toEqual([theme, true, true]);
      const barBox = await box(page, '.sheaf-header-bar');
      const tabBox = await box(page, '.nav-tabs');
      expect([theme, Math.round(barBox.height), Math.round(tabBox.height), tabBox.y >= barBox.bottom - 0.5]).toEqual([theme, bar, tabs, true]);
      expect([theme, (await box(page, '#navbar')).width]).toEqual([theme, 1280]);
      await page.close();
    }
  });

  it('mint: tinted active item, pill primary, a neutral bar on the table of contents', async () => {
    const { page } = await open('mint', 'light', 1280, '', false);
    expect(await css(page, '#sidebar-content li[data-active] > a', 'background-color')).not.toBe('rgba(0, 0, 0, 0)');
    const cta = await box(page, '#topbar-cta-button');
    expect(parseFloat(await css(page, '#topbar-cta-button', 'border-top-left-radius'))).toBeGreaterThanOrEqual(cta.height / 2);
    expect(await css(page, '.sheaf-toc-list', 'border-left-width')).toBe('1px');
    await page.locator('.sheaf-toc-item a').first().waitFor();
    const active = '.sheaf-toc-item a.is-active';
    await page.waitForSelector(active);
    expect(Number(await css(page, active, 'font-weight'))).toBeGreaterThanOrEqual(600);
    expect(await css(page, active, 'color')).toBe(await css(page, '.sheaf-page-title', 'color'));
    expect(await css(page, '.sheaf-toc-title', 'text-transform')).toBe('uppercase');
    await page.close();
  });

  it('maple: a full-height sidebar holding logo, light/dark switch and search; the strip beside it; a bar on the rail', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await open('maple', scheme, 1280, '', false);
      const sidebar = await box(page, '#sidebar');
      expect([sidebar.y, sidebar.height]).toEqual([0, 800]);
      for (const part of ['#search-bar-entry', '.sheaf-sidebar-top .nav-logo', '.sheaf-sidebar-top [data-component-name="theme-toggle"]']) expect([part, await inside(page, part, '#sidebar')]).toEqual([part, true]);
      expect((await box(page, '#search-bar-entry')).bottom).toBeLessThan((await box(page, '.sidebar-group')).y);
      expect((await box(page, '#navbar')).x).toBeGreaterThanOrEqual(sidebar.right - 1);
      const link = '#sidebar-content li[data-active] > a';
      expect(await css(page, link, 'background-color')).toBe('rgba(0, 0, 0, 0)');
      expect(await css(page, link, 'border-left-width')).toBe('2px');
      expect(await css(page, link, 'border-left-color')).not.toBe('rgba(0, 0, 0, 0)');
      expect(await css(page, '.eyebrow ol', 'color')).toBe(await accent(page));
      // The switch shows the mode in force: its disc for that mode is filled.
      const disc = scheme === 'light' ? '.sheaf-theme-switch-light' : '.sheaf-theme-switch-dark';
      expect(await css(page, disc, 'background-color')).not.toBe('rgba(0, 0, 0, 0)');
      await page.close();
    }
  });

  it('almond: the search box in the sidebar, the content and its table of contents in one bordered panel on a tinted ground', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await open('almond', scheme, 1280, '', false);
      expect(await inside(page, '#search-bar-entry', '#sidebar')).toBe(true);
      expect((await box(page, '#search-bar-entry')).bottom).toBeLessThan((await box(page, '.sidebar-group')).y);
      expect([await inside(page, '#content-area', '#content-container'), await inside(page, '#table-of-contents', '#content-container')]).toEqual([true, true]);
      expect(await css(page, '#content-container', 'background-color')).not.toBe(await css(page, 'body', 'background-color'));
      expect(parseFloat(await css(page, '#content-container', 'border-top-left-radius'))).toBeGreaterThanOrEqual(12);
      expect(await css(page, '#content-container', 'border-top-width')).toBe('1px');
      expect(await css(page, '#navbar', 'border-bottom-color')).toBe('rgba(0, 0, 0, 0)');
      expect(Math.round((await box(page, '.sheaf-header-bar')).height)).toBe(56);
      expect(await inside(page, '.nav-tabs', '.sheaf-header-bar')).toBe(true);
      await page.close();
    }
  });

  it('willow: the sidebar from the top of the page with its own fill, the tab bar to its right, search at the bar’s end, square images', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await open('willow', scheme, 1280, '', false);
      const sidebar = await box(page, '#sidebar');
      expect([sidebar.y, sidebar.height]).toEqual([0, 800]);
      expect(await css(page, '#sidebar', 'background-color')).not.toBe(await css(page, 'body', 'background-color'));
      const tabs = await box(page, '.nav-tabs');
      expect(tabs.x).toBeGreaterThanOrEqual(sidebar.right);
      expect(tabs.y).toBeLessThan(64);
      // Tabs at the bar's start, the search box at its end, before the navbar links.
      const search = await box(page, '#search-bar-entry');
      expect(search.x).toBeGreaterThan(tabs.right + 16);
      expect(search.right).toBeLessThanOrEqual((await box(page, '.sheaf-navbar')).x);
      expect(await css(page, '.sheaf-frame-content img', 'border-top-left-radius')).toBe('0px');
      const link = await box(page, '#sidebar-content li[data-active] > a');
      expect(link.x - sidebar.x).toBeLessThanOrEqual(40);
      expect(await css(page, '#sidebar-content li[data-active] > a', 'background-color', '::before')).toBe(await accent(page));
      await page.close();
    }
  });

  it('palm: a tinted header, no tint on the active item, no rail on the table of contents, the primary as an accent link', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await open('palm', scheme, 1280, '', false);
      expect(await css(page, '#navbar', 'background-color')).not.toBe(await css(page, 'body', 'background-color'));
      expect(await css(page, '#sidebar-content li[data-active] > a', 'background-color')).toBe('rgba(0, 0, 0, 0)');
      expect(await css(page, '.sheaf-toc-list', 'border-left-width')).toBe('0px');
      await page.waitForSelector('.sheaf-toc-item a.is-active');
      expect(await css(page, '.sheaf-toc-item a.is-active', 'color')).toBe(await accent(page));
      expect(await css(page, '#topbar-cta-button', 'background-color')).toBe('rgba(0, 0, 0, 0)');
      expect(await css(page, '#topbar-cta-button', 'color')).toBe(await accent(page));
      expect(await inside(page, '[data-component-name="theme-toggle"]:not(.sheaf-narrow-only)', '#sidebar')).toBe(true);
      await page.close();
    }
  });

  it('linden: monospace throughout, `>` marks, tabs in the bar, a search icon, a square outlined primary with a hard shadow', async () => {
    const { page } = await open('linden', 'light', 1280, '', false);
    const mono = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sheaf-font-mono').trim());
    for (const part of ['body', 'h1', '.sheaf-nav-link', '#topbar-cta-button', '.nav-tabs-item', '.sheaf-toc-item a']) expect([part, await css(page, part, 'font-family')]).toEqual([part, mono]);
    expect(await css(page, '#sidebar-content li[data-active] > a', 'content', '::before')).toBe('">"');
    expect(await css(page, '#sidebar-content li[data-active] > a', 'color', '::before')).toBe(await accent(page));
    await page.waitForSelector('.sheaf-toc-item a.is-active');
    expect(await css(page, '.sheaf-toc-item a.is-active', 'content', '::before')).toBe('"> "');
    const bar = await box(page, '.sheaf-header-bar');
    const tabs = await box(page, '.nav-tabs');
    expect(tabs.y >= bar.y && tabs.bottom <= bar.bottom + 0.5).toBe(true);
    expect((await box(page, '#search-bar-entry')).width).toBeLessThanOrEqual(40);
    expect(parseFloat(await css(page, '#topbar-cta-button', 'border-top-left-radius'))).toBeLessThanOrEqual(2);
    expect(await css(page, '#topbar-cta-button', 'border-top-color')).toBe(await accent(page));
    expect(await css(page, '#topbar-cta-button', 'box-shadow')).not.toBe('none');
    expect(parseFloat(await css(page, '.sheaf-card', 'border-top-left-radius'))).toBeLessThanOrEqual(2);
    await page.close();
  });

  it('aspen: a pill search box, small muted uppercase group headings with dividers, a chevron on every page link', async () => {
    const { page } = await open('aspen', 'light', 1280, '', false);
    const search = await box(page, '#search-bar-entry');
    expect(search.width).toBeGreaterThanOrEqual(320);
    expect(parseFloat(await css(page, '#search-bar-entry', 'border-top-left-radius'))).toBeGreaterThanOrEqual(search.height / 2);
    expect(parseFloat(await css(page, '.sidebar-group-header', 'font-size'))).toBeLessThanOrEqual(12.5);
    expect(await css(page, '.sidebar-group-header', 'color')).not.toBe(await css(page, '.sheaf-page-title', 'color'));
    expect(await css(page, '.sidebar-group-header', 'text-transform')).toBe('uppercase');
    expect(await css(page, '.sheaf-nav > .sidebar-group:nth-child(2)', 'border-top-width')).toBe('1px');
    expect(await css(page, '.sheaf-nav-link', 'mask-image', '::after')).toContain('data:image/svg+xml');
    await page.close();
  });

  it('luma and sequoia: a 48px full-width bar with the tabs in the header; sequoia marks its primary button', async () => {
    for (const theme of ['luma', 'sequoia'] as const) {
      const { page } = await open(theme, 'light', 1280, '', false);
      const navbar = await box(page, '#navbar');
      expect([navbar.x, navbar.width, Math.round((await box(page, '.sheaf-header-bar')).height)]).toEqual([0, 1280, 48]);
      expect(await inside(page, '.nav-tabs', '#navbar')).toBe(true);
      expect(await page.locator('#topbar-cta-button[data-component-name="primary-header-button"]').count()).toBe(theme === 'sequoia' ? 1 : 0);
      await page.close();
    }
  });
});
