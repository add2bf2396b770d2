import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../write-files.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveSiteWithProxy } from './playground-host.js';

/**
 * Issue 15, item 5: Try-it serializes parameters per their `style` and `explode`, and sends
 * exactly what the curl sample beside it shows. A project written here (an operation with a
 * matrix and a label path parameter and pipeDelimited, spaceDelimited and deepObject query
 * parameters, examples prefilled) is built by the compiled CLI and served with the real
 * playground proxy, allowed to reach 127.0.0.1 only; the API is a server on 127.0.0.1 that
 * records each request's raw target. Nothing leaves 127.0.0.1.
 */

const PAGE = 'api-reference/search-colors/';
const SHOT_DIR = path.join(SHOTS, 'issue15', 'serialization');

interface Received {
  readonly method: string;
  /** The request target as sent (path and query, undecoded). */
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
}

/** A server on 127.0.0.1 answering every request with `{"ok":true}` and recording it. */
async function startRecorder(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ method: req.method ?? '', target: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise((r) => server.close(() => r())) };
}

function openapi(port: number): string {
  return `openapi: 3.1.0
info: { title: Colors API, version: 1.0.0 }
servers:
  - url: http://127.0.0.1:${port}/v1
paths:
  /palettes/{palette}/colors/{color}:
    get:
      operationId: searchColors
      summary: Search colors
      parameters:
        - { name: palette, in: path, required: true, style: matrix, explode: true, schema: { type: array, items: { type: string } }, example: [blue, black] }
        - { name: color, in: path, required: true, style: label, schema: { type: object }, example: { R: 100, G: 200 } }
        - { name: names, in: query, style: pipeDelimited, explode: false, schema: { type: array, items: { type: string } }, example: [sky blue, navy] }
        - { name: sort, in: query, style: spaceDelimited, explode: false, schema: { type: array, items: { type: string } }, example: [hue, -lightness] }
        - { name: filter, in: query, style: deepObject, explode: true, schema: { type: object }, example: { color: red, size: M } }
        - { name: legacy, in: query, deprecated: true, schema: { type: string } }
      responses:
        '200': { description: Colors }
`;
}

const DOCS = {
  name: 'Colors',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: { groups: [{ group: 'Start', pages: ['index'] }, { group: 'API', openapi: 'openapi.yaml', pages: ['GET /palettes/{palette}/colors/{color}'] }] },
  api: { playground: { display: 'interactive', proxy: true }, examples: { languages: ['curl'], prefill: true } },
};

/** The URL of the curl sample shown on the page (`--url '…'`). */
async function curlUrl(page: Page): Promise<string> {
  const code = await page.locator('[data-aside=request] .code-block[data-language=bash] code').innerText();
  return /--url '?([^'\s]+)'?/.exec(code)?.[1] ?? `no --url in: ${code}`;
}

async function openTryIt(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('.sheaf-op-endpoint button[data-pg-open]').click();
  await page.locator('dialog#sheaf-try-it[open]').waitFor();
}

/** A parameter's field by its name (the label also holds the type hint). */
const field = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}\\b`));

async function send(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
}

describe('Try-it serializes parameters per style, as the curl sample does (Chromium)', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof serveSiteWithProxy>>;
  let api: Awaited<ReturnType<typeof startRecorder>>;
  let browser: Browser;

  beforeAll(async () => {
    api = await startRecorder();
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-try-it-serialization-'));
    const project = await writeFiles(path.join(dir, 'project'), {
      'docs.json': JSON.stringify(DOCS, null, 2),
      'index.mdx': '---\ntitle: Colors\n---\n\nTry the colors API.\n',
      'openapi.yaml': openapi(api.port),
    });
    const built = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', path.join(dir, 'site'), '--no-cache'], { encoding: 'utf8' });
    expect(built.status, built.stderr + built.stdout).toBe(0);
    site = await serveSiteWithProxy(path.join(dir, 'site'), '/docs/', { allowAddresses: ['127.0.0.1/32'], timeoutMs: 10_000 });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), api?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('labels each field with its style’s syntax and sends on the first click exactly the curl sample’s URL', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(page);
    await openTryIt(page, `${site.url}${PAGE}`);
    const sample = await curlUrl(page);
    expect(sample).toBe(
      `http://127.0.0.1:${api.port}/v1/palettes/;palette=blue;palette=black/colors/.R,100,G,200?names=sky%20blue%7Cnavy&sort=hue%20-lightness&filter%5Bcolor%5D=red&filter%5Bsize%5D=M`,
    );
    const hints = await page.locator('dialog#sheaf-try-it .sheaf-playground-hint').allInnerTexts();
    expect(hints).toEqual(['array, comma-separated', 'object, key=value, comma-separated', 'array, pipe-separated', 'array, space-separated', 'object, key=value, comma-separated', 'string']);
    await expect(field(page, 'names').inputValue()).resolves.toBe('sky blue|navy');
    await expect(field(page, 'sort').inputValue()).resolves.toBe('hue -lightness');
    await expect(field(page, 'filter').inputValue()).resolves.toBe('color=red,size=M');
    await expect(field(page, 'color').inputValue()).resolves.toBe('R=100,G=200');

    const before = api.received.length;
    await send(page);
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    expect(api.received.slice(before).map((r) => `${r.method} http://127.0.0.1:${api.port}${r.target}`)).toEqual([`GET ${sample}`]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends what a reader types in each field’s syntax', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await openTryIt(page, `${site.url}${PAGE}`);
    await field(page, 'palette').fill('red, green');
    await field(page, 'color').fill('B=7');
    await field(page, 'names').fill('a|b c');
    await field(page, 'sort').fill('x  y');
    await field(page, 'filter').fill('color=dark blue, size=L');
    await field(page, 'legacy').fill('old');
    const before = api.received.length;
    await send(page);
    expect(api.received.slice(before).map((r) => r.target)).toEqual([
      '/v1/palettes/;palette=red;palette=green/colors/.B,7?names=a%7Cb%20c&sort=x%20y&filter%5Bcolor%5D=dark%20blue&filter%5Bsize%5D=L&legacy=old',
    ]);
    await page.close();
  });

  it('screenshots of the Try-it form, light and dark, 1440 and 390 px wide', async () => {
    mkdirSync(SHOT_DIR, { recursive: true });
    for (const width of [1440, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: { width, height: 1000 }, colorScheme: scheme });
        const page = await context.newPage();
        await openTryIt(page, `${site.url}${PAGE}`);
        const hint = page.locator('dialog#sheaf-try-it .sheaf-playground-hint').nth(2);
        await expect(hint.innerText()).resolves.toBe('array, pipe-separated');
        // The hint sits inside the dialog's width, on the field's label.
        const box = await hint.boundingBox();
        expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
        await page.locator('dialog#sheaf-try-it').screenshot({ path: path.join(SHOT_DIR, `try-it-${width}-${scheme}.png`) });
        await context.close();
      }
    }
  });
});
