import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../src/server/service/start-service.js';
import { exportedSite, heldProvider, must, pageProblems, recordsOf } from './assistant-service.js';
import { launchChromium, REPO, SHOTS, watchProblems } from './browser.js';
import { serveStatic } from './static-server.js';

const DOMAIN = 'docs.acme.com';
const require = createRequire(import.meta.url);

/**
 * The component of Mintlify's v2 page (api/assistant/create-assistant-message-v2.mdx): `useChat`
 * with `DefaultChatTransport`, the key in `Authorization`, `fp`, `retrievalPageSize` and a code
 * `context` in the body. Beside what the page shows: the cited sources, the status and error,
 * a stop button, and the thread id read from the finish's message metadata (`message.metadata`)
 * sent with the next question, as a client keeping the thread would.
 */
const APP = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';

const config = window.CHAT;
let threadId = null;

function MyComponent({ domain }) {
  const [input, setInput] = useState('');
  const { messages, sendMessage, status, error, stop } = useChat({
    transport: new DefaultChatTransport({
      api: config.base + '/discovery/v2/assistant/' + domain + '/message',
      headers: { Authorization: 'Bearer ' + config.key },
      body: {
        fp: 'anonymous',
        retrievalPageSize: 5,
        context: [{ type: 'code', value: 'const example = "code snippet";', elementId: 'code-block-1' }],
        ...config.extraBody,
      },
    }),
    onFinish: ({ message }) => {
      if (message.metadata && message.metadata.threadId) threadId = message.metadata.threadId;
    },
  });

  return (
    <div>
      {messages.map((message) => (
        <div key={message.id} className="message" data-role={message.role}>
          {message.role === 'user' ? 'User: ' : 'Assistant: '}
          <span className="text">{message.parts.filter((part) => part.type === 'text').map((part) => part.text).join('')}</span>
          <ul className="sources">
            {message.parts.filter((part) => part.type === 'source-url').map((part) => (
              <li key={part.sourceId} data-id={part.sourceId}><a href={part.url}>{part.title}</a></li>
            ))}
          </ul>
          <span className="thread">{message.metadata && message.metadata.threadId}</span>
        </div>
      ))}
      <p id="status">{status}</p>
      {error && <p id="error">{error.message}</p>}
      <button id="stop" onClick={() => stop()}>Stop</button>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (input.trim()) {
            sendMessage({ text: input }, threadId ? { body: { threadId } } : undefined);
            setInput('');
          }
        }}
      >
        <input id="q" value={input} onChange={(e) => setInput(e.target.value)} />
        <button type="submit">Send</button>
      </form>
    </div>
  );
}

createRoot(document.getElementById('root')).render(<MyComponent domain={config.domain} />);
`;

/** The AI SDK majors whose React binding the page is built with, by the npm alias it is installed under. */
const SDKS = [
  { sdk: 5, react: 'ai-sdk-react-2' },
  { sdk: 6, react: 'ai-sdk-react-3' },
  { sdk: 7, react: 'ai-sdk-react-4' },
] as const;

/** The page's script for one SDK: `@ai-sdk/react` and the `ai` it depends on, from that alias. */
async function bundleApp(dir: string, reactPackage: string): Promise<string> {
  const entry = path.join(dir, 'app.jsx');
  await writeFile(entry, APP);
  const reactDir = path.dirname(require.resolve(`${reactPackage}/package.json`));
  const aiDir = path.dirname(createRequire(path.join(reactDir, 'package.json')).resolve('ai/package.json'));
  const out = await esbuild({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@ai-sdk/react': reactDir, ai: aiDir },
    nodePaths: [path.join(REPO, 'node_modules')],
    logLevel: 'silent',
  });
  return out.outputFiles[0]?.text ?? '';
}

/**
 * Mintlify's documented `useChat` component, built with AI SDK 5, 6 and 7's own React binding,
 * in Chromium against `sheaf service` on 127.0.0.1 (another origin than the page: CORS applies).
 */
describe('useChat of AI SDK 5, 6 and 7 against the v2 endpoint, in Chromium', () => {
  let dir: string;
  let service: RunningService;
  let provider: ReturnType<typeof heldProvider>;
  let assistantKey: string;
  let browser: Browser;
  const pages = new Map<number, { url: string; close: () => Promise<void> }>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sheaf-use-chat-'));
    const siteDir = path.join(dir, 'site');
    const built = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', path.join(REPO, 'fixtures/example'), '-o', siteDir, '--no-cache'], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const runner = recordsOf(siteDir);
    provider = heldProvider();
    await mkdir(path.join(dir, 'service'));
    service = await startService({ dataDir: path.join(dir, 'service'), port: 0, host: '127.0.0.1', env: {}, log: () => undefined, runner, assistant: { provider } });
    await exportedSite(service, DOMAIN, path.join(REPO, 'fixtures/example'));
    assistantKey = (must(await service.store.createApiKey('acme', 'assistant')) as unknown as { key: string }).key;
    for (const { sdk, react } of SDKS) {
      const pageDir = path.join(dir, `sdk${sdk}`);
      await mkdir(pageDir);
      await writeFile(path.join(pageDir, 'app.js'), await bundleApp(pageDir, react));
      await writeFile(path.join(pageDir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>useChat</title><div id="root"></div><script src="config.js"></script><script src="app.js"></script>');
      pages.set(sdk, await serveStatic(pageDir, '/'));
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const p of pages.values()) await p.close();
    await service?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The page of `sdk` configured with `key` and extra body fields (served as config.js). */
  async function open(sdk: number, options: { key?: string; extraBody?: Record<string, unknown> } = {}): Promise<{ page: Page; problems: string[] }> {
    const served = pages.get(sdk) as { url: string };
    const page = await browser.newPage();
    const config = { base: service.url, key: options.key ?? assistantKey, domain: DOMAIN, extraBody: options.extraBody ?? {} };
    await page.route(`${served.url}config.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: `window.CHAT = ${JSON.stringify(config)};` }));
    const problems = watchProblems(page);
    await page.goto(served.url);
    return { page, problems };
  }

  async function ask(page: Page, text: string): Promise<void> {
    await page.fill('#q', text);
    await page.click('button[type=submit]');
  }

  const idle = (page: Page) => page.waitForFunction(() => ['ready', 'error'].includes(document.getElementById('status')?.textContent ?? ''));

  for (const { sdk } of SDKS) {
    it(`AI SDK ${sdk}: a cited answer, then a follow-up in the same thread`, async () => {
      const { page, problems } = await open(sdk);
      const threads: string[] = [];
      const bodies: { threadId?: string; fp: string; messages: unknown[]; trigger: string }[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/discovery/v2/') && r.method() === 'POST') bodies.push(JSON.parse(r.postData() ?? '{}'));
      });
      page.on('response', (r) => {
        if (r.url().includes('/discovery/v2/') && r.request().method() === 'POST') threads.push(r.headers()['x-thread-id'] ?? '');
      });
      await ask(page, 'How do I install Sheaf with npm?');
      await idle(page);
      const first = await page.$$eval('.message[data-role=assistant]', (els) =>
        els.map((el) => ({
          text: el.querySelector('.text')?.textContent ?? '',
          sources: [...el.querySelectorAll('.sources li')].map((li) => [li.getAttribute('data-id'), li.querySelector('a')?.getAttribute('href')]),
          thread: el.querySelector('.thread')?.textContent ?? '',
        })),
      );
      expect(await page.textContent('#status')).toBe('ready');
      expect(first).toHaveLength(1);
      expect(first[0]?.text).toMatch(/\[\d\]/);
      expect(first[0]?.sources.length).toBeGreaterThan(0);
      for (const [id, href] of first[0]?.sources ?? []) {
        expect(id).toMatch(/^\d+$/);
        expect(href).toMatch(/^\//);
      }
      expect(first[0]?.thread).toMatch(/^thr_[0-9a-f]{32}$/);
      expect(threads[0]).toBe(first[0]?.thread);
      expect(bodies[0]).toMatchObject({ fp: 'anonymous', trigger: 'submit-message' });
      expect(bodies[0]?.threadId).toBeUndefined();

      await ask(page, 'And what does the build write?');
      await page.waitForFunction(() => document.querySelectorAll('.message[data-role=assistant]').length === 2 && document.getElementById('status')?.textContent === 'ready');
      expect(bodies[1]?.threadId).toBe(first[0]?.thread);
      expect(threads[1]).toBe(first[0]?.thread);
      expect(bodies[1]?.messages).toHaveLength(3);
      const { rows } = await sql<{ role: string; end: string | null }>`SELECT role, turn_end AS end FROM assistant_messages WHERE thread_id = ${first[0]?.thread ?? ''} ORDER BY seq`.execute(service.store.db);
      expect(rows.map((r) => `${r.role}:${r.end ?? ''}`)).toEqual(['user:', 'assistant:stop', 'user:', 'assistant:stop']);
      await page.screenshot({ path: path.join(SHOTS, `use-chat-sdk${sdk}.png`) });
      expect(pageProblems(problems)).toEqual([]);
      await page.close();
    });
  }

  it('AI SDK 5 and 6: each refusal reaches useChat’s error with the service’s message and code', async () => {
    for (const sdk of [5, 6]) {
      const cases = [
        { options: { key: 'svc_dsc_unknown0000' }, code: 'auth/unknown-key' },
        { options: { key: 'svc_admin0000' }, code: 'auth/admin-key' },
        { options: { extraBody: { currentPath: `/${'a'.repeat(200)}` } }, code: 'request/invalid-body' },
        { options: { extraBody: { fp: 42 } }, code: 'request/invalid-body' },
        { options: { extraBody: { threadId: 'thr_00000000000000000000000000000000' } }, code: 'thread/not-found' },
      ];
      for (const { options, code } of cases) {
        const { page } = await open(sdk, options);
        await ask(page, 'How do I install Sheaf?');
        await idle(page);
        expect(await page.textContent('#status'), `${sdk} ${code}`).toBe('error');
        const error = JSON.parse((await page.textContent('#error')) ?? '{}') as { error?: unknown; code?: unknown };
        expect([typeof error.error, error.code], `${sdk} ${code}`).toEqual(['string', code]);
        await page.close();
      }
    }
  });

  it('AI SDK 6: stop() cuts the stream; the service keeps the turn as aborted', async () => {
    const { page } = await open(6);
    provider.hold = true;
    const response = page.waitForResponse((r) => r.url().includes('/discovery/v2/') && r.request().method() === 'POST');
    await ask(page, 'How do I install Sheaf with npm?');
    const thread = (await response).headers()['x-thread-id'] ?? '';
    await page.waitForFunction(() => (document.querySelector('.message[data-role=assistant] .text')?.textContent ?? '') !== '');
    await page.click('#stop');
    await idle(page);
    // The provider is held after its first chunk: it goes on once the service has seen the client go.
    const input = provider.calls[provider.calls.length - 1];
    for (let i = 0; i < 200 && !input?.signal.aborted; i++) await new Promise((r) => setTimeout(r, 10));
    expect(input?.signal.aborted).toBe(true);
    provider.release();
    let end = '';
    for (let i = 0; i < 100 && end === ''; i++) {
      const { rows } = await sql<{ end: string | null }>`SELECT turn_end AS end FROM assistant_messages WHERE thread_id = ${thread} AND role = 'assistant'`.execute(service.store.db);
      end = rows[0]?.end ?? '';
      if (end === '') await new Promise((r) => setTimeout(r, 20));
    }
    expect(end).toBe('aborted');
    await page.close();
  });
});
