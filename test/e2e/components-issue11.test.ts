import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../src/render/components/index.js';
import { createMdxCache, renderMdx } from '../../src/render/mdx/index.js';
import type { RenderedBody } from '../../src/model/render.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

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

/**
 * Mintlify's documented class names in a built site (gaps 3 and 4 of the issue-11 review): a small
 * project built with the compiled CLI (no network), served on 127.0.0.1. Its `style.css` holds
 * Mintlify's own example, `.code-block-copy-button { display: none; }`, which must hide every copy
 * button of code blocks and code groups. Its home page has a HeroCard written as mintlify__docs'
 * home writes it (a raw `<a className="group cursor-pointer pb-8">`): no underline, the text's
 * colour, while Markdown's links (`a.link`) and a bare `<a href>` keep the link typography, light
 * and dark. Screenshots, light and dark at 1440 and 390 px: test-output/screenshots/issue11/components/.
 */
const CLASSES_HOME = `---
title: Components
---

export const HeroCard = ({ title, description, href, id }) => (
  <a className="group cursor-pointer pb-8" href={href} id={id}>
    <h3 className="mt-5 text-gray-900 dark:text-zinc-50 font-medium" id={id + '-title'}>{title}</h3>
    <span className="mt-1.5" id={id + '-description'}>{description}</span>
  </a>
);

<div className="grid sm:grid-cols-2 gap-x-6 gap-y-4">
  <HeroCard title="Quickstart" description="Deploy your first docs site in minutes" href="/guide" id="hero-card" />
  <HeroCard title="CLI installation" description="Install the CLI to preview your docs" href="/guide" id="hero-card-2" />
</div>

Read [the guide](/guide) or <a href="/guide" id="bare">this page</a>.

<Note>A note with a [link](/guide).</Note>

<Columns cols={2}>
  <Card title="Card" href="/guide" icon="rocket">A linked card.</Card>
  <Card title="Other">A plain card.</Card>
</Columns>

<Steps>
  <Step title="Install">Run it.</Step>
  <Step title="Build">Build it.</Step>
</Steps>

<Tabs>
  <Tab title="npm" icon="leaf">npm i</Tab>
  <Tab title="pnpm">pnpm add</Tab>
</Tabs>

<Accordion title="More">Hidden text.</Accordion>

\`\`\`bash install.sh
npm i -g sheaf
\`\`\`

<CodeGroup>
\`\`\`js a.js
a()
\`\`\`
\`\`\`py b.py
b()
\`\`\`
</CodeGroup>
`;

describe('Mintlify’s classes in a built site', () => {
  const out = path.join(SHOTS, 'issue11', 'components');
  let tmp: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-classes-'));
    const root = path.join(tmp, 'project');
    mkdirSync(root);
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({ theme: 'mint', name: 'Classes', colors: { primary: '#166E3F', light: '#26BD6C', dark: '#166E3F' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } }),
    );
    writeFileSync(path.join(root, 'index.mdx'), CLASSES_HOME);
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nText.\n');
    // Mintlify's documented example, verbatim (customize/custom-scripts.mdx).
    writeFileSync(path.join(root, 'style.css'), '.code-block-copy-button { display: none; }\n');
    const site = path.join(tmp, 'site');
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', root, '-o', site, '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    server = await serveStatic(site, '/');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    expect(problems).toEqual([]);
    // Colour transitions off: each read is the settled value right after switching the theme.
    await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important}' });
    mkdirSync(out, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const setDark = (dark: boolean) => page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
  const style = (selector: string, props: readonly string[]) =>
    page.evaluate(
      ({ selector, props }) => {
        const s = getComputedStyle(document.querySelector(selector) as Element);
        return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
      },
      { selector, props },
    );
  /** The colour `var(--sheaf-accent)` computes to in the page body now (light or dark). */
  const accent = () =>
    page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--sheaf-accent)';
      document.querySelector('.sheaf-content')?.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
  /** Each copy button: its classes, whether its own display is `none`, and whether it is drawn at all. */
  const displays = () =>
    page.locator('.copy-button').evaluateAll((els) => els.map((e) => `${e.className}: ${getComputedStyle(e).display === 'none' ? 'display none' : 'displayed'}, ${e.checkVisibility() ? 'shown' : 'not shown'}`));

  it('puts the documented classes on the components of the page', async () => {
    const counts = await page.evaluate(() =>
      Object.fromEntries(
        ['callout', 'card', 'columns', 'steps', 'step', 'tabs', 'tab-icon', 'accordion', 'code-block', 'code-group', 'code-block-copy-button', 'link'].map((c) => [
          c,
          document.querySelectorAll(`.sheaf-content .${c}`).length,
        ]),
      ),
    );
    expect(counts).toEqual({
      callout: 1,
      card: 2,
      columns: 1,
      steps: 1,
      step: 2,
      tabs: 1,
      'tab-icon': 2,
      accordion: 1,
      'code-block': 3,
      'code-group': 1,
      'code-block-copy-button': 4,
      link: 2,
    });
  });

  it('.code-block-copy-button { display: none; } in the project’s CSS hides every copy button', async () => {
    expect(await displays()).toEqual(Array(4).fill('copy-button code-block-copy-button: display none, not shown'));
    // Control: without the project's rule (taken out of the site's stylesheet, where Sheaf
    // bundles project CSS after its own), the block's button and the code group's show; the
    // group's inner blocks keep their headers hidden by Sheaf once the group is enhanced.
    const removed = await page.evaluate(() => {
      for (const sheet of Array.from(document.styleSheets)) {
        const rules = Array.from(sheet.cssRules);
        const i = rules.findIndex((r) => r instanceof CSSStyleRule && r.selectorText === '.code-block-copy-button');
        if (i >= 0) {
          sheet.deleteRule(i);
          return sheet.href?.replace(/^.*\//, '') ?? null;
        }
      }
      return null;
    });
    expect(removed).toMatch(/^sheaf\.[0-9a-f]{10}\.css$/);
    expect(await displays()).toEqual([
      'copy-button code-block-copy-button: displayed, shown',
      'copy-button code-block-copy-button: displayed, shown',
      'copy-button code-block-copy-button: displayed, not shown',
      'copy-button code-block-copy-button: displayed, not shown',
    ]);
    await page.evaluate(() => {
      const sheet = Array.from(document.styleSheets).find((s) => s.href?.includes('/_sheaf/sheaf.'));
      sheet?.insertRule('.code-block-copy-button { display: none; }', sheet.cssRules.length);
    });
    expect(await displays()).toEqual(Array(4).fill('copy-button code-block-copy-button: display none, not shown'));
  });

  for (const dark of [false, true]) {
    it(`an author’s own <a className> card: no underline, the text’s colour; Markdown and bare links keep the link look (${dark ? 'dark' : 'light'})`, async () => {
      await setDark(dark);
      const text = (await style('.sheaf-content', ['color'])).color;
      const link = await accent();
      expect(text).not.toBe(link);
      expect(await style('#hero-card', ['text-decoration-line', 'color', 'font-weight'])).toEqual({ 'text-decoration-line': 'none', color: text, 'font-weight': '400' });
      expect(await style('#hero-card-description', ['text-decoration-line', 'color'])).toEqual({ 'text-decoration-line': 'none', color: text });
      // The title's own classes: gray-900 in light, zinc-50 in dark.
      expect((await style('#hero-card-title', ['color'])).color).toBe(dark ? 'rgb(250, 250, 250)' : 'rgb(17, 24, 39)');
      for (const selector of ['.sheaf-content > p > a.link', '#bare']) {
        expect(await style(selector, ['text-decoration-line', 'color', 'font-weight'])).toEqual({ 'text-decoration-line': 'underline', color: link, 'font-weight': '500' });
      }
      // A Markdown link in a callout: underlined too (its colour is the callout's).
      expect((await style('.callout a.link', ['text-decoration-line']))['text-decoration-line']).toBe('underline');
    });
  }

  it('screenshots: light and dark, 1440 and 390 px', async () => {
    for (const [width, name] of [
      [1440, 'desktop'],
      [390, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      for (const dark of [false, true]) {
        await setDark(dark);
        const file = path.join(out, `${name}-${dark ? 'dark' : 'light'}.png`);
        await page.screenshot({ path: file, fullPage: true });
        expect(readFileSync(file).length).toBeGreaterThan(1000);
      }
    }
    await setDark(false);
  });
});
