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
 * Issue 15, items 1 and 2: Try-it starts with the parameters' examples as values (not
 * placeholders), so Send works on the first click, and what it sends is the request the curl
 * sample beside it shows: same method, URL, query, headers and body. The body is generated from
 * a schema with bounds (3.0 boolean `exclusiveMaximum`, `multipleOf`), a format and a deprecated
 * property, so the sample and the request carry values that satisfy the schema. A project
 * written here (OpenAPI 3.0, `api.examples.prefill` left off) is built by the compiled CLI and
 * served with the real playground proxy, allowed to reach 127.0.0.1 only; the API is the echo
 * server on 127.0.0.1. Nothing leaves 127.0.0.1.
 */

const PAGE = 'api-reference/record-a-visit/';
const SHOT_DIR = path.join(SHOTS, 'issue15', 'examples');

function openapi(port: number): string {
  return `openapi: 3.0.3
info: { title: Vet API, version: 1.0.0 }
servers:
  - url: http://127.0.0.1:${port}/v1
paths:
  /pets/{petId}/visits:
    post:
      operationId: recordVisit
      summary: Record a visit
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string }, example: pet-42 }
        - { name: dryRun, in: query, required: true, schema: { type: boolean, example: true } }
        - name: limit
          in: query
          required: true
          schema: { type: integer, maximum: 50 }
          examples:
            few: { value: 5 }
            many: { value: 40 }
        - { name: X-Trace, in: header, required: true, schema: { type: string, example: trace-1 } }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name, age]
              properties:
                name: { type: string, example: Rex }
                age: { type: integer, minimum: 0, maximum: 30, exclusiveMaximum: true }
                weight: { type: number, multipleOf: 0.5, maximum: 80 }
                nickname: { type: string, deprecated: true }
                born: { type: string, format: date }
      responses:
        '200': { description: Recorded }
`;
}

const DOCS = {
  name: 'Vet',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: { groups: [{ group: 'Start', pages: ['index'] }, { group: 'API', openapi: 'openapi.yaml', pages: ['POST /pets/{petId}/visits'] }] },
  api: { playground: { display: 'interactive', proxy: true }, examples: { languages: ['curl'] } },
};

interface CurlRequest {
  readonly method: string;
  readonly url: URL;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** The curl sample shown on the page, read back into a request (httpsnippet's shell output). */
async function curlSample(page: Page): Promise<{ text: string; request: CurlRequest }> {
  const text = await page.locator('[data-aside=request] .code-block[data-language=bash] code').innerText();
  const method = /--request (\S+)/.exec(text)?.[1] ?? 'GET';
  const url = new URL(/--url '?([^'\s]+)'?/.exec(text)?.[1] ?? 'http://invalid');
  const headers = Object.fromEntries([...text.matchAll(/--header '([^:]+): ([^']*)'/g)].map((m) => [(m[1] ?? '').toLowerCase(), m[2] ?? '']));
  const data = /--data '([\s\S]*)'\s*$/.exec(text)?.[1];
  return { text, request: { method, url, headers, body: data === undefined ? undefined : JSON.parse(data) } };
}

async function openTryIt(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('.sheaf-op-endpoint button[data-pg-open]').click();
  await page.locator('dialog#sheaf-try-it[open]').waitFor();
}

/** A field by its name (the label also holds the type hint and "required"). */
const field = (page: Page, name: string) => page.locator('dialog#sheaf-try-it').getByLabel(new RegExp(`^${name}\\b`));

describe('Try-it fills parameters from their examples and sends the curl sample’s request (Chromium)', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof serveSiteWithProxy>>;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let browser: Browser;

  beforeAll(async () => {
    echo = await startEchoServer();
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-try-it-examples-'));
    const project = await writeFiles(path.join(dir, 'project'), {
      'docs.json': JSON.stringify(DOCS, null, 2),
      'index.mdx': '---\ntitle: Vet\n---\n\nThe vet API.\n',
      'openapi.yaml': openapi(echo.port),
    });
    const built = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', project, '-o', path.join(dir, 'site'), '--no-cache'], { encoding: 'utf8' });
    expect(built.status, built.stderr + built.stdout).toBe(0);
    site = await serveSiteWithProxy(path.join(dir, 'site'), '/docs/', { allowAddresses: ['127.0.0.1/32'], timeoutMs: 10_000 });
    browser = await launchChromium();
    mkdirSync(SHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), echo?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('starts with the examples as values: the path parameter, the boolean (true, not —), the first of examples, the schema’s example', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await openTryIt(page, `${site.url}${PAGE}`);
    await expect(field(page, 'petId').inputValue()).resolves.toBe('pet-42');
    await expect(field(page, 'dryRun').inputValue()).resolves.toBe('true');
    await expect(field(page, 'dryRun').locator('option:checked').innerText()).resolves.toBe('true');
    await expect(field(page, 'limit').inputValue()).resolves.toBe('5');
    await expect(field(page, 'X-Trace').inputValue()).resolves.toBe('trace-1');
    await expect(page.locator('dialog#sheaf-try-it [data-pg-body-text]').inputValue().then((t) => JSON.parse(t) as unknown)).resolves.toEqual({ name: 'Rex', age: 29, weight: 80, born: '2023-12-25' });
    // Nothing left for the browser to complain about: the form is valid as it stands.
    await expect(page.locator('form.sheaf-playground').evaluate((form) => (form as HTMLFormElement).checkValidity())).resolves.toBe(true);
    await page.close();
  });

  it('Send on the first click makes exactly the request of the curl sample (URL, query, headers, body)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const problems = watchProblems(page);
    await openTryIt(page, `${site.url}${PAGE}`);
    const { text, request } = await curlSample(page);
    expect(text).toContain(`--url 'http://127.0.0.1:${echo.port}/v1/pets/pet-42/visits?dryRun=true&limit=5'`);
    // The body satisfies its schema: age < 30 (3.0 exclusiveMaximum), weight a multiple of 0.5 ≤ 80, no deprecated nickname.
    expect(request.body).toEqual({ name: 'Rex', age: 29, weight: 80, born: '2023-12-25' });

    const before = echo.received.length;
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
    await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
    const sent = echo.received.slice(before);
    expect(sent).toHaveLength(1);
    const got = sent[0]!;
    expect(got.method).toBe(request.method);
    expect(got.method).toBe('POST');
    expect(got.path).toBe(request.url.pathname);
    expect(got.query).toEqual(Object.fromEntries(request.url.searchParams));
    expect(Object.keys(request.headers).sort()).toEqual(['content-type', 'x-trace']);
    for (const [name, value] of Object.entries(request.headers)) expect([name, got.headers[name]]).toEqual([name, value]);
    expect(JSON.parse(got.body)).toEqual(request.body);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('screenshots of the filled dialog, light and dark, 1440 and 390 px wide', async () => {
    for (const width of [1440, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 1000 }, colorScheme: scheme });
        const page = await context.newPage();
        await openTryIt(page, `${site.url}${PAGE}`);
        await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(scheme === 'dark');
        // The filled values are text in the fields, not greyed placeholders.
        await expect(field(page, 'petId').getAttribute('placeholder')).resolves.toBeNull();
        await page.locator('dialog#sheaf-try-it').screenshot({ path: path.join(SHOT_DIR, `try-it-${width}-${scheme}.png`) });
        await context.close();
      }
    }
  });
});
