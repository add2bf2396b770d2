import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';
import { startWsEchoServer, type WsEchoServer } from './ws-echo-server.js';

/**
 * A channel page generated from an AsyncAPI 3.0 document (issue 17, `api.asyncapi`), built by the
 * compiled CLI from test/fixtures/asyncapi-channels with its `production` server moved to a
 * WebSocket echo server on 127.0.0.1 (`ws`). The page shows the protocol and the channel URL,
 * Send and Receive with each message's payload fields, and in the right column the WebSocket
 * playground: Connect opens a WebSocket from the browser straight to that server (no proxy), Send
 * sends the prefilled example and the log shows the server's greeting and echo. Light and dark,
 * 1440 and 390 px. Nothing leaves 127.0.0.1.
 */

const FIXTURE = path.join(REPO, 'test/fixtures/asyncapi-channels');
const ROUTE = 'realtime-api/chat/chat-room/';
const OUT = path.join(SHOTS, 'issue17', 'asyncapi');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const EXAMPLE = '{\n  "text": "Hello, room!"\n}';

async function left(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => el.getBoundingClientRect().left);
}

describe('an AsyncAPI channel page in Chromium', () => {
  let dir: string;
  let ws: WsEchoServer;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let url: string;
  let wsBase: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-asyncapi-e2e-'));
    ws = await startWsEchoServer();
    wsBase = `ws://127.0.0.1:${ws.port}/v1/rooms`;
    const project = path.join(dir, 'project');
    cpSync(FIXTURE, project, { recursive: true });
    const document = readFileSync(path.join(project, 'asyncapi.yaml'), 'utf8');
    const local = document.replace('host: relay.example.test\n    pathname: /v1\n    protocol: wss', `host: 127.0.0.1:${ws.port}\n    pathname: /v1\n    protocol: ws`);
    expect(local).not.toBe(document);
    writeFileSync(path.join(project, 'asyncapi.yaml'), local);
    const out = path.join(dir, 'site');
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', out, '--no-cache'], { encoding: 'utf8' });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    site = await serveStatic(out, '/docs/');
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    url = `${site.url}${ROUTE}`;
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), ws?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('1440 px, light and dark: the channel, its messages and the playground; Connect and Send reach the server', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: DESKTOP, colorScheme });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const received = ws.received.length;
      await page.goto(url, { waitUntil: 'networkidle' });
      await expect(page.locator('h1').first().innerText()).resolves.toBe('Chat room');
      await expect(page.locator('.sheaf-channel-protocol').innerText()).resolves.toBe('WS');
      await expect(page.locator('.sheaf-channel-url').innerText()).resolves.toBe(`${wsBase}/{roomId}`);
      await expect(page.locator('.sheaf-channel h2').evaluateAll((hs) => hs.map((h) => h.id))).resolves.toEqual(['send', 'receive']);
      await expect(page.locator('.sheaf-channel h3').evaluateAll((hs) => hs.map((h) => h.id))).resolves.toEqual(['send-sendchat', 'receive-chatmessage']);
      await expect(page.locator('#send-sendchat-payload > .sheaf-field > .sheaf-field-head > .sheaf-field-name').allInnerTexts()).resolves.toEqual(['text', 'mentions']);
      await expect(page.locator('#receive-chatmessage-payload > .sheaf-field > .sheaf-field-head > .sheaf-field-name').allInnerTexts()).resolves.toEqual(['id', 'text']);
      // The protocol badge takes the cyan of the palette, lighter in dark mode.
      await expect(page.locator('.sheaf-channel-protocol').evaluate((el) => getComputedStyle(el).color)).resolves.toBe(colorScheme === 'dark' ? 'rgb(34, 211, 238)' : 'rgb(14, 116, 144)');
      await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(colorScheme === 'dark');

      // The playground is the right column, enhanced: controls enabled, the no-script note hidden.
      const panel = page.locator('.sheaf-aside-column > [data-aside="playground"] section[data-sheaf-ws]');
      await expect(panel.getAttribute('data-enhanced')).resolves.toBe('');
      expect(await left(page, 'section[data-sheaf-ws]')).toBeGreaterThan(DESKTOP.width / 2);
      await expect(panel.locator('[data-ws-nojs]').isVisible()).resolves.toBe(false);
      await expect(panel.locator('[data-ws-url]').inputValue()).resolves.toBe(`${wsBase}/lobby`);
      await expect(panel.locator('[data-ws-input]').inputValue()).resolves.toBe(EXAMPLE);
      await expect(panel.locator('[data-ws-send]').isDisabled()).resolves.toBe(true);
      await page.screenshot({ path: path.join(OUT, `channel-1440-${colorScheme}.png`) });

      await panel.locator('[data-ws-connect]').click();
      await panel.locator('[data-ws-state]', { hasText: 'Connected' }).waitFor();
      await expect(panel.locator('[data-ws-connect]').innerText()).resolves.toBe('Disconnect');
      await panel.locator('.sheaf-ws-entry[data-kind="received"]').first().waitFor();
      await panel.locator('[data-ws-send]').click();
      await panel.locator('.sheaf-ws-entry[data-kind="received"]').nth(1).waitFor();
      await expect(panel.locator('.sheaf-ws-entry').evaluateAll((es) => es.map((e) => [e.getAttribute('data-kind'), e.querySelector('pre')?.textContent]))).resolves.toEqual([
        ['info', `Connected to ${wsBase}/lobby`],
        ['received', 'welcome'],
        ['sent', EXAMPLE],
        ['received', `echo: ${EXAMPLE}`],
      ]);
      expect(ws.received.slice(received)).toEqual([EXAMPLE]);
      expect(ws.paths.at(-1)).toBe('/v1/rooms/lobby');
      await page.screenshot({ path: path.join(OUT, `channel-1440-${colorScheme}-connected.png`) });

      await panel.locator('[data-ws-connect]').click();
      await panel.locator('[data-ws-state]', { hasText: 'Not connected' }).waitFor();
      await expect(panel.locator('.sheaf-ws-entry').last().innerText()).resolves.toContain('Closed (code 1000)');
      await expect(panel.locator('[data-ws-send]').isDisabled()).resolves.toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('390 px, light and dark: nothing is wider than the screen; the URL wraps anywhere; the playground follows the page', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: PHONE, colorScheme });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(url, { waitUntil: 'networkidle' });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await expect(page.locator('.sheaf-channel-url').evaluate((el) => getComputedStyle(el).overflowWrap)).resolves.toBe('anywhere');
      const article = await page.locator('.sheaf-channel').evaluate((el) => el.getBoundingClientRect().bottom);
      const panelTop = await page.locator('section[data-sheaf-ws]').evaluate((el) => el.getBoundingClientRect().top);
      expect(panelTop).toBeGreaterThan(article);
      await expect(page.locator('section[data-sheaf-ws] [data-ws-connect]').isEnabled()).resolves.toBe(true);
      await page.screenshot({ path: path.join(OUT, `channel-390-${colorScheme}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
