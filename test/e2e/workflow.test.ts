import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { callChatApi, fillMessageParts, type JSONValue, type UIMessage } from '@ai-sdk/ui-utils';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { startEchoServer, type Echo } from './echo-server.js';
import { runSheaf, startSheaf, type SheafRun, type SheafServer } from './sheaf-process.js';

/**
 * What a new user does after reading the README, with the compiled CLI (`node bin/sheaf.js` in
 * child processes) and nothing off 127.0.0.1:
 *
 * 1. creates an Enterprise organization, registers the docs folder under `docs.acme.com` and
 *    creates an admin key and an assistant key;
 * 2. starts `sheaf service` and exports the site through the static-export API;
 * 3. hosts the bundle with `sheaf host` (the link in `SHEAF_BUNDLE_URL`);
 * 4. opens the hosted site in Chromium and uses Try-it through the host's playground proxy;
 * 5. asks the assistant with the AI SDK v4 chat client code, and continues the thread;
 * 6. stops both servers with SIGTERM.
 *
 * The site is a copy of `fixtures/example` (prose for the assistant, API pages for Try-it) whose
 * OpenAPI server is `http://127.0.0.1:{port}/v1` instead of `https://api.example.com/v1`, so Try-it
 * can reach a local echo server standing in for the user's API.
 */

const DOMAIN = 'docs.acme.com';
/** The page's extensionless URL: the export is of Mintlify's `.html` layout, and `sheaf host` serves `create-a-note.html` there. */
const CREATE_NOTE = 'api-reference/notes/create-a-note';
/** What the reader types into Try-it's token field: a secret that must not be logged anywhere. */
const TRY_IT_TOKEN = 'tryit-secret-token-1234';

type EchoServer = Awaited<ReturnType<typeof startEchoServer>>;
type JobStatus = { jobId: string; status: string; progress: number; pageCount: number; error?: string };

/** The example's docs with its API server moved to 127.0.0.1 (the port a variable the reader fills). */
function copyExample(to: string): void {
  const from = path.join(REPO, 'fixtures/example');
  cpSync(from, to, { recursive: true, filter: (src) => !['_site', '.sheaf'].includes(path.basename(src)) });
  const openapi = path.join(to, 'api-reference/openapi.yaml');
  const text = readFileSync(openapi, 'utf8');
  const local = "servers:\n  - url: http://127.0.0.1:{port}/v1\n    variables:\n      port:\n        default: '8080'\n";
  const moved = text.replace('servers:\n  - url: https://api.example.com/v1\n', local);
  if (moved === text) throw new Error('fixtures/example/api-reference/openapi.yaml no longer has the server this test moves');
  writeFileSync(openapi, moved);
}

/** A JSON request to the service with a bearer key. */
async function api(method: string, url: string, key: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * What `useChat({ api, headers, body, streamProtocol: 'data', sendExtraMessageFields: true })` of
 * AI SDK v4 does on `append`: the message gets an id, createdAt and parts, the whole conversation
 * is posted through `callChatApi` (the SDK's own code) with the hook's body, and the finished
 * assistant message joins the conversation; `data` collects the stream's data items.
 */
function chatClient(api: string, key: string) {
  const state = { messages: [] as UIMessage[], data: [] as JSONValue[], responses: [] as Response[] };
  let counter = 0;
  return {
    state,
    async append(content: string, requestBody: Record<string, unknown> = {}): Promise<UIMessage> {
      const message = fillMessageParts([{ id: `user_${++counter}`, createdAt: new Date(), role: 'user', content }])[0] as UIMessage;
      const messages = [...state.messages, message];
      const before = state.data;
      let finished: UIMessage | undefined;
      await callChatApi({
        api,
        body: { id: 'chat_workflow', messages, data: undefined, fp: 'anonymous', retrievalPageSize: 5, ...requestBody },
        streamProtocol: 'data',
        credentials: undefined,
        headers: { Authorization: `Bearer ${key}` },
        abortController: undefined,
        restoreMessagesOnFailure() {},
        onResponse: (response) => void state.responses.push(response),
        onUpdate: ({ data }) => {
          if (data) state.data = [...before, ...data];
        },
        onToolCall: undefined,
        onFinish: (m) => {
          finished = m as UIMessage; // processChatResponse builds a UIMessage (with parts)
        },
        generateId: () => `gen_${++counter}`,
        fetch: undefined,
        lastMessage: undefined,
      });
      if (!finished) throw new Error('the chat did not finish');
      state.messages = [...messages, finished];
      return finished;
    },
  };
}

type Hit = { path: string; content: string; metadata: { title: string; section: string } };
const hitsOf = (m: UIMessage): Hit[] =>
  m.parts.flatMap((p) => (p.type === 'tool-invocation' && p.toolInvocation.toolName === 'search' && p.toolInvocation.state === 'result' ? (p.toolInvocation.result as Hit[]) : []));
const sourcesOf = (m: UIMessage) => m.parts.flatMap((p) => (p.type === 'source' ? [p.source] : []));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const finishes = (data: readonly JSONValue[]) => data.filter((d) => (d as { type?: string } | null)?.type === 'finish') as { type: 'finish'; threadId: string }[];

describe.sequential('a new user: keys, the export service, sheaf host, Try-it and the assistant', () => {
  let dir: string;
  let source: string;
  let serviceData: string;
  let hostData: string;
  let echo: EchoServer;
  let browser: Browser;
  /** Every finished CLI run, for the secrets check at the end. */
  const runs: SheafRun[] = [];
  const servers: SheafServer[] = [];
  let service: SheafServer;
  let host: SheafServer;
  let adminKey: string;
  let assistantKey: string;
  let jobId: string;
  let bundleUrl: string;

  const sheaf = async (...args: string[]): Promise<SheafRun> => {
    const run = await runSheaf([...args, '--data-dir', serviceData], { cwd: dir });
    runs.push(run);
    return run;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sheaf-workflow-e2e-'));
    source = path.join(dir, 'acme-docs');
    serviceData = path.join(dir, 'service-data');
    hostData = path.join(dir, 'host-data');
    copyExample(source);
    echo = await startEchoServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const s of servers) s.kill();
    await browser?.close();
    await echo?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('1. creates the organization, the site and two keys; keys are printed once, alone, and never listed', async () => {
    expect(await sheaf('orgs', 'create', 'acme', '--name', 'Acme', '--plan', 'enterprise')).toMatchObject({ code: 0, stdout: 'Created organization acme (Acme) on the enterprise plan.\n' });
    expect(await sheaf('sites', 'add', DOMAIN, '--org', 'acme', '--source', source)).toMatchObject({ code: 0, stdout: `Added site ${DOMAIN} for acme: ${source}\n` });

    const admin = await runSheaf(['keys', 'create', '--org', 'acme', '--kind', 'admin', '--data-dir', serviceData], { cwd: dir });
    const assistant = await runSheaf(['keys', 'create', '--org', 'acme', '--kind', 'assistant', '--data-dir', serviceData], { cwd: dir });
    expect(admin.code).toBe(0);
    expect(assistant.code).toBe(0);
    expect(admin.stdout).toMatch(/^svc_[A-Za-z0-9_-]{43}\n$/);
    expect(assistant.stdout).toMatch(/^svc_dsc_[A-Za-z0-9_-]{43}\n$/);
    adminKey = admin.stdout.trim();
    assistantKey = assistant.stdout.trim();
    expect(admin.stderr).toMatch(/^Created admin key key_[0-9a-f]{16} for acme\. Copy it now: it is not shown again\.\n$/);
    // Only stderr of these two goes into the secrets check: their stdout is the key, on purpose.
    runs.push({ ...admin, stdout: '' }, { ...assistant, stdout: '' });

    const listed = await sheaf('keys', 'list', '--org', 'acme');
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n').map((line) => line.split('\t').slice(0, 2))).toEqual([
      [expect.stringMatching(/^key_[0-9a-f]{16}$/), 'admin'],
      [expect.stringMatching(/^key_[0-9a-f]{16}$/), 'assistant'],
    ]);
    expect(listed.stdout).not.toMatch(/svc_/);
  });

  it('2. starts sheaf service and exports the site through the API: job, progress, bundle link', async () => {
    service = await startSheaf(['service', '--data-dir', serviceData, '--port', '0'], { cwd: dir, ready: /^Sheaf export service listening on http:\/\/127\.0\.0\.1:\d+ / });
    servers.push(service);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const started = await api('POST', `${service.url}/v1/static-export/jobs`, adminKey, { domain: DOMAIN });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ jobId: expect.stringMatching(/^se_[0-9a-f]{16}$/), domain: DOMAIN, status: 'queued' });
    jobId = started.json['jobId'] as string;

    // Poll as the interface's client template does (more often: the build takes seconds).
    const seen: JobStatus[] = [];
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { status, json } = await api('GET', `${service.url}/v1/static-export/jobs/${jobId}`, adminKey);
      expect(status).toBe(200);
      seen.push(json as JobStatus);
      if (json['status'] === 'completed' || json['status'] === 'failed') break;
      if (Date.now() > deadline) throw new Error(`the job did not finish: ${JSON.stringify(seen.at(-1))}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen.at(-1)).toMatchObject({ jobId, status: 'completed', progress: 100, pageCount: 12 });
    expect(seen.at(-1)?.error).toBeUndefined();
    // Statuses only move forward; progress and pageCount are numbers that never go back.
    const statuses = seen.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses.join(' ')).toMatch(/^(queued )?(running )?completed$/);
    for (const [a, b] of seen.slice(1).map((s, i) => [seen[i] as JobStatus, s] as const)) {
      expect(b.progress).toBeGreaterThanOrEqual(a.progress);
      expect(b.pageCount).toBeGreaterThanOrEqual(a.pageCount);
    }
    // Seen while running (when a poll landed there): live numbers within bounds.
    for (const s of seen.filter((x) => x.status === 'running')) {
      expect(s.progress).toBeGreaterThanOrEqual(0);
      expect(s.progress).toBeLessThanOrEqual(100);
      expect(s.pageCount).toBeLessThanOrEqual(12);
    }

    const bundle = await api('POST', `${service.url}/v1/static-export/jobs/${jobId}/bundle`, adminKey);
    expect(bundle.status).toBe(200);
    expect(bundle.json).toMatchObject({ jobId, bundleUrl: expect.any(String), expiresAt: expect.any(String) });
    bundleUrl = bundle.json['bundleUrl'] as string;
    expect(bundleUrl).toMatch(new RegExp(`^${service.url}/v1/static-export/bundles/${jobId}/bundle\\.tar\\.gz\\?X-Sheaf-Expires=\\d+&X-Sheaf-Signature=[0-9a-f]{64}$`));
    expect(Date.parse(bundle.json['expiresAt'] as string)).toBeGreaterThan(Date.now());

    // The assistant key is not an admin key.
    expect((await api('GET', `${service.url}/v1/static-export/jobs/${jobId}`, assistantKey)).status).toBe(403);
  });

  it('3. hosts the bundle with sheaf host: the pages, the 404 page, a redirect and the health check', async () => {
    host = await startSheaf(['host', '--port', '0', '--host', '127.0.0.1', '--data-dir', hostData, '--allow-address', '127.0.0.1/32'], {
      cwd: dir,
      env: { SHEAF_BUNDLE_URL: bundleUrl },
      ready: /^sheaf host: serving version /,
    });
    servers.push(host);
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // One serving worker per core by default (--workers auto).
    const cores = availableParallelism();
    expect(host.output().stderr).toContain(`sheaf host: serving version ${jobId} (12 pages) at ${host.url} by ${cores} worker${cores === 1 ? '' : 's'}\n`);

    const home = await fetch(`${host.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(titleOf(await home.text())).toBe('Welcome — Acme Notes');

    const page = await fetch(`${host.url}/guides/authentication/`);
    expect(page.status).toBe(200);
    expect(titleOf(await page.text())).toBe('Authentication — Acme Notes');

    const missing = await fetch(`${host.url}/no/such/page/`);
    expect(missing.status).toBe(404);
    expect(titleOf(await missing.text())).toBe('Page not found — Acme Notes');

    const moved = await fetch(`${host.url}/getting-started`, { redirect: 'manual' });
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/quickstart');

    const health = await fetch(`${host.url}/_svc/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', version: jobId });
  });

  describe.sequential('4. Try-it on the hosted site, through the host’s proxy', () => {
    /** Opens the create-a-note page, fills the form as a reader would and sends it. */
    async function tryIt(page: Page): Promise<void> {
      await page.goto(`${host.url}/${CREATE_NOTE}`, { waitUntil: 'networkidle' });
      await page.locator('.sheaf-op-endpoint button[data-pg-open]').click(); // the form is in the Try-it dialog
      await page.getByLabel(/^port\b/).fill(String(echo.port));
      await page.getByLabel(/^Bearer token\b/).fill(TRY_IT_TOKEN);
      await page.getByLabel(/^JSON body\b/).fill('{"title": "Hello from Try-it", "body": "Sent through sheaf host."}');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('[data-pg-out-status]').filter({ hasText: /\S/ }).waitFor();
    }

    /** A context in which every request that is not to 127.0.0.1 is aborted and recorded. */
    async function offlineContext(colorScheme: 'light' | 'dark', outside: string[]): Promise<BrowserContext> {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1600 }, colorScheme });
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === '127.0.0.1') return route.continue();
        outside.push(url.href);
        return route.abort('internetdisconnected');
      });
      return context;
    }

    it('sends the request to the local API through POST /_svc/api/request on the host and shows the answer', async () => {
      const outside: string[] = [];
      const context = await offlineContext('light', outside);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(r.url());
      });
      const received = echo.received.length;

      await tryIt(page);

      await expect(page.locator('.sheaf-playground-via').innerText()).resolves.toBe('Sent through this site.');
      await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
      const shown = JSON.parse(await page.locator('[data-pg-out-body]').innerText()) as Echo;
      expect(shown).toMatchObject({ method: 'POST', path: '/v1/notes', query: {} });
      expect(JSON.parse(shown.body)).toEqual({ title: 'Hello from Try-it', body: 'Sent through sheaf host.' });
      expect(shown.headers['authorization']).toBe(`Bearer ${TRY_IT_TOKEN}`);
      expect(shown.headers['content-type']).toBe('application/json');
      expect(echo.received.slice(received)).toEqual([shown]);
      expect(posts).toEqual([`${host.url}/_svc/api/request`]);
      expect(outside).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('looks right after Try-it, light and dark (screenshots)', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const outside: string[] = [];
        const context = await offlineContext(scheme, outside);
        const page = await context.newPage();
        await tryIt(page);
        await expect(page.locator('[data-pg-out-status]').innerText()).resolves.toBe('200 OK');
        await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(scheme === 'dark');
        await page.screenshot({ path: path.join(SHOTS, `workflow-tryit-${scheme}.png`) });
        expect(outside).toEqual([]);
        await context.close();
      }
    });
  });

  it('5. asks the assistant with the AI SDK v4 client: a streamed, cited answer, then a follow-up in the same thread', async () => {
    const endpoint = `${service.url}/discovery/v1/assistant/${DOMAIN}/message`;
    const chat = chatClient(endpoint, assistantKey);

    const first = await chat.append('How do I authenticate my requests?');
    const firstResponse = chat.state.responses[0] as Response;
    expect(firstResponse.status).toBe(200);
    expect(firstResponse.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    expect(firstResponse.headers.get('deprecation')).toBe('true');
    const threadId = firstResponse.headers.get('x-thread-id') as string;
    expect(threadId).toMatch(/^thr_[0-9a-f]{32}$/);
    expect(finishes(chat.state.data)).toEqual([{ type: 'finish', threadId }]);

    // The search tool's result: five hits from the exported site's search records.
    const hits = hitsOf(first);
    expect(hits).toHaveLength(5);
    expect(hits.map((h) => h.path)).toContain('/guides/authentication');
    // The answer text quotes the docs and cites them; one source part per citation.
    expect(first.content).toContain('Send your key in the Authorization header: Authorization: Bearer <key>.');
    const cited = [...first.content.matchAll(/\[(\d+)\]/g)].map((m) => m[1]);
    expect(cited[0]).toBe('1');
    const sources = sourcesOf(first);
    expect(sources.map((s) => s.id)).toEqual(cited);
    expect(sources.map((s) => s.url)).toContain('/guides/authentication');
    for (const s of sources) expect(s.url).toBe(hits[Number(s.id) - 1]?.path);

    const second = await chat.append('Can I restore a deleted note?', { threadId });
    const secondResponse = chat.state.responses[1] as Response;
    expect(secondResponse.status).toBe(200);
    expect(secondResponse.headers.get('x-thread-id')).toBe(threadId);
    expect(finishes(chat.state.data)).toEqual([
      { type: 'finish', threadId },
      { type: 'finish', threadId },
    ]);
    expect(second.content).toContain('No: deleting is final.');
    expect(chat.state.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

    // The admin key is a server-side secret: not accepted in place of the public assistant key.
    const refused = await fetch(endpoint, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: 'Hi', parts: [{ type: 'text', text: 'Hi' }] }] }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('auth/admin-key');
  });

  it('6. stops both servers with SIGTERM: each exits 0, and no key, token or link signature was ever printed', async () => {
    const hostRun = await host.stop();
    const serviceRun = await service.stop();
    expect(hostRun.code, hostRun.stderr).toBe(0);
    expect(hostRun.stderr).toContain('sheaf host: SIGTERM, stopping\n');
    expect(serviceRun.code, serviceRun.stderr).toBe(0);
    expect(serviceRun.stderr.endsWith('Received SIGTERM: stopping (running jobs go back to the queue).\nStopped.\n')).toBe(true);

    // The bundle link's query is its signature: not even its start may be printed.
    const secrets = [adminKey, assistantKey, TRY_IT_TOKEN, new URL(bundleUrl).searchParams.get('X-Sheaf-Signature') as string, 'X-Sheaf-Expires='];
    const outputs = [...runs, hostRun, serviceRun];
    expect(outputs).toHaveLength(7);
    for (const run of outputs) {
      for (const secret of secrets) {
        expect(run.stdout.includes(secret), `stdout of sheaf ${run.args.join(' ')}`).toBe(false);
        expect(run.stderr.includes(secret), `stderr of sheaf ${run.args.join(' ')}`).toBe(false);
      }
    }
  });
});
