import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../src/render/mdx/index.js';
import type { RenderedBody } from '../../src/model/render.js';
import { launchChromium, REPO, SHOTS } from './browser.js';

/**
 * Issue 11's component fixes in Chromium, with Sheaf's own stylesheets: a link card whose title
 * is JSX (shown, not underlined, in the card's colour), a Font Awesome Pro icon (drawn by a free
 * substitute), a CodeGroup of imported snippets (tabs titled by the blocks), a stray `{ID}` (the
 * rest of the page renders) and code on a right-to-left page (left to right). The body is
 * rendered by the real MDX pipeline and set as page content: no server, no network. Screenshots,
 * light and dark at 1440 and 390 px, go to test-output/screenshots/issue11/mdx-components/.
 */

const PAGE = `import Python from '/snippets/python.mdx';
import Curl from '/snippets/curl.mdx';

Before {ID} after.

<Card title={<>Run <code>npx sheaf</code></>} href="/start" icon="rocket-launch">
  Body text with a [real link](/elsewhere).
</Card>

<CodeGroup>
  <Python />
  <Curl />
</CodeGroup>
`;

const RTL = 'مرحبا `inline code();` نص\n\n```js title="app.js"\nconst a = [1, 2]; // (ltr)\n```\n';
const OUT = path.join(SHOTS, 'issue11', 'mdx-components');

describe('issue 11 components in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let body: RenderedBody;
  let rtl: RenderedBody;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sheaf-components-e2e-'));
    mkdirSync(path.join(root, 'snippets'));
    writeFileSync(path.join(root, 'snippets/python.mdx'), '```python Python SDK\nprint("hi")\n```\n');
    writeFileSync(path.join(root, 'snippets/curl.mdx'), '```bash\ncurl https://example.com\n```\n');
    const cache = createMdxCache();
    body = await renderMdx({ root, file: 'page.mdx', source: PAGE, variables: {}, components, cache });
    rtl = await renderMdx({ root, file: 'ar/page.mdx', source: RTL, variables: {}, components, cache });
    const css = ['base.css', 'layout.css', 'components.css'].map((f) => readFileSync(path.join(REPO, 'src/render/styles', f), 'utf8')).join('\n');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.setContent(
      // After Sheaf's stylesheets, a link rule as a project's own CSS or Tailwind's `prose` writes
      // it: a content link rule loaded later must not reach the card's title link either.
      `<!doctype html><html lang="en"><head><style>${css}</style><style>.sheaf-content a { text-decoration: underline; color: rgb(0, 0, 255); }</style></head><body><main style="max-width:48rem;margin:0 auto;padding:1rem">` +
        `<div class="sheaf-content" id="ltr">${body.html}</div>` +
        `<div class="sheaf-content" id="rtl" dir="rtl" lang="ar">${rtl.html}</div></main></body></html>`,
    );
    mkdirSync(OUT, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const setDark = (dark: boolean) => page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
  const computed = (selector: string, props: readonly string[]) =>
    page.evaluate(
      ({ selector, props }) => {
        const el = document.querySelector(selector);
        if (!el) return null;
        const s = getComputedStyle(el);
        return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
      },
      { selector, props },
    );

  it('renders the whole page despite the stray {ID}: one warning and one substitution, nothing else', () => {
    expect(body.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['mdx/expression-failed', 4, 8],
      // the icon prop's value on the Card line (the first quoted use of the name)
      ['mdx/icon-substituted', 6, 67],
    ]);
    expect(rtl.diagnostics).toEqual([]);
  });

  for (const dark of [false, true]) {
    it(`link card with a JSX title: shown, no underline, the card's colour, not the link colour (${dark ? 'dark' : 'light'})`, async () => {
      await setDark(dark);
      expect(await page.locator('#ltr .sheaf-card-title').innerText()).toBe('Run npx sheaf');
      const title = await computed('#ltr .sheaf-card-link', ['text-decoration-line', 'color', 'font-weight']);
      const card = await computed('#ltr .sheaf-card-title', ['color', 'font-weight']);
      expect(title?.['text-decoration-line']).toBe('none');
      expect(title?.['color']).toBe(card?.['color']);
      expect(title?.['font-weight']).toBe('600');
      // A real link in the card's body stays a body link.
      expect((await computed('#ltr .sheaf-card-content a', ['text-decoration-line']))?.['text-decoration-line']).toBe('underline');
    });
  }

  it('a Pro icon (rocket-launch) draws a free SVG with path data', async () => {
    const icon = page.locator('#ltr .sheaf-card-icon[data-icon-for="rocket-launch"] svg');
    expect(await icon.count()).toBe(1);
    const d = await icon.locator('path').first().getAttribute('d');
    expect((d ?? '').length).toBeGreaterThan(100);
    const box = await icon.boundingBox();
    expect(box !== null && box.width > 10 && box.height > 10).toBe(true);
  });

  it('CodeGroup tabs of imported snippets are titled by the blocks', async () => {
    expect(await page.locator('#ltr .sheaf-code-group .sheaf-tabs-tab').allInnerTexts()).toEqual(['Python SDK', 'bash']);
    expect(await page.locator('#ltr').innerText()).toContain('Before {ID} after.');
  });

  it('right-to-left text keeps code left to right (blocks and inline code)', async () => {
    expect(await computed('#rtl p', ['direction'])).toEqual({ direction: 'rtl' });
    expect(await computed('#rtl p code', ['direction', 'unicode-bidi'])).toEqual({ direction: 'ltr', 'unicode-bidi': 'isolate' });
    expect(await computed('#rtl pre', ['direction', 'text-align'])).toEqual({ direction: 'ltr', 'text-align': 'left' });
    expect(await computed('#ltr pre', ['direction'])).toEqual({ direction: 'ltr' });
  });

  it('screenshots: light and dark, 1440 and 390 px', async () => {
    for (const [width, name] of [
      [1440, 'desktop'],
      [390, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      for (const dark of [false, true]) {
        await setDark(dark);
        const file = path.join(OUT, `${name}-${dark ? 'dark' : 'light'}.png`);
        await page.screenshot({ path: file, fullPage: true });
        expect(readFileSync(file).length).toBeGreaterThan(1000);
      }
    }
    // At 390 px the card still shows its title on one box, not under the icon's width.
    expect((await page.locator('#ltr .sheaf-card').boundingBox())?.width ?? 0).toBeLessThanOrEqual(390);
  });
});
