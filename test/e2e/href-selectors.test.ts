import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../write-files.js';
import { launchChromium, REPO, SHOTS } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * A project's CSS selecting Mintlify's root-absolute hrefs applies to Sheaf's relative links.
 * langgenius__dify-docs' own style.css (read from ../shared/corpus at run time, never copied into
 * the repository) hides its landing pages' sidebar entries with `#sidebar-content
 * a[href="/en/home"]` and `#sidebar-content *:has(> a[href="/en/home"])`. Its real site lists
 * them with `hidden: true`, which Sheaf's sidebar leaves out anyway; here they are listed
 * visibly, so the rules have something to hide. A second file checks the other operators and
 * that the widened selectors keep their specificity. The site is built with the compiled CLI,
 * served under /docs/ on 127.0.0.1 and opened in Chromium; computed styles are asserted.
 */

const DIFY_CSS = path.resolve(REPO, '../shared/corpus/mintlify/langgenius__dify-docs/style.css');
const SHOT_DIR = path.join(SHOTS, 'issue11', 'href-selectors');

const EXTRA_CSS = `
/* Equal specificity (1,1,1) in both orders: the later rule wins each time. */
#sidebar-content a[href="/en/guide"] { text-transform: uppercase; }
#sidebar-content a.sheaf-nav-link { text-transform: lowercase; }
#sidebar-content a.sheaf-nav-link { font-variant-caps: small-caps; }
#sidebar-content a[href="/en/guide"] { font-variant-caps: normal; }
#sidebar-content a[href$="guide-two"] { letter-spacing: 3px; }
#sidebar-content a[href^="/zh/"] { font-style: italic; }
`;

const page = (title: string) => `---\ntitle: ${title}\n---\n\n${title} text.\n`;
const DOCS = {
  name: 'Hrefs',
  theme: 'mint',
  colors: { primary: '#0060FF' },
  navbar: { links: [{ label: 'Home', href: '/en/home' }] },
  navigation: {
    groups: [
      { group: 'English', pages: ['en/home', 'en/guide', 'en/guide-two'] },
      { group: 'Chinese', pages: ['zh/home', 'zh/guide'] },
      { group: 'Japanese', pages: ['ja/home', 'ja/guide'] },
    ],
  },
};

/** `prop` of the computed style of each element matching `selector`, in document order. */
const styles = (p: Page, selector: string, prop: string): Promise<string[]> =>
  p.evaluate(([s, k]) => [...document.querySelectorAll(s as string)].map((e) => getComputedStyle(e).getPropertyValue(k as string)), [selector, prop]);

describe('project CSS on Mintlify’s root-absolute hrefs (dify’s style.css)', () => {
  let root: string;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-hrefs-'));
    const files = Object.fromEntries(DOCS.navigation.groups.flatMap((g) => g.pages).map((p) => [`${p}.mdx`, page(p)]));
    await writeFiles(path.join(root, 'project'), { 'docs.json': JSON.stringify(DOCS, null, 2), 'style.css': readFileSync(DIFY_CSS, 'utf8'), 'extra.css': EXTRA_CSS, ...files });
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', path.join(root, 'project'), '-o', path.join(root, 'out'), '--no-cache'], { encoding: 'utf8' });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    site = await serveStatic(path.join(root, 'out'), '/docs/');
    browser = await launchChromium();
    mkdirSync(SHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('hides the /en/home, /zh/home and /ja/home sidebar entries and their <li>, nothing else; the same rules as written would match nothing', async () => {
    const p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await p.goto(`${site.url}en/guide/`, { waitUntil: 'load' });
    // Sheaf's hrefs are relative; Mintlify's form rides along as data-href, without the /docs/ base.
    await expect(p.evaluate(() => [...document.querySelectorAll('#sidebar-content .sheaf-nav-link')].map((a) => `${a.getAttribute('href')} ${a.getAttribute('data-href')}`))).resolves.toEqual([
      '../../en/home/ /en/home',
      '../../en/guide/ /en/guide',
      '../../en/guide-two/ /en/guide-two',
      '../../zh/home/ /zh/home',
      '../../zh/guide/ /zh/guide',
      '../../ja/home/ /ja/home',
      '../../ja/guide/ /ja/guide',
    ]);
    await expect(p.evaluate(() => document.querySelectorAll('#sidebar-content a[href="/en/home"]').length)).resolves.toBe(0);
    await expect(styles(p, '#sidebar-content .sheaf-nav-link', 'display')).resolves.toEqual(['none', 'flex', 'flex', 'none', 'flex', 'none', 'flex']);
    await expect(styles(p, '#sidebar-content li:has(> .sheaf-nav-link)', 'display')).resolves.toEqual(['none', 'list-item', 'list-item', 'none', 'list-item', 'none', 'list-item']);
    // Scoped to the sidebar, as written: the navbar's link to /en/home stays.
    await expect(styles(p, '#navbar a[data-href="/en/home"]', 'display')).resolves.toEqual(['inline-flex']);
    await p.screenshot({ path: path.join(SHOT_DIR, 'desktop-light.png') });
    await p.close();
  });

  it('applies ^=, $= and = with their specificity unchanged (the later of two equal rules wins)', async () => {
    const p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await p.goto(`${site.url}en/guide/`, { waitUntil: 'load' });
    const links = '#sidebar-content .sheaf-nav-link';
    await expect(styles(p, links, 'text-transform')).resolves.toEqual(Array(7).fill('lowercase'));
    await expect(styles(p, links, 'font-variant-caps')).resolves.toEqual(['small-caps', 'normal', 'small-caps', 'small-caps', 'small-caps', 'small-caps', 'small-caps']);
    await expect(styles(p, links, 'letter-spacing')).resolves.toEqual(['normal', 'normal', '3px', 'normal', 'normal', 'normal', 'normal']);
    await expect(styles(p, links, 'font-style')).resolves.toEqual(['normal', 'normal', 'normal', 'italic', 'italic', 'normal', 'normal']);
    await p.close();
  });

  it('hides them on a phone and in dark mode too (screenshots with the menu open)', async () => {
    for (const [name, viewport, colorScheme] of [
      ['desktop-dark', { width: 1440, height: 900 }, 'dark'],
      ['phone-light', { width: 390, height: 844 }, 'light'],
      ['phone-dark', { width: 390, height: 844 }, 'dark'],
    ] as const) {
      const p = await browser.newPage({ viewport, colorScheme });
      await p.goto(`${site.url}zh/guide/`, { waitUntil: 'load' });
      await expect(p.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(colorScheme === 'dark');
      if (viewport.width < 1024) {
        await p.locator('[data-sheaf-menu]').first().click();
        // The menu slides in: wait until it is all in view.
        await p.waitForFunction(() => document.querySelector('#sidebar')!.getBoundingClientRect().left >= 0, undefined, { timeout: 5_000 });
      }
      await expect(styles(p, '#sidebar-content .sheaf-nav-link', 'display')).resolves.toEqual(['none', 'flex', 'flex', 'none', 'flex', 'none', 'flex']);
      await expect(p.locator('#sidebar-content a[data-href="/zh/guide"]').isVisible()).resolves.toBe(true);
      await p.screenshot({ path: path.join(SHOT_DIR, `${name}.png`) });
      await p.close();
    }
  });
});
