import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectClassNamesFromHtml, generateTailwindCss } from '../../src/render/tailwind/index.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * The Tailwind stylesheet in Chromium, beside Sheaf's own stylesheets: a page body written as real
 * Mintlify home pages write it (langgenius__dify-docs' hero, mem0ai__mem0's cards, mintlify__docs'
 * light/dark images) inside Sheaf's `.sheaf-content`, and Sheaf-like layout elements outside it
 * carrying the same class names. Computed styles are asserted, light and dark; screenshots are
 * kept in test-output/screenshots. No network: the page is set as content, with no external URL.
 */

const BODY = `
<div class="mx-auto flex max-w-5xl flex-col gap-14 px-4 py-12 text-gray-900 dark:text-gray-50" id="hero">
  <div class="flex flex-col gap-4" id="intro">
    <h1 class="text-4xl font-semibold tracking-tight" id="title">Welcome</h1>
    <p class="text-lg text-gray-600 dark:text-gray-300">Everything you need.</p>
    <div class="flex flex-wrap gap-3" id="tags"><span class="rounded-full border px-3 py-1 text-xs uppercase">Integrations</span><span class="rounded-full border px-3 py-1 text-xs uppercase">Workspace</span><span class="rounded-full border px-3 py-1 text-xs uppercase">Billing</span></div>
  </div>
  <div class="grid gap-6 sm:grid-cols-2" id="cards">
    <a href="#a" id="card" class="group flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 dark:border-zinc-800/40 bg-white dark:bg-zinc-900/40 transition hover:border-primary/60 hover:bg-gray-50 dark:hover:bg-zinc-900">
      <div class="p-5"><h3 class="text-base font-semibold text-gray-900 dark:text-zinc-100 group-hover:text-primary" id="card-title">Quickstart</h3></div>
    </a>
    <a href="#b" class="group flex h-full flex-col rounded-2xl border border-gray-200 p-5">Second</a>
  </div>
  <img id="light-img" class="block dark:hidden w-full" alt="">
  <img id="dark-img" class="hidden dark:block w-full" alt="">
</div>
<hr id="rule">
<blockquote id="quote"><p>Quoted</p></blockquote>`;

/** Outside the body: the class names Tailwind knows, on elements Tailwind must not touch. */
const SHELL = '<header class="sheaf-header"><div id="outside" class="flex border mx-auto max-w-5xl">Header</div></header>';

const COLORS = { primary: '#166E3F', light: '#26BD6C', dark: '#166E3F' };

describe('the Tailwind stylesheet in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let css: string;

  beforeAll(async () => {
    const classes = collectClassNamesFromHtml(BODY);
    css = (await generateTailwindCss({ classes, colors: COLORS })).css;
    const sheaf = ['base.css', 'layout.css', 'components.css'].map((f) => readFileSync(path.join(REPO, 'src/render/styles', f), 'utf8')).join('\n');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(
      `<!doctype html><html><head><style>${sheaf}</style><style>${css}</style></head><body>${SHELL}<main><div class="sheaf-content">${BODY}</div></main></body></html>`,
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  const style = (id: string, props: readonly string[]): Promise<Record<string, string>> =>
    page.evaluate(
      ({ id, props }) => {
        const s = getComputedStyle(document.getElementById(id) as Element);
        return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
      },
      { id, props },
    );
  const setDark = (dark: boolean): Promise<void> =>
    page.evaluate((dark) => {
      document.documentElement.classList.toggle('dark', dark);
    }, dark);

  it('lays out the hero as its classes say (centred column, flex, gaps, padding)', async () => {
    await setDark(false);
    expect(await style('hero', ['display', 'flex-direction', 'max-width', 'row-gap', 'padding-top', 'padding-left', 'color'])).toEqual({
      display: 'flex',
      'flex-direction': 'column',
      'max-width': '1024px',
      'row-gap': '56px',
      'padding-top': '48px',
      'padding-left': '16px',
      color: 'rgb(17, 24, 39)',
    });
    const box = await page.locator('#hero').boundingBox();
    // Centred in the 1280 px body: (1280 - 1024) / 2 on each side.
    expect(box && [Math.round(box.x), Math.round(box.width)]).toEqual([128, 1024]);
    expect(await style('title', ['font-size', 'font-weight', 'letter-spacing', 'margin-top'])).toEqual({
      'font-size': '36px',
      'font-weight': '600',
      'letter-spacing': '-0.9px',
      'margin-top': '0px',
    });
    await page.screenshot({ path: path.join(SHOTS, 'tailwind-light.png'), fullPage: true });
  });

  it('keeps tag rows apart and draws their borders (solid, 1px, gray-200)', async () => {
    // gap-3: 12 px between the tags, which are bordered pills rather than one run of text.
    const gaps = await page.locator('#tags > span').evaluateAll((els) =>
      els.slice(1).map((e, i) => Math.round(e.getBoundingClientRect().left - (els[i] as Element).getBoundingClientRect().right)),
    );
    expect(gaps).toEqual([12, 12]);
    expect(await page.locator('#tags > span').first().evaluate((e) => getComputedStyle(e).borderTopStyle + ' ' + getComputedStyle(e).borderRadius)).toBe('solid 9999px');
    expect(await style('card', ['border-top-style', 'border-top-width', 'border-top-color', 'border-radius', 'display', 'overflow'])).toEqual({
      'border-top-style': 'solid',
      'border-top-width': '1px',
      'border-top-color': 'rgb(229, 231, 235)',
      'border-radius': '16px',
      display: 'flex',
      overflow: 'hidden',
    });
    expect(await style('cards', ['display', 'grid-template-columns', 'column-gap'])).toEqual({ display: 'grid', 'grid-template-columns': '484px 484px', 'column-gap': '24px' });
  });

  it('applies hover:border-primary/60 and group-hover:text-primary with the docs.json primary', async () => {
    await page.mouse.move(0, 0);
    await page.locator('#card').hover();
    // The card has `transition` (150 ms on colours): polled until it settles.
    await expect.poll(() => style('card', ['border-top-color', 'background-color'])).toEqual({ 'border-top-color': 'rgba(22, 110, 63, 0.6)', 'background-color': 'rgb(249, 250, 251)' });
    expect(await style('card-title', ['color'])).toEqual({ color: 'rgb(22, 110, 63)' });
    await page.mouse.move(0, 0);
    expect(await style('card-title', ['color'])).toEqual({ color: 'rgb(17, 24, 39)' });
    await expect.poll(() => style('card', ['border-top-color'])).toEqual({ 'border-top-color': 'rgb(229, 231, 235)' });
  });

  it('follows Sheaf\'s dark class: dark: variants and the light/dark image pair', async () => {
    expect(await style('light-img', ['display'])).toEqual({ display: 'block' });
    expect(await style('dark-img', ['display'])).toEqual({ display: 'none' });
    await setDark(true);
    try {
      expect(await style('hero', ['color'])).toEqual({ color: 'rgb(249, 250, 251)' });
      await expect.poll(() => style('card', ['border-top-color', 'background-color'])).toEqual({
        'border-top-color': 'rgba(39, 39, 42, 0.4)',
        'background-color': 'rgba(24, 24, 27, 0.4)',
      });
      expect(await style('light-img', ['display'])).toEqual({ display: 'none' });
      expect(await style('dark-img', ['display'])).toEqual({ display: 'block' });
      await page.screenshot({ path: path.join(SHOTS, 'tailwind-dark.png'), fullPage: true });
    } finally {
      await setDark(false);
    }
  });

  it('leaves everything outside page bodies alone, and Sheaf\'s own rules inside them win over the border defaults', async () => {
    expect(await style('outside', ['display', 'border-top-style', 'border-top-width', 'max-width', 'margin-left', 'color'])).toEqual({
      display: 'block',
      'border-top-style': 'none',
      'border-top-width': '0px',
      'max-width': 'none',
      'margin-left': '0px',
      color: 'rgb(63, 63, 70)',
    });
    // Sheaf's own borders in a body (base.css, one class) win over the zero-specificity defaults.
    expect(await style('rule', ['border-top-style', 'border-top-width', 'border-top-color', 'border-bottom-width'])).toEqual({
      'border-top-style': 'solid',
      'border-top-width': '1px',
      'border-top-color': 'rgb(231, 231, 234)',
      'border-bottom-width': '0px',
    });
    expect(await style('quote', ['border-left-style', 'border-left-width', 'border-left-color', 'border-top-width'])).toEqual({
      'border-left-style': 'solid',
      'border-left-width': '3px',
      'border-left-color': 'rgb(231, 231, 234)',
      'border-top-width': '0px',
    });
    expect(css).not.toContain('.sheaf-header');
  });
});

/**
 * The same in a built site: a small project written as the corpus's home pages write their
 * classes (mintlify__docs' HeroCard, dify's hero, themes.mdx's not-prose grid), built with the
 * compiled CLI (no network: the pages hold no external URL), served on 127.0.0.1. Asserts the
 * computed styles the classes ask for, light and dark, and that Sheaf's own layout (header,
 * sidebar, table of contents) computes the same with the Tailwind stylesheet as without it.
 */
const PRIMARY = '#166E3F';
const FIXTURE_HOME = `---
title: Home
---

export const HeroCard = ({ title, href, id }) => (
  <a className="group block rounded-xl border p-5 hover:border-primary/60" href={href} id={id}>
    <h3 className="mt-2 text-gray-900 dark:text-zinc-50 font-medium group-hover:text-primary" id={id + '-title'}>{title}</h3>
    <span>Description</span>
  </a>
);

<div className="mx-auto max-w-5xl flex flex-col gap-14 dark:text-gray-50" id="hero">
  <p className="text-primary" id="primary">Primary text</p>
  <div className="grid grid-cols-2 gap-4" id="grid">
    <HeroCard title="Quickstart" href="/guide" id="card" />
    <HeroCard title="Second" href="/guide" id="card2" />
  </div>
  <div className="not-prose" id="np">
    <p id="np-p">Not prose</p>
    <a href="/guide" id="np-a">A link outside prose</a>
  </div>
  <div className="prose" id="pr"><p>First</p><p id="pr-p">A prose paragraph</p><p>Last</p></div>
</div>

## First section

Text.

## Second section

More text with [a link](/guide).
`;

describe('Tailwind classes in a built site', () => {
  let tmp: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-tailwind-'));
    const root = path.join(tmp, 'project');
    mkdirSync(root);
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({ theme: 'mint', name: 'Tailwind', colors: { primary: PRIMARY, light: '#26BD6C', dark: PRIMARY }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } }),
    );
    writeFileSync(path.join(root, 'index.mdx'), FIXTURE_HOME);
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\n## A heading\n\nText.\n');
    const out = path.join(tmp, 'site');
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', root, '-o', out, '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    server = await serveStatic(out, '/');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    expect(problems).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const style = (selector: string, props: readonly string[]): Promise<Record<string, string>> =>
    page.evaluate(
      ({ selector, props }) => {
        const s = getComputedStyle(document.querySelector(selector) as Element);
        return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
      },
      { selector, props },
    );
  const setDark = (dark: boolean): Promise<void> =>
    page.evaluate((dark) => {
      document.documentElement.classList.toggle('dark', dark);
    }, dark);

  it('links _sheaf/tailwind.css after Sheaf\'s own stylesheet', async () => {
    const links = await page.locator('link[rel=stylesheet]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(links).toEqual([expect.stringMatching(/^_sheaf\/sheaf\.[0-9a-f]{10}\.css$/), '_sheaf/tailwind.css']);
  });

  it('lists only the page\'s two ## sections in the table of contents, not the headings inside the HeroCard component', async () => {
    // The page is the first of the navigation, index: it is the page at / itself.
    expect(await page.evaluate(() => [document.documentElement.dataset.currentPath, document.documentElement.dataset.route])).toEqual(['/', '/']);
    // Mintlify builds the table of contents from the MDX tree, where the h3 an exported component
    // renders is not a heading (review gap 11): "Quickstart" and "Second" are not listed.
    const toc = await page.locator('[data-sheaf-toc-link]').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent?.trim()]));
    expect(toc).toEqual([
      ['#first-section', 'First section'],
      ['#second-section', 'Second section'],
    ]);
    expect(await page.locator('#card-title, #card2-title').evaluateAll((hs) => hs.map((h) => h.textContent))).toEqual(['Quickstart', 'Second']);
  });

  it('lays out the hero and the card grid as the classes say', async () => {
    await setDark(false);
    expect(await style('#hero', ['display', 'flex-direction', 'row-gap', 'max-width', 'color'])).toEqual({
      display: 'flex',
      'flex-direction': 'column',
      'row-gap': '56px',
      'max-width': '1024px',
      color: 'rgb(63, 63, 70)',
    });
    const grid = await style('#grid', ['display', 'grid-template-columns', 'column-gap']);
    expect(grid.display).toBe('grid');
    // grid-cols-2: two equal tracks.
    const [first, second, ...more] = (grid['grid-template-columns'] ?? '').split(' ');
    expect([second, more]).toEqual([first, []]);
    expect(grid['column-gap']).toBe('16px');
    expect(await style('#card', ['border-top-width', 'border-top-style', 'border-top-color', 'border-radius', 'padding-top'])).toEqual({
      'border-top-width': '1px',
      'border-top-style': 'solid',
      'border-top-color': 'rgb(229, 231, 235)',
      'border-radius': '12px',
      'padding-top': '20px',
    });
    // The docs.json primary, #166E3F.
    expect(await style('#primary', ['color'])).toEqual({ color: 'rgb(22, 110, 63)' });
    // The heading inside the card link has no anchor link: the card stays one element.
    expect(await page.locator('#card h3 a, #card + h3').count()).toBe(0);
    expect(await page.locator('#card-title').evaluate((e) => e.parentElement?.id)).toBe('card');
    await page.screenshot({ path: path.join(SHOTS, 'issue11/tailwind/fixture-desktop-light.png') });
  });

  it('applies hover:border-primary/60 and group-hover:text-primary', async () => {
    await page.locator('#card').hover();
    expect(await style('#card', ['border-top-color'])).toEqual({ 'border-top-color': 'rgba(22, 110, 63, 0.6)' });
    expect(await style('#card-title', ['color'])).toEqual({ color: 'rgb(22, 110, 63)' });
    await page.mouse.move(0, 0);
    expect(await style('#card-title', ['color'])).toEqual({ color: 'rgb(17, 24, 39)' });
  });

  it('honours prose and not-prose', async () => {
    // Outside prose: the preflight defaults, not Sheaf's body typography (margins, accent-coloured underlined links).
    expect(await style('#np-p', ['margin-top', 'margin-bottom'])).toEqual({ 'margin-top': '0px', 'margin-bottom': '0px' });
    const hero = await style('#hero', ['color']);
    expect(await style('#np-a', ['color', 'text-decoration-line', 'font-weight'])).toEqual({ color: hero.color, 'text-decoration-line': 'none', 'font-weight': '400' });
    // Inside the page body, a link keeps Sheaf's typography (underlined).
    expect((await style('.sheaf-content a[href="guide/"]:not([id])', ['text-decoration-line']))['text-decoration-line']).toBe('underline');
    // prose: the typography plugin's paragraph margins (1.25em of 16px).
    expect(await style('#pr-p', ['margin-top', 'margin-bottom'])).toEqual({ 'margin-top': '20px', 'margin-bottom': '20px' });
  });

  it('follows dark mode by the class on <html>', async () => {
    await setDark(true);
    try {
      expect(await style('#hero', ['color'])).toEqual({ color: 'rgb(249, 250, 251)' });
      expect(await style('#card-title', ['color'])).toEqual({ color: 'rgb(250, 250, 250)' });
      await page.screenshot({ path: path.join(SHOTS, 'issue11/tailwind/fixture-desktop-dark.png') });
    } finally {
      await setDark(false);
    }
  });

  it('leaves Sheaf\'s header, sidebar and table of contents as they are without the Tailwind stylesheet', async () => {
    const layout = ['display', 'position', 'width', 'height', 'margin-top', 'padding-top', 'padding-left', 'border-top-width', 'border-bottom-width', 'border-bottom-style', 'box-sizing', 'color', 'font-size', 'font-weight', 'background-color'];
    // A heading of the body keeps Sheaf's typography; only its (zero-width) border style takes the scoped default.
    const typography = ['display', 'width', 'height', 'margin-top', 'margin-bottom', 'border-bottom-width', 'color', 'font-size', 'font-weight', 'line-height'];
    const checked: [string, string[]][] = [
      ...['.sheaf-header', '.sheaf-sidebar', '.sheaf-nav a', '.sheaf-toc', '.sheaf-toc-item a', '.sheaf-toc-title'].map((sel): [string, string[]] => [sel, layout]),
      ['.sheaf-content > h2', typography],
    ];
    const snapshot = () =>
      page.evaluate(
        (checked) =>
          checked.map(([sel, props]) => {
            const el = document.querySelector(sel);
            if (!el) return [sel, null];
            const s = getComputedStyle(el);
            return [sel, props.map((p) => s.getPropertyValue(p)).join('|')];
          }),
        checked,
      );
    // Colours run transitions (the dark-mode test switched back just before): off, so each snapshot reads settled values.
    await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important}' });
    const withTailwind = await snapshot();
    expect(withTailwind.every(([, v]) => v !== null)).toBe(true);
    await page.evaluate(() => {
      for (const sheet of Array.from(document.styleSheets)) if (sheet.href?.endsWith('/tailwind.css')) sheet.disabled = true;
    });
    const without = await snapshot();
    const heroWithout = (await style('#hero', ['display'])).display;
    await page.evaluate(() => {
      for (const sheet of Array.from(document.styleSheets)) if (sheet.href?.endsWith('/tailwind.css')) sheet.disabled = false;
    });
    expect(withTailwind).toEqual(without);
    // And the stylesheet did take part: the hero is a flex column with it, a block without it.
    expect([(await style('#hero', ['display'])).display, heroWithout]).toEqual(['flex', 'block']);
  });

  it('shows the same on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect((await style('#hero', ['display'])).display).toBe('flex');
      const [first, second, ...more] = ((await style('#grid', ['grid-template-columns']))['grid-template-columns'] ?? '').split(' ');
      expect([second, more]).toEqual([first, []]);
      await page.screenshot({ path: path.join(SHOTS, 'issue11/tailwind/fixture-phone-light.png') });
      await setDark(true);
      await page.screenshot({ path: path.join(SHOTS, 'issue11/tailwind/fixture-phone-dark.png') });
    } finally {
      await setDark(false);
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
