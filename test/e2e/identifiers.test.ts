import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
 * checked on the same build, and so are the home pages of these two projects and of mem0ai__mem0
 * (the three corpus homes written with Tailwind classes): light and dark, 1440 and 390 px, their
 * computed styles asserted from their own classes, screenshots kept in
 * test-output/screenshots/issue11/home/.
 *
 * No page reaches the network: every request off 127.0.0.1 is aborted, except mintlify__docs'
 * HeroCard images, which its index.mdx loads from its own repository on raw.githubusercontent.com;
 * those are answered with the same files from the corpus copy (images/hero/), so the screenshots
 * show the cards as drawn.
 */

const CORPUS = path.resolve(REPO, '../shared/corpus/mintlify');
const SHOT_DIR = path.join(SHOTS, 'issue11', 'identifiers');
const HOME_SHOT_DIR = path.join(SHOTS, 'issue11', 'home');
/** mintlify__docs' index.mdx loads its HeroCard images from its own repository's main branch. */
const HERO_IMAGES = /^https:\/\/raw\.githubusercontent\.com\/mintlify\/docs\/refs\/heads\/main\/(images\/hero\/[\w-]+\.png)$/;

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

/** The computed values of `props` on each element matching `selector`, in document order. */
const styles = (page: Page, selector: string, props: readonly string[]): Promise<Record<string, string>[]> =>
  page.evaluate(
    ({ selector, props }) =>
      [...document.querySelectorAll(selector)].map((e) => {
        const s = getComputedStyle(e);
        return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
      }),
    { selector, props },
  );

/** `n` copies of `value`: one expected record per matching element. */
const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

/** Viewport widths in CSS px: a desktop and a phone (Tailwind's sm, 640, and lg, 1024, fall between). */
const WIDTHS = [1440, 390] as const;
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** Tailwind CSS 3.4's default palette, as Chromium computes the colours the home pages' classes name. */
const TW = {
  black: 'rgb(0, 0, 0)',
  white: 'rgb(255, 255, 255)',
  gray50: 'rgb(249, 250, 251)',
  gray200: 'rgb(229, 231, 235)',
  gray500: 'rgb(107, 114, 128)',
  gray600: 'rgb(75, 85, 99)',
  gray900: 'rgb(17, 24, 39)',
  zinc50: 'rgb(250, 250, 250)',
  zinc100: 'rgb(244, 244, 245)',
  zinc400: 'rgb(161, 161, 170)',
  zinc500: 'rgb(113, 113, 122)',
};
/**
 * Sheaf's body text colour (base.css), which an element without a colour class inherits: what a
 * card link written with classes of its own shows, as Tailwind's preflight leaves an `<a>` on
 * Mintlify, rather than the link accent.
 */
const BODY_TEXT: Record<Scheme, string> = { light: 'rgb(63, 63, 70)', dark: 'rgb(201, 202, 207)' };

describe('corpus projects’ own CSS on Mintlify’s hooks', () => {
  let root: string;
  let mintlify: Awaited<ReturnType<typeof serveStatic>>;
  let dify: Awaited<ReturnType<typeof serveStatic>>;
  let mem0: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-identifiers-'));
    mkdirSync(path.join(SHOTS, 'issue20', 'corpus'), { recursive: true });
    build('mintlify__docs', path.join(root, 'mintlify'));
    build('langgenius__dify-docs', path.join(root, 'dify'));
    // About 40 s of CPU (243 pages), against about 140 s for each of the two above.
    build('mem0ai__mem0', path.join(root, 'mem0'));
    mintlify = await serveStatic(path.join(root, 'mintlify'));
    dify = await serveStatic(path.join(root, 'dify'));
    mem0 = await serveStatic(path.join(root, 'mem0'));
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).hostname === '127.0.0.1') return route.continue();
      const hero = HERO_IMAGES.exec(url)?.[1];
      const file = hero && path.join(CORPUS, 'mintlify__docs', hero);
      if (file && existsSync(file)) return route.fulfill({ contentType: 'image/png', body: readFileSync(file) });
      return route.abort('internetdisconnected');
    });
    mkdirSync(SHOT_DIR, { recursive: true });
    mkdirSync(HOME_SHOT_DIR, { recursive: true });
  }, 1_200_000);
  afterAll(async () => {
    await browser?.close();
    await mintlify?.close();
    await dify?.close();
    await mem0?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('mintlify__docs: playground.css hides #navbar and #sidebar on /assistant/widget-preview only, light and dark', async () => {
    const page = await context.newPage();
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
    const page = await context.newPage();
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
    const page = await context.newPage();
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

  /**
   * Opens `url` `width` px wide with the system in `scheme` (the corpus projects leave the theme to
   * the system, which Sheaf's head script follows), waits for `landing` when `url` redirects there,
   * and lets colour transitions settle (the cards' `transition` class) before styles are read.
   */
  async function openHome(url: string, width: number, scheme: Scheme, landing = url): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForURL(landing, { waitUntil: 'networkidle' });
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(scheme === 'dark');
    return page;
  }
  const shoot = (page: Page, project: string, width: number, scheme: Scheme): Promise<Buffer> =>
    page.screenshot({ path: path.join(HOME_SHOT_DIR, `${project}-${width}-${scheme}.png`), fullPage: true });

  it('each project in its own docs.json theme (issue 20): luma for mintlify__docs and dify, aspen for mem0; a content page light and dark, 1280 and 390 px', async () => {
    const projects = [
      ['mintlify__docs', mintlify.url, 'quickstart/', 'luma'],
      ['langgenius__dify-docs', dify.url, 'en/home/', 'luma'],
      ['mem0ai__mem0', mem0.url, 'introduction/', 'aspen'],
    ] as const;
    for (const [project, url, route, theme] of projects) {
      for (const width of [1280, 390]) {
        for (const scheme of SCHEMES) {
          const page = await openHome(url + route, width, scheme);
          const at = `${project} ${width} px, ${scheme}`;
          expect(await page.evaluate(() => [document.documentElement.classList.toString(), document.documentElement.dataset.sheafHeader]), at).toEqual([expect.stringContaining(`sheaf-theme-${theme}`), 'full']);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBe(width);
          if (width === 1280) {
            // The theme's full-width bar: luma 48 px, aspen 56 px, the search box in it.
            expect(await page.evaluate(() => [Math.round(document.querySelector('.sheaf-header-bar')!.getBoundingClientRect().height), !!document.querySelector('#navbar #search-bar-entry')]), at).toEqual([theme === 'luma' ? 48 : 56, true]);
          }
          await page.screenshot({ path: path.join(SHOTS, 'issue20', 'corpus', `${project}-${width}-${scheme}.png`) });
          await page.close();
        }
      }
    }
  });

  it('mintlify__docs home at /: the hero, the HeroCards and the light/dark images as their classes say, light and dark, 1440 and 390 px', async () => {
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        const at = `${width} px, ${scheme}`;
        const page = await openHome(mintlify.url, width, scheme);
        expect(await page.evaluate(() => [document.documentElement.dataset.currentPath, document.documentElement.classList.contains('sheaf-mode-frame')]), at).toEqual(['/', true]);
        // <h1 className="block text-4xl font-medium text-center text-gray-900 dark:text-zinc-50 tracking-tight">, its text on
        // a line of its own in the MDX: the text directly in the heading, no paragraph around it (review gap 2).
        expect(await page.evaluate(() => [...document.querySelectorAll('#content h1')].map((h) => h.innerHTML)), at).toEqual(['Documentation']);
        expect(await styles(page, '#content h1', ['display', 'font-size', 'line-height', 'font-weight', 'text-align', 'letter-spacing', 'margin-top', 'margin-bottom', 'color']), at).toEqual([
          {
            display: 'block',
            'font-size': '36px',
            'line-height': '40px',
            'font-weight': '500',
            'text-align': 'center',
            'letter-spacing': '-0.9px',
            'margin-top': '0px',
            'margin-bottom': '0px',
            color: scheme === 'light' ? TW.gray900 : TW.zinc50,
          },
        ]);
        // One line of 40 px, then 22.5 px to the subtitle's text: its div's mt-4 (16 px) collapsed with the top margin
        // of the MDX paragraph inside the div (1.25em of text-lg's 18 px). A paragraph inside the heading (gap 2)
        // brings its own 1.25em of 36 px, 45 px.
        const spacing = await page.evaluate(() => {
          const title = document.querySelector('#content h1')!.getBoundingClientRect();
          const subtitle = document.querySelector('#content h1 + div > p')!.getBoundingClientRect();
          return [title.height, subtitle.top - title.bottom];
        });
        expect(spacing, at).toEqual([40, 22.5]);
        // <div className="max-w-xl mx-auto px-4 mt-4 text-lg text-center text-gray-500 dark:text-zinc-500">, and the MDX
        // paragraph inside it (kept, as Mintlify keeps it: only headings are unwrapped) takes its colour and size.
        const subtitle = { 'max-width': '576px', 'font-size': '18px', 'text-align': 'center', color: scheme === 'light' ? TW.gray500 : TW.zinc500 };
        expect(await styles(page, '#content h1 + div', Object.keys(subtitle)), at).toEqual([subtitle]);
        expect(await styles(page, '#content h1 + div > p', ['font-size', 'text-align', 'color']), at).toEqual([{ 'font-size': '18px', 'text-align': 'center', color: subtitle.color }]);
        // px-4 py-16 lg:py-48 lg:pb-24 max-w-3xl: Tailwind's lg screen (1,024 px) between the two widths.
        expect(await styles(page, '#content div.max-w-3xl', ['max-width', 'padding-top', 'padding-bottom', 'padding-left']), at).toEqual([
          { 'max-width': '768px', 'padding-top': width === 1440 ? '192px' : '64px', 'padding-bottom': width === 1440 ? '96px' : '64px', 'padding-left': '16px' },
        ]);
        // px-6 lg:px-0 mt-12 lg:mt-24 grid sm:grid-cols-2 gap-x-6 gap-y-4: two 356 px tracks in the 736 px column
        // ((768 - 2 × 16 - 24) / 2), one track under 640 px (390 - 2 × 16 - 2 × 24 = 310).
        expect(await styles(page, '#content div.grid', ['display', 'grid-template-columns', 'column-gap', 'row-gap', 'margin-top', 'padding-left']), at).toEqual([
          {
            display: 'grid',
            'grid-template-columns': width === 1440 ? '356px 356px' : '310px',
            'column-gap': '24px',
            'row-gap': '16px',
            'margin-top': width === 1440 ? '96px' : '48px',
            'padding-left': width === 1440 ? '0px' : '24px',
          },
        ]);
        // The HeroCards, <a className="group cursor-pointer pb-8">: no border (none of their classes draws one), no
        // underline, and the colour of the text around them, never the accent of text links (review gap 3).
        expect(await styles(page, '#content div.grid > a', ['display', 'text-decoration-line', 'color', 'font-weight', 'border-top-width', 'padding-bottom', 'cursor']), at).toEqual(
          times(4, { display: 'block', 'text-decoration-line': 'none', color: BODY_TEXT[scheme], 'font-weight': '400', 'border-top-width': '0px', 'padding-bottom': '32px', cursor: 'pointer' }),
        );
        // <h3 className="mt-5 text-gray-900 dark:text-zinc-50 font-medium">{title}</h3>: no heading anchor in the card link.
        expect(await styles(page, '#content div.grid > a > h3', ['color', 'font-weight', 'margin-top', 'text-decoration-line']), at).toEqual(
          times(4, { color: scheme === 'light' ? TW.gray900 : TW.zinc50, 'font-weight': '500', 'margin-top': '20px', 'text-decoration-line': 'none' }),
        );
        expect(await page.evaluate(() => [...document.querySelectorAll('#content div.grid > a > h3')].map((h) => h.innerHTML)), at).toEqual(['Quickstart', 'CLI installation', 'Web editor', 'Components']);
        // The light/dark pairs (background and cards): `block dark:hidden` and `hidden dark:block`, each image drawn.
        const shown = scheme === 'light' ? 'block' : 'none';
        const hidden = scheme === 'light' ? 'none' : 'block';
        await expect(displays(page, '#content img.dark\\:hidden'), at).resolves.toEqual(times(5, shown));
        await expect(displays(page, '#content img.dark\\:block'), at).resolves.toEqual(times(5, hidden));
        const drawn = await page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('#content img')].filter((i) => i.checkVisibility()).map((i) => i.complete && i.naturalWidth > 0));
        expect(drawn, at).toEqual(times(5, true));
        await shoot(page, 'mintlify__docs', width, scheme);
        if (width === 1440 && scheme === 'light') {
          // group-hover:scale-105 on the card's image (transition-all duration-100: polled).
          await page.locator('#content div.grid > a').first().hover();
          await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('#content div.grid > a > img')!).transform)).toBe('matrix(1.05, 0, 0, 1.05, 0, 0)');
        }
        await page.close();
      }
    }
  });

  it('langgenius__dify-docs home (/ redirects to /en/home): the title, the gray-500 subtitle and the sections as their classes say, light and dark, 1440 and 390 px', async () => {
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        const at = `${width} px, ${scheme}`;
        const page = await openHome(dify.url, width, scheme, `${dify.url}en/home/`);
        expect(await page.evaluate(() => document.documentElement.dataset.currentPath), at).toBe('/en/home');
        const heading = scheme === 'light' ? TW.black : TW.white;
        // <h1 className="text-4xl font-bold tracking-tight text-black dark:text-white">
        expect(await page.evaluate(() => [...document.querySelectorAll('#content h1')].map((h) => h.innerHTML)), at).toEqual(['Dify Documentation']);
        expect(await styles(page, '#content h1', ['font-size', 'line-height', 'font-weight', 'letter-spacing', 'margin-top', 'margin-bottom', 'color']), at).toEqual([
          { 'font-size': '36px', 'line-height': '40px', 'font-weight': '700', 'letter-spacing': '-0.9px', 'margin-top': '0px', 'margin-bottom': '0px', color: heading },
        ]);
        // <p className="mt-3 text-lg text-gray-500"> with its text on lines of its own: one paragraph carrying the
        // classes and the text (review gap 2: an empty classed p beside an unclassed one), gray-500 in both schemes
        // (its classes name no dark: colour).
        expect(await page.evaluate(() => [...document.querySelectorAll('#content p.mt-3.text-lg.text-gray-500')].map((p) => p.textContent?.slice(0, 50))), at).toEqual([
          'Dify is an open-source platform for building AI ap',
        ]);
        expect(await styles(page, '#content p.mt-3', ['color', 'font-size', 'line-height', 'margin-top']), at).toEqual([{ color: TW.gray500, 'font-size': '18px', 'line-height': '28px', 'margin-top': '12px' }]);
        expect(await page.locator('#content p:empty, #content h1 p, #content h2 p').count(), at).toBe(0);
        // <h2 className="mt-12 text-2xl font-semibold text-black dark:text-white">, three of them.
        expect(await styles(page, '#content h2', ['font-size', 'line-height', 'font-weight', 'margin-top', 'color']), at).toEqual(
          times(3, { 'font-size': '24px', 'line-height': '32px', 'font-weight': '600', 'margin-top': '48px', color: heading }),
        );
        // <p className="mt-14 text-sm text-gray-500"> with its <strong> letters.
        expect(await styles(page, '#content p.mt-14', ['color', 'font-size', 'line-height', 'margin-top']), at).toEqual([{ color: TW.gray500, 'font-size': '14px', 'line-height': '20px', 'margin-top': '56px' }]);
        expect(await page.evaluate(() => document.querySelector('#content p.mt-14')?.innerHTML), at).toBe('The name Dify comes from <strong>D</strong>o <strong>I</strong>t <strong>F</strong>or <strong>Y</strong>ou.');
        // <div className="max-w-5xl mx-auto px-6 py-16">: 1,024 px centred at 1440 px ((1440 - 1024) / 2 = 208), the
        // whole width at 390 px; the Columns inside it share its 976 px (two of 480, four of 232, 16 px gaps).
        expect(await styles(page, '#content div.max-w-5xl', ['max-width', 'padding-top', 'padding-left']), at).toEqual([{ 'max-width': '1024px', 'padding-top': '64px', 'padding-left': '24px' }]);
        const box = await page.locator('#content div.max-w-5xl').boundingBox();
        expect(box && [box.x, box.width], at).toEqual(width === 1440 ? [208, 1024] : [0, 390]);
        expect((await styles(page, '#content .columns', ['grid-template-columns'])).map((s) => s['grid-template-columns']), at).toEqual(
          width === 1440 ? ['480px 480px', '232px 232px 232px 232px', '480px 480px'] : times(3, '342px'),
        );
        await shoot(page, 'langgenius__dify-docs', width, scheme);
        await page.close();
      }
    }
  });

  it('mem0ai__mem0 home at / (the copy of /introduction): the hero and the six cards as their classes say, light and dark, 1440 and 390 px', async () => {
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        const at = `${width} px, ${scheme}`;
        const light = scheme === 'light';
        const page = await openHome(mem0.url, width, scheme);
        expect(await page.evaluate(() => [document.documentElement.dataset.currentPath, document.documentElement.dataset.route]), at).toEqual(['/', '/introduction']);
        // <h1 className="text-3xl lg:text-4xl font-bold text-gray-900 dark:text-zinc-50 tracking-tight mb-2">, its
        // content on lines of its own: directly in the heading (review gap 2).
        expect(await page.evaluate(() => [...document.querySelectorAll('#content h1')].map((h) => h.innerHTML)), at).toEqual(['Build with <span class="text-primary">Mem0</span>']);
        expect(await styles(page, '#content h1', ['font-size', 'line-height', 'font-weight', 'text-align', 'margin-top', 'margin-bottom', 'color']), at).toEqual([
          {
            'font-size': width === 1440 ? '36px' : '30px',
            'line-height': width === 1440 ? '40px' : '36px',
            'font-weight': '700',
            'text-align': 'center',
            'margin-top': '0px',
            'margin-bottom': '8px',
            color: light ? TW.gray900 : TW.zinc50,
          },
        ]);
        // text-primary: docs.json's primary, #8F74E0.
        expect(await styles(page, '#content h1 > span.text-primary', ['color']), at).toEqual([{ color: 'rgb(143, 116, 224)' }]);
        // <p className="max-w-3xl mx-auto text-base text-gray-600 dark:text-zinc-400 leading-relaxed">, 16 px under the
        // heading from its parent's space-y-4.
        expect(await styles(page, '#content h1 + p', ['max-width', 'font-size', 'line-height', 'text-align', 'margin-top', 'color']), at).toEqual([
          { 'max-width': '768px', 'font-size': '16px', 'line-height': '26px', 'text-align': 'center', 'margin-top': '16px', color: light ? TW.gray600 : TW.zinc400 },
        ]);
        // grid gap-4 sm:grid-cols-2 lg:grid-cols-3 in max-w-6xl px-4: three tracks of (1152 - 32 - 2 × 16) / 3 = 362.67 px
        // at 1440 (to the nearest px), one of 390 - 32 at 390.
        const grid = (await styles(page, '#content section > div.grid', ['grid-template-columns', 'row-gap', 'column-gap']))[0];
        expect(grid && [grid['grid-template-columns']?.split(' ').map((w) => Math.round(parseFloat(w))), grid['row-gap'], grid['column-gap']], at).toEqual([
          width === 1440 ? [363, 363, 363] : [358],
          '16px',
          '16px',
        ]);
        // The cards, <a className="group flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200
        // dark:border-zinc-800/40 bg-white dark:bg-zinc-900/40 transition …">: the border drawn, no underline, the
        // colour of the text around them rather than the link accent (review gap 3).
        expect(await styles(page, '#content section a', ['display', 'flex-direction', 'text-decoration-line', 'color', 'font-weight', 'border-top-width', 'border-top-style', 'border-top-color', 'border-radius', 'background-color']), at).toEqual(
          times(6, {
            display: 'flex',
            'flex-direction': 'column',
            'text-decoration-line': 'none',
            color: BODY_TEXT[scheme],
            'font-weight': '400',
            'border-top-width': '1px',
            'border-top-style': 'solid',
            'border-top-color': light ? TW.gray200 : 'rgba(39, 39, 42, 0.4)',
            'border-radius': '16px',
            'background-color': light ? TW.white : 'rgba(24, 24, 27, 0.4)',
          }),
        );
        // <div className="flex flex-1 flex-col gap-2 px-4 pb-4 pt-3 text-left"> in each card.
        expect(await styles(page, '#content section a > div', ['display', 'row-gap', 'padding-top', 'padding-bottom', 'padding-left', 'text-align']), at).toEqual(
          times(6, { display: 'flex', 'row-gap': '8px', 'padding-top': '12px', 'padding-bottom': '16px', 'padding-left': '16px', 'text-align': 'left' }),
        );
        // The card headings, <h3 className="text-base font-semibold text-gray-900 dark:text-zinc-100 group-hover:text-primary">,
        // their text on a line of its own: directly in the heading (review gap 2), the group-hover class kept.
        const headings = await page.evaluate(() => [...document.querySelectorAll('#content section a > div > h3')].map((h) => [h.children.length, h.classList.contains('group-hover:text-primary'), h.textContent]));
        expect(headings, at).toEqual([
          [0, true, 'Store your first memory'],
          [0, true, 'Add memory to your coding agent'],
          [0, true, 'Let an AI agent sign itself up'],
          [0, true, 'Use Mem0 with your framework'],
          [0, true, 'Copy a working example'],
          [0, true, 'Run Mem0 on your own servers'],
        ]);
        expect(await styles(page, '#content section h3', ['font-size', 'line-height', 'font-weight', 'text-decoration-line', 'color']), at).toEqual(
          times(6, { 'font-size': '16px', 'line-height': '24px', 'font-weight': '600', 'text-decoration-line': 'none', color: light ? TW.gray900 : TW.zinc100 }),
        );
        // <p className="text-sm text-gray-600 dark:text-zinc-400"> under each heading.
        expect(await styles(page, '#content section h3 + p', ['font-size', 'line-height', 'color']), at).toEqual(times(6, { 'font-size': '14px', 'line-height': '20px', color: light ? TW.gray600 : TW.zinc400 }));
        expect(await page.locator('#content p:empty, #content h1 p, #content h3 p').count(), at).toBe(0);
        // The light/dark thumbnail pairs; of the twelve, the corpus keeps only mem0_open_source.png in both folders
        // (1,208 × 604 px), and the copy at / finds it.
        await expect(displays(page, '#content img.dark\\:hidden'), at).resolves.toEqual(times(6, light ? 'block' : 'none'));
        await expect(displays(page, '#content img.dark\\:block'), at).resolves.toEqual(times(6, light ? 'none' : 'block'));
        const openSource = await page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('#content img[src$="/mem0_open_source.png"]')].filter((i) => i.checkVisibility()).map((i) => i.naturalWidth));
        expect(openSource, at).toEqual([1208]);
        await shoot(page, 'mem0ai__mem0', width, scheme);
        if (width === 1440 && light) {
          // hover:border-primary/60 hover:bg-gray-50 on the card and group-hover:text-primary on its heading.
          await page.locator('#content section a').first().hover();
          await expect
            .poll(() => styles(page, '#content section a:hover, #content section a:hover h3', ['border-top-color', 'background-color', 'color']))
            .toEqual([
              { 'border-top-color': 'rgba(143, 116, 224, 0.6)', 'background-color': TW.gray50, color: BODY_TEXT.light },
              { 'border-top-color': TW.gray200, 'background-color': 'rgba(0, 0, 0, 0)', color: 'rgb(143, 116, 224)' },
            ]);
        }
        await page.close();
      }
    }
    // The copy at / and the page at /introduction/ lead to the same places and show the same images.
    const targets = async (url: string): Promise<unknown> => {
      const page = await openHome(url, 1440, 'light');
      const found = await page.evaluate(() => ({
        path: document.documentElement.dataset.currentPath,
        links: [...document.querySelectorAll<HTMLAnchorElement>('#content a')].map((a) => a.href),
        images: [...document.querySelectorAll<HTMLImageElement>('#content img')].map((i) => i.src),
        text: document.getElementById('content')?.textContent,
      }));
      await page.close();
      return found;
    };
    const [copy, page] = [await targets(mem0.url), await targets(`${mem0.url}introduction/`)] as { path: string; links: string[]; images: string[]; text: string }[];
    expect([copy?.path, page?.path]).toEqual(['/', '/introduction']);
    expect(copy?.links).toEqual(['platform/quickstart/', 'integrations/claude-code/', 'platform/agent-signup/', 'integrations/', 'cookbooks/overview/', 'open-source/overview/'].map((p) => `${mem0.url}${p}`));
    expect(copy?.images).toHaveLength(12);
    expect([page?.links, page?.images, page?.text]).toEqual([copy?.links, copy?.images, copy?.text]);
  });
});
