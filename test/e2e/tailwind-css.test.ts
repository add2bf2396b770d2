import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectClassNamesFromHtml, generateTailwindCss } from '../../src/render/tailwind/index.js';
import { launchChromium, REPO, SHOTS } from './browser.js';

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
