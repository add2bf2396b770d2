import { parseDataStreamPart } from '@ai-sdk/ui-utils';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../src/server/assistant/authenticate.js';
import { citedNumbers } from '../../../src/server/assistant/answer-turn.js';
import { dataStreamPart } from '../../../src/server/assistant/data-stream.js';
import { fieldPathOf } from '../../../src/server/assistant/message-body.js';
import { stemOf, termsOf } from '../../../src/server/assistant/query-terms.js';
import { createFixedWindowLimiter, rateLimitHeaders } from '../../../src/server/assistant/rate-limiter.js';
import { readJsonBody } from '../../../src/server/assistant/read-json-body.js';
import { routeIn } from '../../../src/server/assistant/retriever.js';
import { sseEvents } from '../../../src/server/assistant/sse-events.js';
import { createThreadStore } from '../../../src/server/assistant/thread-store.js';
import * as publicApi from '../../../src/server/assistant/index.js';
import { openStore } from '../../../src/server/store/index.js';

describe('data stream parts', () => {
  it('are one line each, which the SDK parses back', () => {
    expect(dataStreamPart('0', 'a\nb "c"')).toBe('0:"a\\nb \\"c\\""\n');
    expect(parseDataStreamPart(dataStreamPart('0', 'a\nb').trimEnd())).toEqual({ type: 'text', value: 'a\nb' });
    expect(parseDataStreamPart(dataStreamPart('2', [{ type: 'finish', threadId: 't' }]).trimEnd())).toEqual({ type: 'data', value: [{ type: 'finish', threadId: 't' }] });
    expect(parseDataStreamPart(dataStreamPart('h', { sourceType: 'url', id: '1', url: '/a', title: 'A' }).trimEnd())).toEqual({
      type: 'source',
      value: { sourceType: 'url', id: '1', url: '/a', title: 'A' },
    });
    expect(parseDataStreamPart(dataStreamPart('e', { finishReason: 'tool-calls', isContinued: false }).trimEnd()).type).toBe('finish_step');
  });

  it('cite the numbers of retrieved passages only, in order of first citation', () => {
    expect(citedNumbers('See [2] and [1][3], again [2], and [1, 4].', 5)).toEqual([2, 1, 3, 4]);
    expect(citedNumbers('Out of range [0] [6], a link [1](https://x) is not a citation.', 5)).toEqual([]);
    expect(citedNumbers('No citations.', 3)).toEqual([]);
  });
});

describe('fixed-window rate limiter', () => {
  it('counts per key, refuses past the limit without counting, and starts over with the next window', async () => {
    const clock = { now: 90_000 };
    const limiter = createFixedWindowLimiter({ name: 'test', limit: 2, windowMs: 60_000, clock: () => clock.now });
    expect(await limiter.take('a')).toEqual({ allowed: true, limit: 2, remaining: 1, resetMs: 30_000, windowSeconds: 60 });
    expect(await limiter.take('a')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.take('a')).toMatchObject({ allowed: false, remaining: 0, resetMs: 30_000 });
    expect(await limiter.take('b')).toMatchObject({ allowed: true, remaining: 1 });
    clock.now = 119_999;
    expect(await limiter.take('a')).toMatchObject({ allowed: false, resetMs: 1 });
    clock.now = 120_000;
    expect(await limiter.take('a')).toMatchObject({ allowed: true, remaining: 1, resetMs: 60_000 });
  });

  it('reports the most constraining policy, with whole seconds rounded up', () => {
    const org = { allowed: true, limit: 10, remaining: 4, resetMs: 1_200, windowSeconds: 3600 };
    const ip = { allowed: true, limit: 100, remaining: 90, resetMs: 50_000, windowSeconds: 86400 };
    expect(rateLimitHeaders([org, ip])).toEqual({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '4', 'RateLimit-Reset': '2', 'RateLimit-Policy': '10;w=3600, 100;w=86400' });
    const refused = { ...ip, allowed: false, remaining: 0, resetMs: 1 };
    expect(rateLimitHeaders([org, refused])).toMatchObject({ 'RateLimit-Limit': '100', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '1', 'Retry-After': '1' });
  });
});

describe('authentication', () => {
  const verify = async (token: string) => (token === 'svc_dsc_good' ? { orgId: 'org_1' } : undefined);
  it('classifies the Authorization header', async () => {
    expect(await authenticate('Bearer svc_dsc_good', verify)).toEqual({ orgId: 'org_1' });
    expect(await authenticate('bearer   svc_dsc_good ', verify)).toEqual({ orgId: 'org_1' });
    expect(await authenticate(undefined, verify)).toMatchObject({ code: 'auth/missing-key' });
    expect(await authenticate('Bearer svc_dsc_good extra', verify)).toMatchObject({ code: 'auth/malformed-key' });
    expect(await authenticate('Token svc_dsc_good', verify)).toMatchObject({ code: 'auth/malformed-key' });
    expect(await authenticate('Bearer svc_live_admin', verify)).toMatchObject({ status: 403, code: 'auth/admin-key' });
    expect(await authenticate('Bearer svc_dsc_bad', verify)).toMatchObject({ status: 401 });
    expect(await authenticate('Bearer svc_dsc_bad', verify)).toMatchObject({ code: 'auth/unknown-key' });
  });
});

describe('request bodies', () => {
  const request = (body: BodyInit, headers: Record<string, string> = {}) => new Request('http://x/', { method: 'POST', body, headers });
  it('are read up to the cap', async () => {
    expect(await readJsonBody(request('{"a":1}'), 7)).toEqual({ value: { a: 1 } });
    expect(await readJsonBody(request('{"a":12}'), 7)).toEqual({ problem: 'too-large' });
    expect(await readJsonBody(request('{"a":1}', { 'Content-Length': '100' }), 50)).toEqual({ problem: 'too-large' });
    expect(await readJsonBody(request('{"a":'), 100)).toEqual({ problem: 'invalid-json' });
  });

  it('name fields by path', () => {
    expect(fieldPathOf(['messages', 0, 'parts', 1, 'toolInvocation', 'result'])).toBe('messages[0].parts[1].toolInvocation.result');
    expect(fieldPathOf([])).toBe('(body)');
  });
});

describe('query terms', () => {
  it('drop stopwords and share stems between word forms', () => {
    expect([...termsOf('How do I authenticate the deleted notes?')]).toEqual(['authenticat', 'delet', 'note']);
    expect(['authentication', 'deleting', 'delete', 'notebooks', 'libraries', 'class', 'string'].map(stemOf)).toEqual([
      'authentication',
      'delet',
      'delet',
      'notebook',
      'library',
      'class',
      'string',
    ]);
  });
});

describe('routeIn', () => {
  const routes = new Set(['/', '/quickstart', '/guides/notes']);
  it('finds the route a path, URL or exported file names', () => {
    expect(routeIn(routes, '/quickstart')).toBe('/quickstart');
    expect(routeIn(routes, 'https://docs.acme.com/guides/notes/?tab=1#limits')).toBe('/guides/notes');
    expect(routeIn(routes, '/guides/notes/index.html')).toBe('/guides/notes');
    expect(routeIn(routes, '/quickstart.html')).toBe('/quickstart');
    expect(routeIn(routes, '/docs/v2/guides/notes')).toBe('/guides/notes');
    expect(routeIn(routes, 'https://docs.acme.com/')).toBe('/');
    expect(routeIn(routes, '/docs/unknown')).toBeUndefined();
  });

  it('decodes the URL path a page sends (its data-route is percent-encoded)', () => {
    const odd = new Set(['/', '/a&b/übersicht:-100%?']);
    expect(routeIn(odd, '/a%26b/%C3%BCbersicht%3A-100%25%3F')).toBe('/a&b/übersicht:-100%?');
    expect(routeIn(odd, 'https://docs.acme.com/docs/a%26b/%C3%BCbersicht%3A-100%25%3F/')).toBe('/a&b/übersicht:-100%?');
  });
});

describe('server-sent events', () => {
  const streamOf = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
  it('yields the data of each event across chunk boundaries, CRLF or LF, skipping comments and other fields', async () => {
    const out: string[] = [];
    for await (const data of sseEvents(streamOf(': hi\r\nevent: x\r\nda', 'ta: {"a":1}\r\n\r\ndata: one\ndata:two\n\nid: 3\n\ndata: [DONE]'))) out.push(data);
    expect(out).toEqual(['{"a":1}', 'one\ntwo', '[DONE]']);
  });
});

describe('thread store', () => {
  it('keeps threads and their messages in order', async () => {
    // The tables come from the store's migrations.
    const service = await openStore({ kind: 'sqlite', file: ':memory:' });
    const db = service.db;
    const clock = { now: 1_000 };
    const store = createThreadStore(db, () => clock.now);
    createThreadStore(db, () => clock.now); // a second one over the same tables: no error
    const thread = await store.create({ domain: 'acme', orgId: 'org_1', fp: 'anonymous' }, [{ id: 'u1', role: 'user', content: 'Q1' }]);
    expect(thread).toEqual({ id: expect.stringMatching(/^thr_[0-9a-f]{32}$/), domain: 'acme', orgId: 'org_1' });
    clock.now = 2_000;
    await store.append(thread.id, { id: 'm1', role: 'assistant', content: 'A1 [1]', sources: ['/a'], end: 'stop' });
    expect(await store.find(thread.id)).toEqual(thread);
    expect(await store.find('thr_nope')).toBeUndefined();
    expect(await store.messages(thread.id)).toEqual([
      { id: 'u1', role: 'user', content: 'Q1', sources: [], createdAt: 1_000 },
      { id: 'm1', role: 'assistant', content: 'A1 [1]', sources: ['/a'], end: 'stop', createdAt: 2_000 },
    ]);
    expect(await db.selectFrom('assistant_threads').select('updated_at as t').execute()).toEqual([{ t: 2_000 }]);
    await service.close();
  });
});

describe('public exports', () => {
  it('are exactly these', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'ASSISTANT_MESSAGE_PATH',
      'ASSISTANT_MESSAGE_V2_PATH',
      'AnswerProviderError',
      'MAX_BODY_BYTES',
      'NOTHING_FOUND',
      'createAssistantRoutes',
      'createExtractiveProvider',
      'createOpenAiCompatibleProvider',
      'createProvider',
      'providerConfigSchema',
    ]);
  });
});
