import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SHOTS } from './browser.js';
import { startSheaf, type SheafServer } from './sheaf-process.js';

/**
 * `sheaf dev` as an author uses it (issue 13): the compiled CLI serving a project from 127.0.0.1,
 * Chromium on its pages, the project's files changed on disk. Each change must show in the open
 * page by itself, without a manual reload.
 */

const OUT = path.join(SHOTS, 'issue13');
const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} of filler text, so the page scrolls.`).join('\n\n');

const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: 'http://127.0.0.1:9' }],
  paths: {
    '/pets': {
      get: { summary: 'List pets', operationId: 'listPets', responses: { '200': { description: 'The pets' } } },
      post: { summary: 'Create a pet', operationId: 'createPet', responses: { '201': { description: 'Created' } } },
    },
  },
};

function docs(pages: string[]) {
  return {
    theme: 'mint',
    name: 'Dev preview',
    colors: { primary: '#16A34A' },
    // Mintlify's default sends a missing page to the home page; here the 404 page shows.
    errors: { '404': { redirect: false } },
    navigation: {
      groups: [
        { group: 'Guides', pages },
        { group: 'API', openapi: 'openapi.json' },
      ],
    },
  };
}

/** Every file of the project but its `.sheaf/` folder. */
function projectFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('.sheaf'))
    .sort();
}

describe('sheaf dev in Chromium', () => {
  let root: string;
  let dev: SheafServer;
  let browser: Browser;
  let blocker: Server;
  let takenPort: number;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    root = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-dev-'));
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs(['index', 'guide']), null, 2));
    mkdirSync(path.join(root, 'snippets'));
    writeFileSync(path.join(root, 'snippets', 'note.mdx'), 'Shared note, first version.\n');
    writeFileSync(path.join(root, 'index.mdx'), `---\ntitle: Home\n---\n\nimport Note from '/snippets/note.mdx';\n\nWelcome home.\n\n<Note />\n`);
    writeFileSync(path.join(root, 'guide.mdx'), `---\ntitle: Guide\n---\n\nimport Note from '/snippets/note.mdx';\n\nGuide text, first version.\n\n<Note />\n\n${paragraphs(60)}\n`);
    writeFileSync(path.join(root, 'openapi.json'), JSON.stringify(OPENAPI, null, 2));
    // A port already taken: the dev server moves to the next one and says so.
    blocker = createServer();
    takenPort = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    dev = await startSheaf(['dev', root, '--port', String(takenPort), '--host', '127.0.0.1'], { cwd: root, ready: /Serving .* at http:/, timeoutMs: 60_000 });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    dev?.kill();
    blocker?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const open = async (route: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(new URL(route, dev.url).href);
    // The dev client is connected once its event stream says hello.
    await page.waitForFunction(() => !!document.querySelector('script[src="/_sheaf/dev/client.js"]'));
    await page.waitForTimeout(300);
    return page;
  };
  const text = (page: Page, t: string) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), t, { timeout: 20_000 });

  it('moves to the next port when the asked one is taken, and says so', () => {
    expect(dev.url).not.toContain(`:${takenPort}/`);
    expect(dev.output().stderr).toContain(`Port ${takenPort} is in use; using ${takenPort + 1}.`);
  });

  it('shows an MDX edit without a reload by hand, keeping the scroll position', async () => {
    const page = await open('/guide/');
    await text(page, 'Guide text, first version.');
    await page.evaluate(() => window.scrollTo(0, 600));
    writeFileSync(path.join(root, 'guide.mdx'), readFileSync(path.join(root, 'guide.mdx'), 'utf8').replace('first version.', 'second version.'));
    await text(page, 'Guide text, second version.');
    await page.waitForFunction(() => Math.abs(window.scrollY - 600) < 5, undefined, { timeout: 5_000 });
    await page.screenshot({ path: path.join(OUT, 'edited-guide.png') });
    await page.close();
  });

  it('updates every page importing a changed snippet', async () => {
    const home = await open('/');
    const guide = await open('/guide/');
    writeFileSync(path.join(root, 'snippets', 'note.mdx'), 'Shared note, edited.\n');
    await Promise.all([text(home, 'Shared note, edited.'), text(guide, 'Shared note, edited.')]);
    await home.close();
    await guide.close();
  });

  it("follows an operation to its new page when its summary changes, and shows the new title", async () => {
    const page = await open('/api-reference/list-pets/');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('List pets'));
    const changed = structuredClone(OPENAPI);
    changed.paths['/pets'].get.summary = 'List all the pets';
    writeFileSync(path.join(root, 'openapi.json'), JSON.stringify(changed, null, 2));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('List all the pets'), undefined, { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/api-reference/list-all-the-pets/');
    await page.close();
  });

  it('shows a page added to docs.json in the sidebar', async () => {
    const page = await open('/guide/');
    writeFileSync(path.join(root, 'added.mdx'), '---\ntitle: Added later\n---\n\nA new page.\n');
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs(['index', 'guide', 'added']), null, 2));
    await page.waitForFunction(() => [...document.querySelectorAll('#sidebar a')].some((a) => a.textContent?.includes('Added later')), undefined, { timeout: 20_000 });
    await page.close();
  });

  it('shows an MDX syntax error in an overlay with its file and line, and takes it away once fixed', async () => {
    const page = await open('/guide/');
    const good = readFileSync(path.join(root, 'guide.mdx'), 'utf8');
    writeFileSync(path.join(root, 'guide.mdx'), good.replace('Guide text, second version.', 'Guide text <Broken attr="x">'));
    const overlay = page.locator('#sheaf-dev-overlay');
    await page.waitForSelector('#sheaf-dev-overlay', { timeout: 20_000 });
    const shown = await page.locator('#sheaf-dev-overlay').innerText();
    expect(shown).toMatch(/guide\.mdx:\d+:\d+/);
    expect(await overlay.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.screenshot({ path: path.join(OUT, 'overlay.png') });
    writeFileSync(path.join(root, 'guide.mdx'), good);
    await text(page, 'Guide text, second version.');
    await page.waitForFunction(() => !document.getElementById('sheaf-dev-overlay'), undefined, { timeout: 20_000 });
    await page.close();
  });

  it('serves the 404 page for a page that was deleted', async () => {
    const page = await open('/added/');
    await text(page, 'A new page.');
    rmSync(path.join(root, 'added.mdx'));
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs(['index', 'guide']), null, 2));
    await page.waitForFunction(() => !document.body.innerText.includes('A new page.'), undefined, { timeout: 20_000 });
    // The file and docs.json may arrive as two changes: the second load of the project drops the page.
    let status = 0;
    for (let tries = 0; tries < 40 && status !== 404; tries++) {
      status = (await page.reload())?.status() ?? 0;
      if (status !== 404) await page.waitForTimeout(250);
    }
    expect(status, dev.output().stderr).toBe(404);
    expect(await page.locator('h1').first().innerText()).toMatch(/not found|404/i);
    await page.close();
  });

  it('stops with exit code 0 on Ctrl+C, having written nothing into the project but .sheaf/', async () => {
    const files = projectFiles(root);
    expect(files).toEqual(['docs.json', 'guide.mdx', 'index.mdx', 'openapi.json', path.join('snippets', 'note.mdx')]);
    const run = await dev.stop('SIGINT');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('SIGINT, stopping');
  });
});
