import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { startEchoServer, type Echo } from './echo-server.js';
import { serveSiteWithProxy } from './playground-host.js';
import { serveStatic } from './static-server.js';

/**
 * Try-it on a site built by `sheaf build` (the compiled CLI) from fixtures/playground, whose
 * operation has path, query, header and cookie parameters, a JSON body and bearer auth, and a
 * server `http://127.0.0.1:{port}/v1`. The reader points `port` at an echo server on 127.0.0.1
 * and sends: through the real playground proxy mounted next to the site (allowed to reach
 * 127.0.0.1 here only), and directly from a second build with `api.playground.proxy: false`.
 * The form is in the Try-it dialog, opened from the endpoint line's button (see `openTryIt`).
 * Nothing leaves 127.0.0.1.
 */

const FIXTURE = path.join(REPO, 'fixtures/playground');
const UPDATE_PET = 'api-reference/update-a-pet/';

type Served = { url: string; close: () => Promise<void> };
type EchoServer = Awaited<ReturnType<typeof startEchoServer>>;

function buildSite(root: string, out: string): void {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', root, '-o', out, '--no-cache'], { encoding: 'utf8' });
  expect(r.status, r.stderr + r.stdout).toBe(0);
}

/**
 * Opens the page at `url` (or reloads the current one) and its Try-it dialog from the endpoint
 * line's button, as a reader does: the form is in the dialog, closed until asked for.
 */
async function openTryIt(page: Page, url?: string): Promise<void> {
  if (url === undefined) await page.reload({ waitUntil: 'networkidle' });
  else await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('.sheaf-op-endpoint button[data-pg-open]').click();
  await page.locator('dialog#sheaf-try-it[open]').waitFor();
}

/** A form control by the start of its label (labels also hold type hints and "required"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\b`));

async function waitForAnswer(page: Page): Promise<void> {
  await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
}

/** Fills the update-a-pet form as a reader would (server port, parameters, token, body) and sends it. */
async function fillAndSend(page: Page, port: number, extra: (page: Page) => Promise<void> = async () => undefined): Promise<void> {
  await field(page, 'port').fill(String(port));
  await field(page, 'petId').fill('42');
  await field(page, 'tags').fill('a,b');
  await field(page, 'limit').fill('5');
  await field(page, 'X-Request-Id').fill('req-1');
  await field(page, 'Bearer token').fill('secret-token');
  await field(page, 'JSON body').fill('{"name": "Rex", "tag": "dog"}');
  await extra(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await waitForAnswer(page);
}

async function shownEcho(page: Page): Promise<Echo> {
  return JSON.parse(await page.locator('[data-pg-out-body]').innerText()) as Echo;
}

/** The request as the API received it: path, query, header, auth and body from the form. */
function expectRequestFromForm(echo: Echo): void {
  expect(echo.method).toBe('POST');
  expect(echo.path).toBe('/v1/pets/42');
  expect(echo.query).toEqual({ sort: 'asc', tags: ['a', 'b'], limit: '5' });
  expect(echo.headers['authorization']).toBe('Bearer secret-token');
  expect(echo.headers['x-request-id']).toBe('req-1');
  expect(echo.headers['content-type']).toBe('application/json');
  expect(JSON.parse(echo.body)).toEqual({ name: 'Rex', tag: 'dog' });
}

/** The response as the page shows it: status, time, headers and the pretty-printed body. */
async function expectShownResponse(page: Page): Promise<void> {
  await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
  await expect(page.locator('[data-pg-out-time]').innerText()).resolves.toMatch(/^\d+ ms$/);
  await page.locator('[data-pg-response] summary', { hasText: 'Headers' }).click();
  await expect(page.locator('[data-pg-out-headers]').innerText()).resolves.toMatch(/x-echo\s+yes/);
  // Pretty-printed: one key per line, two-space indent.
  await expect(page.locator('[data-pg-out-body]').innerText()).resolves.toContain('\n  "method": "POST",\n  "path": "/v1/pets/42",\n');
}

/**
 * The page and its playground panel in light and dark (system colour scheme), for a person to
 * look at. The viewport is tall enough for the whole sticky panel, so nothing scrolls under the header.
 */
async function screenshots(browser: Browser, url: string, name: string, act: (page: Page) => Promise<void>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 2400 }, colorScheme: scheme });
    const page = await context.newPage();
    await openTryIt(page, url);
    await act(page);
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(scheme === 'dark');
    await page.locator('.sheaf-playground').screenshot({ path: path.join(SHOTS, `playground-${name}-${scheme}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `playground-${name}-page-${scheme}.png`) });
    await context.close();
  }
}

describe('Try it on a built site, in Chromium', () => {
  let dir: string;
  let proxied: Awaited<ReturnType<typeof serveSiteWithProxy>>;
  let direct: Served;
  let staticOnly: Served;
  let echo: EchoServer;
  let closedEcho: EchoServer;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-playground-e2e-'));
    buildSite(FIXTURE, path.join(dir, 'proxy-site'));
    const directSource = path.join(dir, 'direct-source');
    cpSync(FIXTURE, directSource, { recursive: true });
    const config = JSON.parse(readFileSync(path.join(directSource, 'docs.json'), 'utf8')) as { api: { playground: Record<string, unknown> } };
    config.api.playground['proxy'] = false;
    writeFileSync(path.join(directSource, 'docs.json'), JSON.stringify(config, null, 2));
    buildSite(directSource, path.join(dir, 'direct-site'));

    proxied = await serveSiteWithProxy(path.join(dir, 'proxy-site'), '/docs/', { allowAddresses: ['127.0.0.1/32'], timeoutMs: 10_000 });
    direct = await serveStatic(path.join(dir, 'direct-site'), '/docs/');
    staticOnly = await serveStatic(path.join(dir, 'proxy-site'), '/docs/');
    echo = await startEchoServer({ allowOrigin: [new URL(proxied.url).origin, new URL(direct.url).origin] });
    closedEcho = await startEchoServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([proxied?.close(), direct?.close(), staticOnly?.close(), echo?.close(), closedEcho?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the two builds differ only in where the page sends', () => {
    const spec = (site: string) => readFileSync(path.join(dir, site, UPDATE_PET, 'index.html'), 'utf8').match(/"proxy":(true|false)/)?.[1];
    expect(spec('proxy-site')).toBe('true');
    expect(spec('direct-site')).toBe('false');
  });

  it('through the proxy: posts the documented request to <base>_svc/api/request and shows the answer', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems = watchProblems(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(`${r.method()} ${r.url()}`));
    const before = proxied.proxied.count;
    const received = echo.received.length;
    await openTryIt(page, `${proxied.url}${UPDATE_PET}`);
    await expect(page.locator('[data-pg-nojs]').isHidden()).resolves.toBe(true);
    await expect(page.locator('.sheaf-playground-via').innerText()).resolves.toBe('Sent through this site.');
    await fillAndSend(page, echo.port, (p) => field(p, 'session').fill('abc'));
    await expectShownResponse(page);
    const shown = await shownEcho(page);
    expectRequestFromForm(shown);
    expect(shown.headers['cookie']).toBe('session=abc');
    expect(shown.headers['host']).toBe(`127.0.0.1:${echo.port}`);
    expect(echo.received.slice(received)).toEqual([shown]);
    expect(requested.filter((r) => r.startsWith('POST'))).toEqual([`POST ${proxied.url}_svc/api/request`]);
    expect(requested.some((r) => r.includes(echo.url))).toBe(false);
    expect(proxied.proxied.count).toBe(before + 1);
    expect(problems).toEqual([]);
    await page.close();
    await screenshots(browser, `${proxied.url}${UPDATE_PET}`, 'proxy', (p) => fillAndSend(p, echo.port));
  });

  it('directly (api.playground.proxy false): fetches the API itself, which allows the site by CORS', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems = watchProblems(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(`${r.method()} ${r.url()}`));
    const before = proxied.proxied.count;
    await openTryIt(page, `${direct.url}${UPDATE_PET}`);
    await expect(page.locator('.sheaf-playground-via').innerText()).resolves.toBe('Sent from your browser straight to the API.');
    await fillAndSend(page, echo.port);
    await expectShownResponse(page);
    const shown = await shownEcho(page);
    expectRequestFromForm(shown);
    expect(shown.headers['origin']).toBe(new URL(direct.url).origin);
    expect(requested).toContain(`POST ${echo.url}/v1/pets/42?sort=asc&tags=a&tags=b&limit=5`);
    expect(requested.some((r) => r.includes('_svc/api/request'))).toBe(false);
    expect(proxied.proxied.count).toBe(before);
    expect(problems).toEqual([]);
    await page.close();
    await screenshots(browser, `${direct.url}${UPDATE_PET}`, 'direct', (p) => fillAndSend(p, echo.port));
  });

  it('directly, to an API without CORS headers: explains in plain words that the browser blocked it', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openTryIt(page, `${direct.url}${UPDATE_PET}`);
    await fillAndSend(page, closedEcho.port);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('Error');
    await expect(page.locator('[data-pg-out-message]').innerText()).resolves.toBe(
      `The browser blocked the request: the API at ${closedEcho.url} does not allow requests from this site (CORS). Ask the API owner to allow this origin, or use the proxy. (A server that is down or unreachable is reported the same way.)`,
    );
    // The preflight was refused, so the request itself never reached the API.
    expect(closedEcho.received).toEqual([]);
    await page.close();
    await screenshots(browser, `${direct.url}${UPDATE_PET}`, 'cors-error', (p) => fillAndSend(p, closedEcho.port));
  });

  it('through the proxy, to an API that is down: shows the proxy’s reason and code', async () => {
    const down = await startEchoServer();
    await down.close();
    const page = await browser.newPage();
    await openTryIt(page, `${proxied.url}${UPDATE_PET}`);
    await fillAndSend(page, down.port);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('Error');
    await expect(page.locator('[data-pg-out-message]').innerText()).resolves.toBe(
      `The playground proxy could not complete the request: The API at ${down.url} could not be reached: connect ECONNREFUSED 127.0.0.1:${down.port}. (proxy/upstream-failed)`,
    );
    await page.close();
  });

  it('proxy on, but the host serves files only: says so instead of failing silently', async () => {
    const page = await browser.newPage();
    await openTryIt(page, `${staticOnly.url}${UPDATE_PET}`);
    await fillAndSend(page, echo.port);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('Error');
    await expect(page.locator('[data-pg-out-message]').innerText()).resolves.toBe(
      `This site did not answer the playground request (POST ${staticOnly.url}_svc/api/request gave 404 Not Found). Sending needs a host that runs the playground proxy, such as sheaf host.`,
    );
    await page.close();
  });

  it('multipart through the proxy: a text field and a file reach the API', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await openTryIt(page, `${proxied.url}api-reference/upload-a-photo/`);
    await field(page, 'port').fill(String(echo.port));
    await field(page, 'petId').fill('7');
    await field(page, 'Bearer token').fill('secret-token');
    await field(page, 'title').fill('holiday');
    await field(page, 'file').setInputFiles({ name: 'hello.png', mimeType: 'image/png', buffer: Buffer.from('hello file') });
    await page.getByRole('button', { name: 'Send' }).click();
    await waitForAnswer(page);
    const shown = await shownEcho(page);
    expect(shown.path).toBe('/v1/pets/7/photos');
    expect(shown.headers['authorization']).toBe('Bearer secret-token');
    expect(shown.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(shown.body).toMatch(/name="title"\r\n\r\nholiday\r\n/);
    expect(shown.body).toMatch(/name="file"; filename="hello.png"\r\nContent-Type: image\/png\r\n\r\nhello file\r\n/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a raw binary body, directly and through the proxy: the file is the body', async () => {
    for (const site of [direct.url, proxied.url]) {
      const page = await browser.newPage();
      const problems = watchProblems(page);
      await openTryIt(page, `${site}api-reference/store-a-file/`);
      await field(page, 'port').fill(String(echo.port));
      await field(page, 'name').fill('notes v1.txt');
      await field(page, 'File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('raw bytes') });
      await page.getByRole('button', { name: 'Send' }).click();
      await waitForAnswer(page);
      const shown = await shownEcho(page);
      expect(shown.method).toBe('PUT');
      expect(shown.path).toBe('/v1/files/notes%20v1.txt');
      expect(shown.headers['content-type']).toBe('application/octet-stream');
      expect(shown.body).toBe('raw bytes');
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('remembers the token in this browser across reloads and pages, and forgets it on request', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await openTryIt(page, `${proxied.url}${UPDATE_PET}`);
    await field(page, 'Bearer token').fill('kept-token');
    await openTryIt(page);
    await expect(field(page, 'Bearer token').inputValue()).resolves.toBe('kept-token');
    await openTryIt(page, `${proxied.url}api-reference/store-a-file/`);
    await expect(field(page, 'Bearer token').inputValue()).resolves.toBe('kept-token');
    await page.getByRole('button', { name: 'Forget' }).click();
    await expect(field(page, 'Bearer token').inputValue()).resolves.toBe('');
    await openTryIt(page);
    await expect(field(page, 'Bearer token').inputValue()).resolves.toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends from the keyboard (Enter in a field)', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await openTryIt(page, `${proxied.url}${UPDATE_PET}`);
    await field(page, 'port').fill(String(echo.port));
    await field(page, 'petId').fill('7');
    await field(page, 'limit').fill('1');
    await field(page, 'limit').press('Enter');
    await waitForAnswer(page);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    expect((await shownEcho(page)).path).toBe('/v1/pets/7');
    expect(problems).toEqual([]);
    await page.close();
  });
});
