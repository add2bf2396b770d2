import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnswerProvider } from '../../../src/server/assistant/answer-provider.js';
import { createExtractiveProvider } from '../../../src/server/assistant/extractive-provider.js';
import { ACME_KEY, ask, buildSites, chat, errorOf, IP_HEADER, OTHER_KEY, post, startHarness, streamParts, userMessage, type BuiltSites } from './harness.js';

let sites: BuiltSites;
beforeAll(async () => {
  sites = await buildSites();
});
afterAll(async () => {
  await sites?.remove();
});

const limitHeaders = (response: Response) => ({
  limit: response.headers.get('ratelimit-limit'),
  remaining: response.headers.get('ratelimit-remaining'),
  reset: response.headers.get('ratelimit-reset'),
  retryAfter: response.headers.get('retry-after'),
});

describe('rate limits (in-memory fixed windows on the injected clock)', () => {
  it('limits requests per organization per hour, and the window rolls over on the hour', async () => {
    // 10:30 UTC: the hour's window ends in 1,800 s.
    const h = await startHarness({ sites, limits: { orgPerHour: 2, ipPerDay: 100 }, now: Date.UTC(2026, 0, 1, 10, 30, 0) });
    try {
      const send = async (ip: string, key = ACME_KEY, domain = 'acme') => {
        const response = await post(h.url(domain), ask('How do I create a note?'), { [IP_HEADER]: ip, Authorization: `Bearer ${key}` });
        return { response, status: response.status, headers: limitHeaders(response), body: await response.text() };
      };
      const one = await send('192.0.2.1');
      expect([one.status, one.headers]).toEqual([200, { limit: '2', remaining: '1', reset: '1800', retryAfter: null }]);
      const two = await send('192.0.2.2');
      expect([two.status, two.headers]).toEqual([200, { limit: '2', remaining: '0', reset: '1800', retryAfter: null }]);
      // A third address changes nothing: the limit is the organization's.
      const three = await send('192.0.2.3');
      expect([three.status, three.headers]).toEqual([429, { limit: '2', remaining: '0', reset: '1800', retryAfter: '1800' }]);
      expect(JSON.parse(three.body)).toEqual({
        error: 'Too many assistant requests for this organization: the limit is 2 per hour. Try again in 1800 s.',
        code: 'rate-limit/organization',
      });
      // Another organization has its own window.
      expect((await send('192.0.2.3', OTHER_KEY, 'other')).status).toBe(200);
      h.clock.now += 1_799_500;
      const almost = await send('192.0.2.1');
      expect([almost.status, almost.headers.retryAfter]).toEqual([429, '1']);
      h.clock.now += 500; // 11:00:00, a new window
      const next = await send('192.0.2.1');
      expect([next.status, next.headers]).toEqual([200, { limit: '2', remaining: '1', reset: '3600', retryAfter: null }]);
      // The v4 client surfaces the 429 body as the hook's error.
      await send('192.0.2.1');
      await expect(chat(h.url('acme'), [userMessage('u1', 'How do I create a note?')])).rejects.toThrow('"code":"rate-limit/organization"');
    } finally {
      await h.close();
    }
  });

  it('limits requests per IP address per day, before authentication, and the window rolls over at midnight UTC', async () => {
    // 18:00 UTC: the day's window ends in 21,600 s.
    const h = await startHarness({ sites, limits: { orgPerHour: 100, ipPerDay: 2 }, now: Date.UTC(2026, 0, 1, 18, 0, 0) });
    try {
      const send = async (ip: string, headers: Record<string, string> = {}) => {
        const response = await post(h.url('acme'), ask('How do I create a note?'), { [IP_HEADER]: ip, ...headers });
        return { status: response.status, headers: limitHeaders(response), body: await response.text() };
      };
      const one = await send('203.0.113.7');
      expect([one.status, one.headers]).toEqual([200, { limit: '2', remaining: '1', reset: '21600', retryAfter: null }]);
      expect((await send('203.0.113.7')).status).toBe(200);
      const three = await send('203.0.113.7');
      expect([three.status, three.headers]).toEqual([429, { limit: '2', remaining: '0', reset: '21600', retryAfter: '21600' }]);
      expect(JSON.parse(three.body)).toEqual({ error: 'Too many assistant requests from this IP address: the limit is 2 per day. Try again in 21600 s.', code: 'rate-limit/ip' });
      const anonymous = await send('203.0.113.7', { Authorization: '' });
      expect([anonymous.status, JSON.parse(anonymous.body).code]).toEqual([429, 'rate-limit/ip']);
      expect((await send('198.51.100.9')).status).toBe(200);
      h.clock.now += 21_600_000;
      const tomorrow = await send('203.0.113.7');
      expect([tomorrow.status, tomorrow.headers]).toEqual([200, { limit: '2', remaining: '1', reset: '86400', retryAfter: null }]);
    } finally {
      await h.close();
    }
  });
});

describe('a client that goes away mid-stream', () => {
  it('stops the provider when the reader cancels, stores the partial answer as aborted, and keeps serving', async () => {
    const h = await startHarness({ sites });
    try {
      let sawAbort!: () => void;
      const providerSawAbort = new Promise<void>((resolve) => (sawAbort = resolve));
      const slow: AnswerProvider = {
        name: 'slow',
        async *answer(input) {
          for (let i = 0; i < 400; i++) {
            if (input.signal.aborted) {
              sawAbort();
              return;
            }
            yield `chunk ${i} `;
            await sleep(25, undefined, { signal: input.signal }).catch(() => undefined);
          }
        },
      };
      h.provider = slow;
      const response = await post(h.url('acme'), ask('How do I create a note?'));
      const threadId = response.headers.get('x-thread-id') as string;
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      while (!text.includes('\n0:"chunk 1 "')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended early');
        text += new TextDecoder().decode(value);
      }
      await reader.cancel();
      await providerSawAbort;
      await vi.waitFor(async () => {
        const { rows } = await sql<{ content: string; turnEnd: string }>`SELECT content, turn_end AS turnEnd FROM assistant_messages WHERE thread_id = ${threadId} AND role = 'assistant'`.execute(h.db);
        const row = rows[0];
        expect(row?.turnEnd).toBe('aborted');
        expect(row?.content.startsWith('chunk 0 chunk 1 ')).toBe(true);
      });
      h.provider = createExtractiveProvider();
      const next = await post(h.url('acme'), ask('Can I restore a deleted note?'));
      expect(next.status).toBe(200);
      const parts = await streamParts(next);
      expect(parts.map(([c]) => c).join('')).toMatch(/^f9aef0+h+2ed$/);
    } finally {
      await h.close();
    }
  });

  it('stops when the client aborts its fetch', async () => {
    const h = await startHarness({ sites });
    try {
      let sawAbort!: () => void;
      const providerSawAbort = new Promise<void>((resolve) => (sawAbort = resolve));
      h.provider = {
        name: 'slow',
        async *answer(input) {
          input.signal.addEventListener('abort', () => sawAbort(), { once: true });
          for (let i = 0; i < 400 && !input.signal.aborted; i++) {
            yield `chunk ${i} `;
            await sleep(25, undefined, { signal: input.signal }).catch(() => undefined);
          }
        },
      };
      const controller = new AbortController();
      const response = await fetch(h.url('acme'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ACME_KEY}` },
        body: JSON.stringify(ask('How do I create a note?')),
        signal: controller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      while (!text.includes('\n0:')) text += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      await providerSawAbort;
      h.provider = createExtractiveProvider();
      expect((await errorOf(await post(h.url('acme'), ask('Hi'), { Authorization: 'Bearer svc_dsc_nope' }))).code).toBe('auth/unknown-key');
      const next = await chat(h.url('acme'), [userMessage('u1', 'Can I restore a deleted note?')]);
      expect(next.message.content).toContain('No: deleting is final.');
    } finally {
      await h.close();
    }
  });
});
