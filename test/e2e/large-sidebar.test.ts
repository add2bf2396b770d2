import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

const TAGS = 20;
const PER_TAG = 20;

/** A generated project: a Guides group, then an OpenAPI document of 400 operations in 20 tags. */
function writeLargeProject(root: string): void {
  const paths: Record<string, unknown> = {};
  for (let t = 0; t < TAGS; t += 1) {
    for (let i = 0; i < PER_TAG; i += 1) {
      paths[`/tag${t}/items${i}`] = {
        get: { tags: [`Tag ${t}`], summary: `Get item ${i} of tag ${t}`, operationId: `getTag${t}Item${i}`, responses: { '200': { description: 'OK' } } },
      };
    }
  }
  writeFileSync(path.join(root, 'openapi.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1.0.0' }, paths }));
  const docs = {
    theme: 'mint',
    name: 'Large',
    colors: { primary: '#0D9373' },
    navigation: { groups: [{ group: 'Guides', pages: ['index'] }, { group: 'API reference', openapi: 'openapi.json' }] },
  };
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\n\nHello.\n');
}

/** A site whose sidebar is large (400 links): collapsed groups load their lists on demand. */
describe('a large sidebar in Chromium', () => {
  let dir: string;
  let out: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-large-'));
    const project = path.join(dir, 'project');
    out = path.join(dir, 'site');
    mkdirSync(project);
    writeLargeProject(project);
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', out, '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    server = await serveStatic(out, '/docs/');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('expands another group, shows its links and follows one, under a base path', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${server.url}api-reference/tag-3/get-item-5-of-tag-3/`, { waitUntil: 'networkidle' });
    const sidebar = page.locator('#sidebar');
    await expect(sidebar.locator('a[aria-current="page"]').textContent()).resolves.toContain('Get item 5 of tag 3');
    // Only the active group's links are in the page; the others hold a link to their first page.
    await expect(sidebar.locator('a.sheaf-nav-link').count()).resolves.toBe(PER_TAG + (TAGS - 1) + 1);

    const group = sidebar.locator('details[data-sheaf-nav-fragment]', { hasText: 'Tag 11' });
    await group.locator('summary').click();
    await expect(group.getAttribute('open')).resolves.toBe('');
    const links = group.locator('a.sheaf-nav-link');
    await links.nth(PER_TAG - 1).waitFor();
    await expect(links.count()).resolves.toBe(PER_TAG);
    await expect(links.nth(7).getAttribute('href')).resolves.toBe('../../../api-reference/tag-11/get-item-7-of-tag-11/');
    await page.screenshot({ path: path.join(SHOTS, 'large-sidebar-expanded.png') });

    await links.nth(7).click();
    await page.waitForURL(`${server.url}api-reference/tag-11/get-item-7-of-tag-11/`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Get item 7 of tag 11');
    await expect(page.locator('#sidebar a[aria-current="page"]').textContent()).resolves.toContain('Get item 7 of tag 11');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a collapsed section and its groups from the keyboard, focus staying on the summary', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const section = page.locator('details.sheaf-nav-section[data-sheaf-nav-fragment]', { hasText: 'API reference' });
    await section.locator('summary').first().focus();
    await page.keyboard.press('Enter');
    const group = section.locator('details.sheaf-nav-group', { hasText: 'Tag 19' });
    await group.waitFor();
    await expect(section.locator('details.sheaf-nav-group').count()).resolves.toBe(TAGS);
    await expect(page.evaluate(() => document.activeElement?.closest('summary')?.textContent ?? '')).resolves.toContain('API reference');
    await group.locator('summary').focus();
    await page.keyboard.press('Enter');
    await group.locator('a.sheaf-nav-link').nth(PER_TAG - 1).waitFor();
    await expect(group.locator('a.sheaf-nav-link').first().getAttribute('href')).resolves.toBe('api-reference/tag-19/get-item-0-of-tag-19/');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads fragments from file:// too, with links to index.html', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(pathToFileURL(path.join(out, 'api-reference/tag-0/get-item-0-of-tag-0/index.html')).href, { waitUntil: 'load' });
    const group = page.locator('#sidebar details[data-sheaf-nav-fragment]', { hasText: 'Tag 2' }).first();
    await group.locator('summary').click();
    await group.locator('a.sheaf-nav-link').nth(PER_TAG - 1).waitFor();
    await expect(group.locator('a.sheaf-nav-link').nth(3).getAttribute('href')).resolves.toBe('../../../api-reference/tag-2/get-item-3-of-tag-2/index.html');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works inside the mobile menu', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchProblems(page);
    await page.goto(`${server.url}api-reference/tag-3/get-item-5-of-tag-3/`, { waitUntil: 'networkidle' });
    await page.locator('[data-sheaf-menu]').first().click();
    const group = page.locator('#sidebar details[data-sheaf-nav-fragment]', { hasText: 'Tag 4' }).first();
    await group.locator('summary').click();
    await group.locator('a.sheaf-nav-link', { hasText: 'Get item 2 of tag 4' }).click();
    await page.waitForURL(`${server.url}api-reference/tag-4/get-item-2-of-tag-4/`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Get item 2 of tag 4');
    expect(problems).toEqual([]);
    await page.close();
  });
});
