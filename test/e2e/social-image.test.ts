import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

/**
 * Social preview images (docs.json `thumbnails`) as a crawler meets them: the test/fixtures/
 * social-images project built by the CLI twice — dark (as it is), light with
 * `thumbnails.background` — under the site URL of a 127.0.0.1 server with a base path. In
 * Chromium, each page's `og:image` is followed and the image decoded: its size and the colours
 * of its stripe or background are asserted; the images are kept in
 * test-output/screenshots/issue17/social-image/ as Chromium draws them.
 */

const OUT = path.join(SHOTS, 'issue17', 'social-image');
const FIXTURE = path.join(REPO, 'test/fixtures/social-images');
const PAGES = ['', 'quickstart/', 'guides/notes/'] as const;

describe('social preview images in Chromium', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-social-image-'));
    const light = path.join(dir, 'light-project');
    cpSync(FIXTURE, light, { recursive: true });
    const docs = JSON.parse(readFileSync(path.join(light, 'docs.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(light, 'docs.json'), JSON.stringify({ ...docs, thumbnails: { appearance: 'light', background: '/images/og-background.png' } }));
    const sites = path.join(dir, 'sites');
    server = await serveStatic(sites, '/docs/');
    for (const [name, project] of [['dark', FIXTURE], ['light', light]] as const) {
      const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', path.join(sites, name), '--no-cache', '--site-url', `${server.url}${name}/`], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const [appearance, stripe, corner] of [
    ['dark', '#55d799', '#0c0d0f'],
    ['light', '#daf5e3', '#fefefe'],
  ] as const) {
    it(`${appearance}: every page names its image absolutely, and the URL serves a 1200 × 630 PNG`, async () => {
      const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
      const problems = watchProblems(page);
      for (const route of PAGES) {
        await page.goto(`${server.url}${appearance}/${route}`);
        const meta = await page.evaluate(() =>
          Object.fromEntries([...document.querySelectorAll('meta[property^="og:image"], meta[name^="twitter:"]')].map((m) => [m.getAttribute('property') ?? m.getAttribute('name'), m.getAttribute('content')])),
        );
        const file = route === '' ? 'index' : route.slice(0, -1);
        const url = `${server.url}${appearance}/_sheaf/og/${file}.png`;
        expect(meta, route).toEqual({ 'og:image': url, 'og:image:height': '630', 'og:image:width': '1200', 'twitter:card': 'summary_large_image', 'twitter:image': url, 'twitter:image:height': '630', 'twitter:image:width': '1200' });
        // Followed from the page itself, as a crawler resolves it: the image replaces the page's content.
        const drawn = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          document.body.replaceChildren(img);
          document.body.setAttribute('style', 'margin:0');
          const canvas = document.createElement('canvas');
          [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
          const context = canvas.getContext('2d') as CanvasRenderingContext2D;
          context.drawImage(img, 0, 0);
          const hex = (x: number, y: number) => `#${[...context.getImageData(x, y, 1, 1).data.slice(0, 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
          return { width: img.naturalWidth, height: img.naturalHeight, stripe: hex(1100, 4), corner: hex(1190, 620) };
        }, url);
        expect(drawn, url).toEqual({ width: 1200, height: 630, stripe, corner });
        await page.locator('body > img').screenshot({ path: path.join(OUT, `${appearance}-${file.replace(/\//g, '-')}.png`) });
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
