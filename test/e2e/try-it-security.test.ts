import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../write-files.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { startEchoServer } from './echo-server.js';
import { serveSiteWithProxy } from './playground-host.js';

/**
 * Issue 15, items 3, 4 and 7 in Chromium. A project written here is built by the compiled CLI and
 * served with the real playground proxy, allowed to reach 127.0.0.1 only; the API is the echo
 * server on 127.0.0.1. Try-it offers the operation's security alternatives (a combined one,
 * a single one, None) and sends exactly the chosen one; the page shows the alternatives, "No
 * authentication" for `security: []`, externalDocs, a webhook's summary; media-type tab labels
 * are never cut, at 1440 and 390 px. Nothing leaves 127.0.0.1.
 */

const SHOT_DIR = path.join(SHOTS, 'issue15', 'details');
const THINGS = 'api-reference/list-things/';
const PUBLIC = 'api-reference/public-status/';
const REPORTS = 'api-reference/create-a-report/';
const WEBHOOK = 'api-reference/newthing/';

function openapi(port: number): string {
  return `openapi: 3.1.0
info: { title: Things API, version: 1.0.0 }
servers:
  - url: http://127.0.0.1:${port}/v1
security:
  - bearer: []
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    headerKey: { type: apiKey, in: header, name: X-API-Key }
    queryKey: { type: apiKey, in: query, name: api_key }
paths:
  /things:
    get:
      summary: List things
      description: Lists every thing you can see.
      externalDocs: { url: 'https://docs.example.com/guides/things', description: The things guide }
      security:
        - headerKey: []
          bearer: []
        - queryKey: []
        - {}
      responses:
        '200': { description: The things }
  /status:
    get:
      summary: Public status
      security: []
      responses:
        '200': { description: OK }
  /reports:
    post:
      summary: Create a report
      requestBody:
        content:
          application/vnd.github.v3+json:
            schema: { type: object, properties: { title: { type: string } } }
          application/vnd.example.report-definition.v2+json; charset=utf-8:
            schema: { type: object, properties: { definition: { type: string } } }
          text/plain:
            schema: { type: string }
      responses:
        '201':
          description: Created
          content:
            application/vnd.github.v3.full+json:
              schema: { type: object, properties: { id: { type: string } } }
            application/problem+json:
              schema: { type: object, properties: { detail: { type: string } } }
            application/x-ndjson:
              schema: { type: string }
webhooks:
  newThing:
    post:
      summary: A new thing was made
      description: Sent when a thing is made.
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { id: { type: string } } }
      responses:
        '200': { description: Acknowledged }
`;
}

const DOCS = {
  name: 'Things',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: {
    groups: [
      { group: 'Start', pages: ['index'] },
      { group: 'API', openapi: 'openapi.yaml', pages: ['GET /things', 'GET /status', 'POST /reports', 'webhook newThing'] },
    ],
  },
  api: { playground: { display: 'interactive', proxy: true }, examples: { languages: ['curl'] } },
};

async function openTryIt(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('.sheaf-op-endpoint button[data-pg-open]').click();
  await page.locator('dialog#sheaf-try-it[open]').waitFor();
}

async function send(page: Page): Promise<void> {
  const status = page.locator('[data-pg-out-status]');
  const before = await status.innerText();
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForFunction((previous) => {
    const el = document.querySelector('[data-pg-out-status]');
    return el !== null && el.textContent !== '' && (el.textContent !== previous || document.querySelector('form[aria-busy]') === null);
  }, before);
  await page.locator('form[data-sheaf-playground]:not([aria-busy])').waitFor();
}

describe('Try-it security alternatives and API page details (Chromium)', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof serveSiteWithProxy>>;
  let api: Awaited<ReturnType<typeof startEchoServer>>;
  let browser: Browser;

  beforeAll(async () => {
    api = await startEchoServer();
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-try-it-security-'));
    const project = await writeFiles(path.join(dir, 'project'), {
      'docs.json': JSON.stringify(DOCS, null, 2),
      'index.mdx': '---\ntitle: Things\n---\n\nTry the things API.\n',
      'openapi.yaml': openapi(api.port),
    });
    const built = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', path.join(dir, 'site'), '--no-cache'], { encoding: 'utf8' });
    expect(built.status, built.stderr + built.stdout).toBe(0);
    site = await serveSiteWithProxy(path.join(dir, 'site'), '/docs/', { allowAddresses: ['127.0.0.1/32'], timeoutMs: 10_000 });
    browser = await launchChromium();
    mkdirSync(SHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), api?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The auth-related parts of what the echo server received last: the query and the credential headers. */
  const lastAuth = () => {
    const last = api.received[api.received.length - 1];
    if (!last) return 'nothing received';
    const headers = Object.fromEntries(Object.entries(last.headers).filter(([name]) => ['authorization', 'x-api-key', 'cookie'].includes(name)));
    return { path: last.path, query: last.query, headers };
  };

  it('the page shows the alternatives as tabs, externalDocs as a link; security: [] says No authentication; a webhook shows its summary', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(page);
    await page.goto(`${site.url}${THINGS}`, { waitUntil: 'networkidle' });
    const auth = page.locator('section[data-part=authorization]');
    await expect(auth.locator('[role=tab]').allInnerTexts()).resolves.toEqual(['headerKey + bearer', 'queryKey', 'None']);
    await expect(auth.locator('.sheaf-op-note').first().innerText()).resolves.toBe('Authentication is optional. Any one of:');
    await auth.getByRole('tab', { name: 'None' }).click();
    await expect(auth.locator('.sheaf-tab:not([hidden])').innerText()).resolves.toBe('No authentication.');
    const link = page.locator('.sheaf-op-external-docs a');
    await expect(link.count()).resolves.toBe(1);
    await expect(link.getAttribute('href')).resolves.toBe('https://docs.example.com/guides/things');
    await expect(link.innerText()).resolves.toBe('The things guide');
    // Near the description: the next element after it.
    await expect(page.locator('.sheaf-op-description + .sheaf-op-external-docs').count()).resolves.toBe(1);

    await page.goto(`${site.url}${PUBLIC}`, { waitUntil: 'networkidle' });
    await expect(page.locator('section[data-part=authorization]').innerText()).resolves.toMatch(/^Authorization\s*#?\s*No authentication\.$/);
    await expect(page.locator('[data-pg-auth-group]').count()).resolves.toBe(0);

    await page.goto(`${site.url}${WEBHOOK}`, { waitUntil: 'networkidle' });
    await expect(page.locator('h1').innerText()).resolves.toBe('Newthing');
    await expect(page.locator('.sheaf-op-summary').innerText()).resolves.toBe('A new thing was made');
    await expect(page.locator('.sheaf-op-summary + .sheaf-op-description').innerText()).resolves.toBe('Sent when a thing is made.');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Try-it sends exactly the chosen alternative: the combined one, the second, then None', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(page);
    await openTryIt(page, `${site.url}${THINGS}`);
    const select = page.getByLabel('Authentication');
    await expect(select.locator('option').allInnerTexts()).resolves.toEqual(['headerKey + bearer', 'queryKey', 'None']);
    await page.getByLabel(/^X-API-Key/).fill('hk-1');
    await page.getByLabel(/^Bearer token/).fill('tok-1');
    await send(page);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    expect(lastAuth()).toEqual({ path: '/v1/things', query: {}, headers: { 'x-api-key': 'hk-1', authorization: 'Bearer tok-1' } });

    await select.selectOption({ label: 'queryKey' });
    await expect(page.getByLabel(/^X-API-Key/).isVisible()).resolves.toBe(false);
    await expect(page.getByLabel(/^Bearer token/).isVisible()).resolves.toBe(false);
    await page.getByLabel(/^api_key/).fill('q k&1');
    await send(page);
    expect(lastAuth()).toEqual({ path: '/v1/things', query: { api_key: 'q k&1' }, headers: {} });

    await select.selectOption({ label: 'None' });
    await expect(page.locator('[data-pg-auth-none]').innerText()).resolves.toBe('No authentication: the request is sent without credentials.');
    await expect(page.getByLabel(/^api_key/).isVisible()).resolves.toBe(false);
    await send(page);
    expect(lastAuth()).toEqual({ path: '/v1/things', query: {}, headers: {} });

    // Back to the combined alternative: what was typed is still there and sent again.
    await select.selectOption({ label: 'headerKey + bearer' });
    await send(page);
    expect(lastAuth()).toEqual({ path: '/v1/things', query: {}, headers: { 'x-api-key': 'hk-1', authorization: 'Bearer tok-1' } });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('media-type tab labels are never cut, at 1440 and 390 px', async () => {
    for (const width of [1440, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 1000 } });
      await page.goto(`${site.url}${REPORTS}`, { waitUntil: 'networkidle' });
      const tabs = await page.locator('.sheaf-op-content-types [role=tab]').evaluateAll((buttons) =>
        buttons.map((button) => {
          const list = button.closest('.sheaf-tabs-list') as HTMLElement;
          const b = button.getBoundingClientRect();
          const l = list.getBoundingClientRect();
          const label = button.querySelector('span') as HTMLElement;
          return {
            title: button.getAttribute('data-tab-title'),
            text: (button as HTMLElement).innerText.replace(/\s+/g, ''),
            // The label fits its button, the button its list, the list does not scroll.
            fits: label.scrollWidth <= label.clientWidth + 0 && button.scrollWidth <= button.clientWidth && b.left >= l.left - 0.5 && b.right <= l.right + 0.5 && list.scrollWidth <= list.clientWidth,
            inViewport: b.left >= 0 && b.right <= window.innerWidth,
          };
        }),
      );
      expect(tabs.map((t) => t.title)).toEqual([
        'application/vnd.github.v3+json',
        'application/vnd.example.report-definition.v2+json; charset=utf-8',
        'text/plain',
        'application/vnd.github.v3.full+json',
        'application/problem+json',
        'application/x-ndjson',
      ]);
      expect(tabs.map((t) => [t.title, t.text === (t.title ?? '').replace(/\s+/g, ''), t.fits, t.inViewport])).toEqual(tabs.map((t) => [t.title, true, true, true]));
      await page.close();
    }
  });

  it('screenshots, light and dark, 1440 and 390 px wide', async () => {
    for (const width of [1440, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: { width, height: 1000 }, colorScheme: scheme });
        const page = await context.newPage();
        for (const [route, name] of [[THINGS, 'alternatives'], [PUBLIC, 'no-auth'], [REPORTS, 'media-tabs'], [WEBHOOK, 'webhook']] as const) {
          await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle' });
          const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
          expect(dark).toBe(scheme === 'dark');
          await page.screenshot({ path: path.join(SHOT_DIR, `${name}-${width}-${scheme}.png`), fullPage: true });
        }
        await openTryIt(page, `${site.url}${THINGS}`);
        await page.getByLabel('Authentication').selectOption({ label: 'queryKey' });
        await expect(page.getByLabel(/^api_key/).isVisible()).resolves.toBe(true);
        await page.locator('dialog#sheaf-try-it').screenshot({ path: path.join(SHOT_DIR, `try-it-${width}-${scheme}.png`) });
        await context.close();
      }
    }
  });
});
