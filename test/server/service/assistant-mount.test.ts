import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { processDataStream } from '@ai-sdk/ui-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExtractiveProvider } from '../../../src/server/assistant/index.js';
import type { ExportRunner } from '../../../src/server/service/export-runner.js';
import { mountAssistant } from '../../../src/server/service/mount-assistant.js';
import { authed, makeWorld, type World } from './helpers.js';

const JOBS = '/v1/static-export/jobs';
const MESSAGE = '/discovery/v1/assistant/docs.acme.com/message';

/** A runner writing a bundle and search records whose text names `word`, so answers show which build they came from. */
const recordsRunner = (word: string): ExportRunner => async (request) => {
  const bundleFile = path.join(request.workDir, 'site.tar.gz');
  const searchRecordsFile = path.join(request.workDir, 'search-records.json');
  await writeFile(bundleFile, 'bundle');
  const records = [
    { id: '/quickstart', route: '/quickstart', anchor: '', title: 'Quickstart', section: '', text: `Install the ${word} client with npm install ${word}.` },
    { id: '/billing', route: '/billing', anchor: '', title: 'Billing', section: '', text: 'Invoices are sent monthly.' },
  ];
  await writeFile(searchRecordsFile, JSON.stringify(records));
  return { ok: true, bundleFile, bytes: 6, pageCount: 2, searchRecordsFile, errors: 0, warnings: 0 };
};

const question = (text: string) =>
  JSON.stringify({ fp: 'anonymous', retrievalPageSize: 5, messages: [{ id: 'm1', role: 'user', content: text, parts: [{ type: 'text', text }] }] });

async function exportOnce(w: World): Promise<void> {
  const started = await w.service.app.request(JOBS, authed(w.keys.acme, { method: 'POST', body: { domain: 'docs.acme.com' } }));
  const { jobId } = (await started.json()) as { jobId: string };
  for (let i = 0; i < 100; i++) {
    const job = (await (await w.service.app.request(`${JOBS}/${jobId}`, authed(w.keys.acme))).json()) as { status: string };
    if (job.status === 'completed') return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the export did not complete');
}

describe('the assistant mounted on the service', () => {
  let w: World;
  beforeEach(async () => {
    w = await makeWorld();
  });
  afterEach(async () => {
    await w.cleanup();
  });

  const start = (word: string) =>
    w.start(recordsRunner(word), { jobsPerWindow: 100 }, (app) =>
      mountAssistant(app as never, { store: w.store, blobs: w.blobs, dataDir: w.dir, clock: () => w.now, log: () => {}, settings: { provider: createExtractiveProvider() } }),
    );

  it('answers from the records of the domain’s latest completed export', async () => {
    start('sheafly');
    const before = await w.service.app.request(MESSAGE, { method: 'POST', headers: { Authorization: `Bearer ${w.keys.acmeAssistant}`, 'Content-Type': 'application/json' }, body: question('How do I install the client?') });
    expect(before.status).toBe(409);
    await exportOnce(w);
    const res = await w.service.app.request(MESSAGE, { method: 'POST', headers: { Authorization: `Bearer ${w.keys.acmeAssistant}`, 'Content-Type': 'application/json' }, body: question('How do I install the client?') });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    const threadId = res.headers.get('x-thread-id');
    expect(threadId).toBeTruthy();
    let text = '';
    const hits: { path: string }[] = [];
    const data: unknown[] = [];
    await processDataStream({
      stream: res.body!,
      onTextPart: (t) => void (text += t),
      onToolResultPart: (r) => void hits.push(...(r.result as { path: string }[])),
      onDataPart: (d) => void data.push(...d),
    });
    expect(hits[0]?.path).toBe('/quickstart');
    expect(text).toContain('sheafly');
    expect(data).toContainEqual({ type: 'finish', threadId });
  });

  it('serves v2 beside v1 from the same records, as a UI message stream with the thread id in the finish metadata', async () => {
    start('sheafly');
    await exportOnce(w);
    const body = JSON.stringify({ id: 'chat_1', trigger: 'submit-message', fp: 'anonymous', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I install the client?' }] }] });
    const res = await w.service.app.request('/discovery/v2/assistant/docs.acme.com/message', { method: 'POST', headers: { Authorization: `Bearer ${w.keys.acmeAssistant}`, 'Content-Type': 'application/json' }, body });
    expect([res.status, res.headers.get('content-type'), res.headers.get('x-vercel-ai-ui-message-stream')]).toEqual([200, 'text/event-stream', 'v1']);
    const threadId = res.headers.get('x-thread-id');
    const events = (await res.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)) as { type: string; delta?: string; output?: { path: string }[]; messageMetadata?: { threadId: string } });
    expect(chunks.find((c) => c.type === 'tool-output-available')?.output?.[0]?.path).toBe('/quickstart');
    expect(chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('')).toContain('sheafly');
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { threadId } });
  });

  it('takes the newest export after a second one', async () => {
    start('first');
    await exportOnce(w);
    w.now += 60_000;
    start('second');
    await exportOnce(w);
    const job = await w.store.latestCompletedJob('docs.acme.com');
    expect(job?.searchRecordsFile).toBeDefined();
    const res = await w.service.app.request(MESSAGE, { method: 'POST', headers: { Authorization: `Bearer ${w.keys.acmeAssistant}`, 'Content-Type': 'application/json' }, body: question('install client') });
    let text = '';
    await processDataStream({ stream: res.body!, onTextPart: (t) => void (text += t) });
    expect(text).toContain('second');
    expect(text).not.toContain('first');
  });

  it('refuses the admin key in place of the assistant key', async () => {
    start('x');
    await exportOnce(w);
    const res = await w.service.app.request(MESSAGE, { method: 'POST', headers: { Authorization: `Bearer ${w.keys.acme}`, 'Content-Type': 'application/json' }, body: question('install') });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(((await res.json()) as { code: string }).code).toBe('auth/admin-key');
  });

  it('opens a site’s public key to that site only, for pages on its origins; a rotated key stops working', async () => {
    start('sheafly');
    await exportOnce(w);
    const key = await w.store.setSiteAssistantKey('docs.acme.com', ['https://docs.acme.com', 'http://127.0.0.1:8080']);
    if (!key.ok) throw new Error(key.message);
    const V2 = '/discovery/v2/assistant/docs.acme.com/message';
    const SEARCH = '/discovery/v1/search/docs.acme.com';
    const body = JSON.stringify({ id: 'c1', trigger: 'submit-message', fp: 'anonymous', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I install the client?' }] }] });
    const ask = (url: string, origin: string | undefined, withKey = key.key, payload = body) =>
      w.service.app.request(url, { method: 'POST', headers: { Authorization: `Bearer ${withKey}`, 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) }, body: payload });
    for (const origin of ['https://docs.acme.com', 'http://127.0.0.1:8080', undefined]) {
      const res = await ask(V2, origin);
      expect(res.status, String(origin)).toBe(200);
      await res.text();
    }
    const refused = await ask(V2, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toEqual({
      error: 'This is the public assistant key of `docs.acme.com`, for pages on https://docs.acme.com, http://127.0.0.1:8080; a page on https://evil.example may not use it. The operator adds an origin with `sheaf sites set-assistant-key docs.acme.com --origin …`.',
      code: 'auth/origin-not-allowed',
    });
    // The search and page endpoints check it the same way.
    const search = await ask(SEARCH, 'https://evil.example', key.key, JSON.stringify({ query: 'install' }));
    expect([search.status, ((await search.json()) as { code: string }).code]).toEqual([403, 'auth/origin-not-allowed']);
    expect((await ask(SEARCH, 'https://docs.acme.com', key.key, JSON.stringify({ query: 'install' }))).status).toBe(200);
    // Another site of the same organization answers as an unknown one to this key, not to the organization's own key.
    await w.store.addSite({ domain: 'blog.acme.com', orgId: 'acme', source: w.source });
    const other = await ask('/discovery/v2/assistant/blog.acme.com/message', 'https://docs.acme.com');
    expect([other.status, ((await other.json()) as { code: string }).code]).toEqual([404, 'site/not-found']);
    const orgKey = await ask('/discovery/v2/assistant/blog.acme.com/message', 'https://evil.example', w.keys.acmeAssistant);
    expect([orgKey.status, ((await orgKey.json()) as { code: string }).code]).toEqual([409, 'site/not-built']);
    // A new key: the old one is refused as unknown.
    const rotated = await w.store.setSiteAssistantKey('docs.acme.com', []);
    if (!rotated.ok) throw new Error(rotated.message);
    const old = await ask(V2, 'https://docs.acme.com');
    expect([old.status, ((await old.json()) as { code: string }).code]).toEqual([401, 'auth/unknown-key']);
    const fresh = await ask(V2, 'https://docs.acme.com', rotated.key);
    expect(fresh.status).toBe(200);
    await fresh.text();
  });
});
