import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationModel } from '../../src/render/operation/model.js';
import { renderPlayground } from '../../src/render/operation/playground/index.js';
import { bearerJson, binaryBody, document as fixtureDocument, multipartBody } from '../render/operation/playground/fixtures.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { startEchoServer, type Echo } from './echo-server.js';
import { serveStatic } from './static-server.js';
import { mountTestProxy } from './test-proxy.js';

/**
 * The playground in Chromium: its panel rendered for an operation with path, query, header and
 * cookie parameters, a JSON body and bearer auth, in a minimal page served under /docs/ on
 * 127.0.0.1, sending to echo servers on 127.0.0.1, directly and through a test proxy at
 * /docs/_svc/api/request. Nothing leaves 127.0.0.1.
 */

const ASSETS = ['src/render/styles/base.css', 'src/render/styles/layout.css', 'src/render/styles/components.css', 'src/render/styles/playground.css', 'src/client/playground.js'];

function pageHtml(model: OperationModel, proxy: boolean): string {
  const panel = renderPlayground({ model, document: fixtureDocument, display: 'interactive', proxy, credentials: false, prefill: false });
  const css = ASSETS.filter((a) => a.endsWith('.css')).map((a) => `<link rel="stylesheet" href="../assets/${path.basename(a)}">`);
  return [
    '<!doctype html>',
    '<html lang="en" data-base="../">',
    `<head><meta charset="utf-8"><title>Playground</title><link rel="icon" href="data:,">${css.join('')}</head>`,
    '<body><main style="max-width:30rem;margin:1.5rem auto">',
    `<div class="sheaf-aside" data-aside="playground">${panel}</div>`,
    '</main><script src="../assets/playground.js" defer></script></body></html>',
  ].join('\n');
}

const withServer = (url: string, model: OperationModel = bearerJson): OperationModel => ({ ...model, servers: [{ url: `${url}/v1`, variables: {} }] });

/** A form control by the start of its label (labels also hold type hints and "required"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\b`));

/** Fills the form as a reader would and sends it. */
async function fillAndSend(page: Page, extra: (page: Page) => Promise<void> = async () => undefined): Promise<void> {
  await field(page, 'petId').fill('42');
  await field(page, 'tags').fill('a,b');
  await field(page, 'limit').fill('5');
  await field(page, 'X-Request-Id').fill('req-1');
  await field(page, 'Bearer token').fill('secret-token');
  await field(page, 'JSON body').fill('{"name": "Rex", "tag": "dog"}');
  await extra(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
}

async function shownEcho(page: Page): Promise<Echo> {
  return JSON.parse(await page.locator('[data-pg-out-body]').innerText()) as Echo;
}

function expectEchoed(echo: Echo): void {
  expect(echo.method).toBe('POST');
  expect(echo.path).toBe('/v1/pets/42');
  expect(echo.query).toEqual({ sort: 'asc', tags: ['a', 'b'], limit: '5' });
  expect(echo.headers['authorization']).toBe('Bearer secret-token');
  expect(echo.headers['x-request-id']).toBe('req-1');
  expect(echo.headers['content-type']).toBe('application/json');
  expect(JSON.parse(echo.body)).toEqual({ name: 'Rex', tag: 'dog' });
}

describe('the playground in Chromium', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let closedEcho: Awaited<ReturnType<typeof startEchoServer>>;
  let proxy: { requests: number };
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-playground-e2e-'));
    site = await serveStatic(dir, '/docs/');
    proxy = mountTestProxy(site.server, '/docs/_svc/api/request');
    const origin = new URL(site.url).origin;
    echo = await startEchoServer({ allowOrigin: origin });
    closedEcho = await startEchoServer();
    mkdirSync(path.join(dir, 'assets'));
    for (const asset of ASSETS) copyFileSync(path.join(REPO, asset), path.join(dir, 'assets', path.basename(asset)));
    const pages: Record<string, string> = {
      direct: pageHtml(withServer(echo.url), false),
      proxy: pageHtml(withServer(echo.url), true),
      'no-cors': pageHtml(withServer(closedEcho.url), false),
      multipart: pageHtml(withServer(echo.url, multipartBody), true),
      // Its base points where no proxy answers, as on a plain static host.
      'no-proxy': pageHtml(withServer(echo.url), true).replace('data-base="../"', 'data-base="../static-only/"'),
      binary: pageHtml(withServer(echo.url, binaryBody), false),
    };
    for (const [name, html] of Object.entries(pages)) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'index.html'), html);
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), echo?.close(), closedEcho?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('proxy off: sends straight to the API and shows status, time, headers and the echoed request', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
    const problems = watchProblems(page);
    const before = proxy.requests;
    await page.goto(`${site.url}direct/`, { waitUntil: 'networkidle' });
    await expect(page.locator('[data-pg-nojs]').isHidden()).resolves.toBe(true);
    await fillAndSend(page);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    await expect(page.locator('[data-pg-out-time]').innerText()).resolves.toMatch(/^\d+ ms$/);
    await page.locator('[data-pg-response] summary', { hasText: 'Headers' }).click();
    await expect(page.locator('[data-pg-out-headers]').innerText()).resolves.toMatch(/x-echo\s+yes/);
    expectEchoed(await shownEcho(page));
    // Pretty-printed: one key per line.
    await expect(page.locator('[data-pg-out-body]').innerText()).resolves.toContain('\n  "method": "POST",\n');
    await page.locator('.sheaf-playground').screenshot({ path: path.join(SHOTS, 'playground-response.png') });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.locator('.sheaf-playground').screenshot({ path: path.join(SHOTS, 'playground-response-dark.png') });
    expect(proxy.requests).toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('proxy on: posts the documented request to <base>_svc/api/request, cookies included', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
    const problems = watchProblems(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(`${r.method()} ${r.url()}`));
    const before = proxy.requests;
    await page.goto(`${site.url}proxy/`, { waitUntil: 'networkidle' });
    await fillAndSend(page, (p) => field(p, 'session').fill('abc'));
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    const shown = await shownEcho(page);
    expectEchoed(shown);
    expect(shown.headers['cookie']).toBe('session=abc');
    expect(requested.filter((r) => r.startsWith('POST'))).toEqual([`POST ${site.url}_svc/api/request`]);
    expect(requested.some((r) => r.includes(echo.url))).toBe(false);
    expect(proxy.requests).toBe(before + 1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('proxy off, API without CORS: explains in plain words that the browser blocked the request', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
    await page.goto(`${site.url}no-cors/`, { waitUntil: 'networkidle' });
    await fillAndSend(page);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('Error');
    await expect(page.locator('[data-pg-out-message]').innerText()).resolves.toContain(
      `The browser blocked the request: the API at ${closedEcho.url} does not allow requests from this site (CORS). Ask the API owner to allow this origin, or use the proxy.`,
    );
    await page.locator('.sheaf-playground').screenshot({ path: path.join(SHOTS, 'playground-cors-error.png') });
    await page.close();
  });

  it('proxy on, but the host has no proxy: says so instead of failing silently', async () => {
    const page = await browser.newPage();
    const before = proxy.requests;
    await page.goto(`${site.url}no-proxy/`, { waitUntil: 'networkidle' });
    await fillAndSend(page);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('Error');
    await expect(page.locator('[data-pg-out-message]').innerText()).resolves.toBe(
      `This site did not answer the playground request (POST ${site.url}static-only/_svc/api/request gave 404 Not Found). Sending needs a host that runs the playground proxy, such as sheaf host.`,
    );
    expect(proxy.requests).toBe(before);
    await page.close();
  });

  it('multipart through the proxy: text fields and files (read as base64) reach the API', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.url}multipart/`, { waitUntil: 'networkidle' });
    await field(page, 'title').fill('holiday');
    await field(page, 'file').setInputFiles({ name: 'hello.png', mimeType: 'image/png', buffer: Buffer.from('hello file') });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
    const shown = await shownEcho(page);
    expect(shown.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(shown.body).toMatch(/name="title"\r\n\r\nholiday\r\n/);
    expect(shown.body).toMatch(/name="file"; filename="hello.png"\r\nContent-Type: image\/png\r\n\r\nhello file\r\n/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('raw binary body, direct: the file is the body, with its media type', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.url}binary/`, { waitUntil: 'networkidle' });
    await field(page, 'name').fill('notes v1.txt');
    await field(page, 'File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('raw bytes') });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
    const shown = await shownEcho(page);
    expect(shown.method).toBe('PUT');
    expect(shown.path).toBe('/v1/files/notes%20v1.txt');
    expect(shown.headers['content-type']).toBe('application/octet-stream');
    expect(shown.body).toBe('raw bytes');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('remembers credentials in this browser across reloads, and forgets them on request', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.url}direct/`, { waitUntil: 'networkidle' });
    await field(page, 'Bearer token').fill('kept-token');
    await page.reload({ waitUntil: 'networkidle' });
    await expect(field(page, 'Bearer token').inputValue()).resolves.toBe('kept-token');
    await page.getByRole('button', { name: 'Forget' }).click();
    await expect(field(page, 'Bearer token').inputValue()).resolves.toBe('demo-token');
    await page.reload({ waitUntil: 'networkidle' });
    await expect(field(page, 'Bearer token').inputValue()).resolves.toBe('demo-token');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Send is reachable and works from the keyboard', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.url}direct/`, { waitUntil: 'networkidle' });
    await field(page, 'petId').fill('7');
    await field(page, 'limit').fill('1');
    await field(page, 'limit').press('Enter');
    await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    expect((await shownEcho(page)).path).toBe('/v1/pets/7');
    expect(problems).toEqual([]);
    await page.close();
  });
});
