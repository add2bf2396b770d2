import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callChatApi, fillMessageParts, type UIMessage } from '@ai-sdk/ui-utils';
import type { AnswerInput } from '../../../src/server/assistant/answer-provider.js';
import { createExtractiveProvider, NOTHING_FOUND } from '../../../src/server/assistant/extractive-provider.js';
import { ask, buildSites, chat, errorOf, post, streamParts, userMessage, type BuiltSites, type Harness, startHarness, ACME_KEY } from './harness.js';

let sites: BuiltSites;
let h: Harness;

beforeAll(async () => {
  sites = await buildSites();
  h = await startHarness({ sites });
});
afterAll(async () => {
  await h?.close();
  await sites?.remove();
});

type Hit = { path: string; content: string; metadata: { title: string; section: string; version?: string; language?: string } };
const hitsOf = (message: UIMessage): Hit[] => {
  const part = message.parts.find((p) => p.type === 'tool-invocation');
  if (part?.type !== 'tool-invocation' || part.toolInvocation.state !== 'result') throw new Error('no search result');
  return part.toolInvocation.result as Hit[];
};
const sourcesOf = (message: UIMessage) => message.parts.flatMap((p) => (p.type === 'source' ? [p.source] : []));

describe('assistant message: the stream', () => {
  it('answers a first question with the search tool call, cited text, sources and the thread id', async () => {
    const { message, finishReason, data, response } = await chat(h.url('acme'), [userMessage('u1', 'Can I restore a deleted note?')]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const threadId = response.headers.get('x-thread-id');
    expect(threadId).toMatch(/^thr_[0-9a-f]{32}$/);
    expect(data).toEqual([{ type: 'finish', threadId }]);
    expect(finishReason).toBe('stop');
    expect(message.id).toMatch(/^msg_[0-9a-f]{24}$/);
    expect(message.parts.map((p) => p.type)).toEqual(['step-start', 'tool-invocation', 'step-start', 'text', 'source', 'source', 'source']);
    const hits = hitsOf(message);
    expect(hits).toHaveLength(5);
    const questions = hits.find((x) => x.path === '/guides/components#questions');
    expect(questions).toEqual({
      path: '/guides/components#questions',
      content: expect.stringContaining('Can I restore a deleted note? No: deleting is final.'),
      metadata: { title: 'Working with notes', section: 'Questions' },
    });
    expect(message.content.startsWith('Here is what the documentation says:\n\n- **')).toBe(true);
    expect(message.content).toContain('- **Working with notes › Questions**: Can I restore a deleted note? No: deleting is final. [');
    // Every citation [n] of the text has its source part, pointing at the n-th hit.
    const cited = [...message.content.matchAll(/\[(\d)\]\n/g)].map((m) => m[1]);
    expect(cited).toEqual(['1', '2', '3']);
    expect(sourcesOf(message)).toEqual(
      cited.map((n) => {
        const hit = hits[Number(n) - 1] as Hit;
        return { sourceType: 'url', id: n, url: hit.path, title: hit.metadata.section ? `${hit.metadata.title} › ${hit.metadata.section}` : hit.metadata.title };
      }),
    );
  });

  it('sends the parts in the v4 order, one LF-terminated line each', async () => {
    const response = await post(h.url('acme'), ask('Is there a size limit for a note?'));
    const raw = await response.clone().text();
    expect(raw.endsWith('\n')).toBe(true);
    expect(raw).not.toContain('\r');
    for (const line of raw.slice(0, -1).split('\n')) expect(line).toMatch(/^[0239adefh]:/);
    const parts = await streamParts(response);
    const codes = parts.map(([code]) => code).join('');
    expect(codes).toMatch(/^f9aef0+h+2ed$/);
    const call = parts[1]?.[1] as { toolCallId: string; toolName: string; args: unknown };
    expect(call).toEqual({ toolCallId: expect.stringMatching(/^call_[0-9a-f]{24}$/), toolName: 'search', args: { query: 'Is there a size limit for a note?' } });
    expect(parts[2]?.[1]).toMatchObject({ toolCallId: call.toolCallId });
    expect(parts[3]?.[1]).toEqual({ finishReason: 'tool-calls', isContinued: false });
    expect(parts.at(-3)?.[1]).toEqual([{ type: 'finish', threadId: response.headers.get('x-thread-id') }]);
    const text = parts.filter(([c]) => c === '0').map(([, v]) => v).join('');
    expect(text).toContain('A note body holds at most 100 KB.');
    // The extractive provider's usage: its estimate, the answer at 4 characters per token.
    const usage = (parts.at(-1)?.[1] as { usage: { promptTokens: number; completionTokens: number } }).usage;
    expect(usage.completionTokens).toBe(Math.ceil(text.length / 4));
    expect(usage.promptTokens).toBeGreaterThan(usage.completionTokens);
    expect(parts.at(-2)?.[1]).toEqual({ finishReason: 'stop', usage, isContinued: false });
    expect(parts.at(-1)?.[1]).toEqual({ finishReason: 'stop', usage });
  });

  it('continues a thread: the follow-up is stored with it and the provider sees the history', async () => {
    const seen: AnswerInput[] = [];
    const extractive = createExtractiveProvider();
    h.provider = { name: 'recording', answer: (input) => (seen.push(input), extractive.answer(input)) };
    try {
      const first = userMessage('u1', 'Can I restore a deleted note?');
      const one = await chat(h.url('acme'), [first]);
      const threadId = one.response.headers.get('x-thread-id') as string;
      expect(one.message.content).toContain('Can I restore a deleted note? No: deleting is final.');
      // The client sends the whole conversation back, the answer as processChatResponse built it (revisionId and all).
      const second = userMessage('u2', 'What is the maximum size of a note body?');
      const two = await chat(h.url('acme'), [first, one.message, second], { body: { threadId } });
      expect(two.response.headers.get('x-thread-id')).toBe(threadId);
      expect(two.data).toEqual([{ type: 'finish', threadId }]);
      expect(two.message.content).toContain('A note body holds at most 100 KB.');
      expect(seen[0]?.history).toEqual([]);
      expect(seen[1]?.history).toEqual([
        { role: 'user', content: 'Can I restore a deleted note?' },
        { role: 'assistant', content: one.message.content },
      ]);
      const { rows } = await sql`SELECT id, role, content, sources, turn_end AS turnEnd FROM assistant_messages WHERE thread_id = ${threadId} ORDER BY seq`.execute(h.db);
      expect(rows).toEqual([
        { id: 'u1', role: 'user', content: 'Can I restore a deleted note?', sources: '[]', turnEnd: null },
        { id: one.message.id, role: 'assistant', content: one.message.content, sources: JSON.stringify(sourcesOf(one.message).map((s) => s.url)), turnEnd: 'stop' },
        { id: 'u2', role: 'user', content: 'What is the maximum size of a note body?', sources: '[]', turnEnd: null },
        { id: two.message.id, role: 'assistant', content: two.message.content, sources: JSON.stringify(sourcesOf(two.message).map((s) => s.url)), turnEnd: 'stop' },
      ]);
      expect((await sql`SELECT domain, org_id AS orgId, fp FROM assistant_threads WHERE id = ${threadId}`.execute(h.db)).rows).toEqual([{ domain: 'acme', orgId: 'org_acme', fp: 'anonymous' }]);
    } finally {
      h.provider = createExtractiveProvider();
    }
  });

  it('answers the same question again (a client reload) without storing it twice', async () => {
    const seen: AnswerInput[] = [];
    const extractive = createExtractiveProvider();
    h.provider = { name: 'recording', answer: (input) => (seen.push(input), extractive.answer(input)) };
    try {
      const question = userMessage('u1', 'Can I restore a deleted note?');
      const one = await chat(h.url('acme'), [question]);
      const threadId = one.response.headers.get('x-thread-id') as string;
      const again = await chat(h.url('acme'), [question], { body: { threadId } });
      expect(again.message.content).toBe(one.message.content);
      expect(seen[1]?.history).toEqual([]);
      const { rows } = await sql`SELECT id, role FROM assistant_messages WHERE thread_id = ${threadId} ORDER BY seq`.execute(h.db);
      expect(rows).toEqual([
        { id: 'u1', role: 'user' },
        { id: one.message.id, role: 'assistant' },
        { id: again.message.id, role: 'assistant' },
      ]);
    } finally {
      h.provider = createExtractiveProvider();
    }
  });

  it('refuses an unknown thread and a thread of another site with 404', async () => {
    const unknown = await post(h.url('acme'), ask('How do I create a note?', { threadId: 'thr_00000000000000000000000000000000' }));
    expect(await errorOf(unknown)).toEqual({
      status: 404,
      code: 'thread/not-found',
      message: 'There is no thread `thr_00000000000000000000000000000000` on this site. Leave threadId out to start a new thread.',
    });
    const created = await post(h.url('acme'), ask('How do I create a note?'));
    const threadId = created.headers.get('x-thread-id') as string;
    await created.text();
    const elsewhere = await post(h.url('acme-versioned'), ask('What are the rate limits?', { threadId }));
    expect(await errorOf(elsewhere)).toMatchObject({ status: 404, code: 'thread/not-found' });
  });

  it('says plainly when nothing relevant was found, and cites nothing', async () => {
    const { message, data } = await chat(h.url('acme'), [userMessage('u1', 'quantum chromodynamics on a lattice')]);
    expect(hitsOf(message)).toEqual([]);
    expect(message.content).toBe(NOTHING_FOUND);
    expect(sourcesOf(message)).toEqual([]);
    expect(data).toEqual([{ type: 'finish', threadId: expect.stringMatching(/^thr_/) }]);
  });
});

describe('assistant message: retrieval', () => {
  const pathsFor = async (domain: string, body: Record<string, unknown>, question = 'What are the rate limits?') =>
    hitsOf((await chat(h.url(domain), [userMessage('u1', question)], { body })).message).map((x) => x.path);

  it('returns retrievalPageSize hits (default 5)', async () => {
    const five = await pathsFor('acme', {}, 'How do I create a note?');
    expect(five).toHaveLength(5);
    expect(await pathsFor('acme', { retrievalPageSize: 2 }, 'How do I create a note?')).toEqual(five.slice(0, 2));
    expect(await pathsFor('acme', { retrievalPageSize: 8 }, 'How do I create a note?')).toHaveLength(8);
  });

  it('filters by version and language (records without one are shared by all)', async () => {
    const sorted = async (body: Record<string, unknown>) => (await pathsFor('acme-versioned', body)).sort();
    expect(await sorted({})).toEqual(['/fr/limites', '/v1/rate-limits', '/v2/rate-limits']);
    expect(await sorted({ filter: null })).toEqual(['/fr/limites', '/v1/rate-limits', '/v2/rate-limits']);
    expect(await sorted({ filter: { version: 'v2', language: 'en' } })).toEqual(['/v2/rate-limits']);
    expect(await sorted({ filter: { version: 'v1' } })).toEqual(['/fr/limites', '/v1/rate-limits']);
    expect(await sorted({ filter: { language: 'fr' } })).toEqual(['/fr/limites']);
    expect(await sorted({ filter: { language: 'en' } })).toEqual(['/v1/rate-limits', '/v2/rate-limits']);
    expect(await sorted({ filter: { version: 'v3' } })).toEqual(['/fr/limites']);
    const { message } = await chat(h.url('acme-versioned'), [userMessage('u1', 'What are the rate limits?')], { body: { filter: { version: 'v2', language: 'en' } } });
    expect(hitsOf(message)[0]?.metadata).toEqual({ title: 'Rate limits', section: '', version: 'v2', language: 'en' });
    expect(message.content).toContain('Version 2 of the API allows 1000 requests per minute for each key, with bursts of 50.');
  });

  it('ranks the page the user is on first (currentPath as a route or a URL)', async () => {
    const q = 'How do I create a note?';
    const plain = await pathsFor('acme', {}, q);
    expect(plain[0]).not.toMatch(/^\/(guides\/components|quickstart)#/);
    expect(plain).toContain('/guides/components#create-a-note');
    expect(plain).toContain('/quickstart#create-a-note');
    expect((await pathsFor('acme', { currentPath: '/guides/components' }, q))[0]).toBe('/guides/components#create-a-note');
    expect((await pathsFor('acme', { currentPath: 'https://docs.acme.com/quickstart/#get-an-api-key' }, q))[0]).toBe('/quickstart#create-a-note');
  });

  it('adds the context to the query: a vague question about selected text finds its section', async () => {
    const vague = await chat(h.url('acme'), [userMessage('u1', 'Explain this')]);
    expect(hitsOf(vague.message)).toEqual([]);
    expect(vague.message.content).toBe(NOTHING_FOUND);
    const context = [{ type: 'textSelection', value: 'conflict score of two edits', path: '/guides/components', elementId: 'p-12' }];
    const { message, response } = await chat(h.url('acme'), [userMessage('u1', 'Explain this')], { body: { context } });
    expect(response.status).toBe(200);
    expect(hitsOf(message).map((x) => x.path)).toEqual(['/guides/components#how-sync-works']);
    const call = message.parts.find((p) => p.type === 'tool-invocation');
    expect(call?.type === 'tool-invocation' && call.toolInvocation.args).toEqual({ query: 'Explain this conflict score of two edits' });
    expect(message.content).toContain('The conflict score of two edits is');
    expect(sourcesOf(message).map((s) => s.url)).toEqual(['/guides/components#how-sync-works']);
  });

  it('reads a rebuilt records file (the cache follows the file), and answers 500 for an unreadable one', async () => {
    const { writeFile, readFile } = await import('node:fs/promises');
    const original = await readFile(sites.versioned, 'utf8');
    try {
      const records = [{ id: '/new', route: '/new', anchor: '', title: 'Rate limits, rebuilt', section: '', text: 'Rebuilt: 7 requests per minute.' }];
      await writeFile(sites.versioned, JSON.stringify(records));
      expect(await pathsFor('acme-versioned', {})).toEqual(['/new']);
      await writeFile(sites.versioned, '{ not json');
      const broken = await post(h.url('acme-versioned'), ask('What are the rate limits?'));
      expect(await errorOf(broken)).toEqual({ status: 500, code: 'internal', message: 'The site’s search index could not be read. Try again later.' });
      expect(h.logs.at(-1)).toMatch(/^assistant: the search records of acme-versioned could not be read: /);
    } finally {
      await writeFile(sites.versioned, original);
    }
    expect((await pathsFor('acme-versioned', {})).sort()).toEqual(['/fr/limites', '/v1/rate-limits', '/v2/rate-limits']);
  });
});

describe('assistant message: CORS and deprecation', () => {
  it('answers the browser preflight', async () => {
    const response = await fetch(h.url('acme'), {
      method: 'OPTIONS',
      headers: { Origin: 'https://docs.acme.com', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST,OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('lets scripts read the thread, rate-limit and deprecation headers, on answers and errors', async () => {
    const expose = 'X-Thread-Id,X-Vercel-AI-Data-Stream,X-Vercel-AI-UI-Message-Stream,Retry-After,RateLimit-Limit,RateLimit-Remaining,RateLimit-Reset,RateLimit-Policy,Deprecation,Sunset,Link';
    const ok = await post(h.url('acme'), ask('How do I create a note?'), { Origin: 'https://docs.acme.com' });
    await ok.text();
    const denied = await post(h.url('acme'), ask('How do I create a note?'), { Origin: 'https://docs.acme.com', Authorization: '' });
    for (const response of [ok, denied]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe(expose);
      expect(response.headers.get('deprecation')).toBe('true');
      expect(response.headers.get('link')).toBe('</discovery/v2/assistant/acme/message>; rel="successor-version"');
    }
    expect(ok.headers.get('ratelimit-limit')).toBe('10000');
    expect(ok.headers.get('ratelimit-policy')).toBe('10000;w=3600, 10000;w=86400');
  });

  it('refuses other methods with 405', async () => {
    const response = await fetch(h.url('acme'));
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await errorOf(response)).toEqual({ status: 405, code: 'request/method-not-allowed', message: 'Send the message with POST.' });
  });
});

describe('assistant message: authentication', () => {
  const body = ask('How do I create a note?');

  it('needs an assistant key: missing, malformed and unknown keys get 401', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ Authorization: '' }, 'auth/missing-key'],
      [{ Authorization: 'Basic YWxhZGRpbjpvcGVu' }, 'auth/malformed-key'],
      [{ Authorization: 'Bearer' }, 'auth/malformed-key'],
      [{ Authorization: 'Bearer not-a-key' }, 'auth/malformed-key'],
      [{ Authorization: 'Bearer svc_dsc_unknown' }, 'auth/unknown-key'],
    ];
    for (const [headers, code] of cases) {
      const response = await post(h.url('acme'), body, headers);
      expect(response.headers.get('www-authenticate'), code).toBe('Bearer realm="assistant"');
      expect(await errorOf(response), code).toMatchObject({ status: 401, code });
    }
    const none = await fetch(h.url('acme'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(await errorOf(none)).toEqual({ status: 401, code: 'auth/missing-key', message: 'Send the assistant key as `Authorization: Bearer svc_dsc_…`.' });
  });

  it('refuses an admin key with 403 (a key of the wrong kind) without looking it up, saying an assistant key is needed', async () => {
    const before = h.verified.length;
    const response = await post(h.url('acme'), body, { Authorization: 'Bearer svc_admin_0123456789' });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 403, code: 'auth/admin-key' });
    // No bearer challenge: the caller is identified, the key is of the wrong kind.
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(error.message).toContain('This endpoint needs an assistant key (`svc_dsc_…`), not an admin key.');
    expect(error.message).not.toContain('svc_admin_0123456789');
    expect(h.verified.slice(before)).toEqual([]);
  });

  it('answers a key of another organization exactly like an unknown domain (404)', async () => {
    const foreign = await errorOf(await post(h.url('other'), body));
    const unknown = await errorOf(await post(h.url('other-unknown'), body));
    expect(foreign).toEqual({ status: 404, code: 'site/not-found', message: 'No documentation site `other` is available to this assistant key.' });
    expect(unknown).toEqual({ status: 404, code: 'site/not-found', message: 'No documentation site `other-unknown` is available to this assistant key.' });
  });

  it('says when the site has no completed build', async () => {
    expect(await errorOf(await post(h.url('acme-unbuilt'), body))).toMatchObject({ status: 409, code: 'site/not-built' });
  });
});

describe('assistant message: validation', () => {
  const message = (extra: Record<string, unknown>) => ({ id: 'u1', role: 'user', content: 'How do I create a note?', parts: [{ type: 'text', text: 'How do I create a note?' }], ...extra });
  const withParts = (...parts: unknown[]) => ({
    fp: 'anonymous',
    messages: [{ id: 'a0', role: 'assistant', content: 'Earlier answer', parts }, message({})],
  });
  const invocation = (toolInvocation: Record<string, unknown>) => withParts({ type: 'tool-invocation', toolInvocation });

  const cases: [string, unknown, string][] = [
    ['fp missing', { messages: [message({})] }, 'fp: is required'],
    ['fp not a string', { fp: 7, messages: [message({})] }, 'fp: Invalid input: expected string, received number'],
    ['messages missing', { fp: 'anonymous' }, 'messages: is required'],
    ['messages empty', { fp: 'anonymous', messages: [] }, 'messages: Too small: expected array to have >=1 items'],
    ['message id missing (sendExtraMessageFields off)', { fp: 'anonymous', messages: [{ role: 'user', content: 'Hi', parts: [{ type: 'text', text: 'Hi' }] }] }, 'messages[0].id: is required'],
    ['message role unknown', { fp: 'anonymous', messages: [message({ role: 'robot' })] }, 'messages[0].role: Invalid option: expected one of "system"|"assistant"|"data"|"user"'],
    ['message content missing', { fp: 'anonymous', messages: [message({ content: undefined })] }, 'messages[0].content: is required'],
    ['message parts missing', { fp: 'anonymous', messages: [message({ parts: undefined })] }, 'messages[0].parts: is required'],
    ['createdAt not a date-time', { fp: 'anonymous', messages: [message({ createdAt: 'yesterday' })] }, 'messages[0].createdAt: Invalid date-time: expected RFC 3339, like 2026-01-01T10:30:00Z'],
    ['annotations not an array', { fp: 'anonymous', messages: [message({ annotations: {} })] }, 'messages[0].annotations: Invalid input: expected array, received object'],
    ['attachment without url', { fp: 'anonymous', messages: [message({ experimental_attachments: [{ name: 'a.png' }] })] }, 'messages[0].experimental_attachments[0].url: is required'],
    ['attachment contentType not a string', { fp: 'anonymous', messages: [message({ experimental_attachments: [{ url: 'data:,x', contentType: 1 }] })] }, 'messages[0].experimental_attachments[0].contentType: Invalid input: expected string, received number'],
    ['part type unknown', withParts({ type: 'image' }), "messages[0].parts[0].type: Invalid discriminator value. Expected 'text' | 'reasoning' | 'step-start' | 'source' | 'tool-invocation'"],
    ['part type missing', withParts({ text: 'x' }), 'messages[0].parts[0].type: is required'],
    ['text part without text', withParts({ type: 'text' }), 'messages[0].parts[0].text: is required'],
    ['reasoning without details', withParts({ type: 'reasoning', reasoning: 'r' }), 'messages[0].parts[0].details: is required'],
    ['reasoning detail of unknown type', withParts({ type: 'reasoning', reasoning: 'r', details: [{ type: 'secret' }] }), "messages[0].parts[0].details[0].type: Invalid discriminator value. Expected 'text' | 'redacted'"],
    ['redacted detail without data', withParts({ type: 'reasoning', reasoning: 'r', details: [{ type: 'redacted' }] }), 'messages[0].parts[0].details[0].data: is required'],
    ['text detail signature not a string', withParts({ type: 'reasoning', reasoning: 'r', details: [{ type: 'text', text: 't', signature: 1 }] }), 'messages[0].parts[0].details[0].signature: Invalid input: expected string, received number'],
    ['source of another type', withParts({ type: 'source', source: { sourceType: 'file', id: '1', url: '/a' } }), 'messages[0].parts[0].source.sourceType: Invalid input: expected "url"'],
    ['source without url', withParts({ type: 'source', source: { sourceType: 'url', id: '1' } }), 'messages[0].parts[0].source.url: is required'],
    ['tool invocation missing', withParts({ type: 'tool-invocation' }), 'messages[0].parts[0].toolInvocation: is required'],
    ['tool invocation state unknown', invocation({ state: 'done', toolCallId: 'c', toolName: 'search', args: {} }), "messages[0].parts[0].toolInvocation.state: Invalid discriminator value. Expected 'partial-call' | 'call' | 'result'"],
    ['partial call without toolName', invocation({ state: 'partial-call', toolCallId: 'c', args: {} }), 'messages[0].parts[0].toolInvocation.toolName: is required'],
    ['call without args', invocation({ state: 'call', toolCallId: 'c', toolName: 'search' }), 'messages[0].parts[0].toolInvocation.args: is required'],
    ['result without result', invocation({ state: 'result', toolCallId: 'c', toolName: 'search', args: {} }), 'messages[0].parts[0].toolInvocation.result: is required'],
    ['step not a number', invocation({ state: 'call', step: 'one', toolCallId: 'c', toolName: 'search', args: {} }), 'messages[0].parts[0].toolInvocation.step: Invalid input: expected number, received string'],
    ['threadId not a string', { ...ask('Hi'), threadId: 5 }, 'threadId: Invalid input: expected string, received number'],
    ['retrievalPageSize a string', { ...ask('Hi'), retrievalPageSize: '5' }, 'retrievalPageSize: Invalid input: expected number, received string'],
    ['filter version not a string', { ...ask('Hi'), filter: { version: 2 } }, 'filter.version: Invalid input: expected string, received number'],
    ['filter not an object', { ...ask('Hi'), filter: 'v1' }, 'filter: Invalid input: expected object, received string'],
    ['context type unknown', { ...ask('Hi'), context: [{ type: 'image', value: 'x' }] }, 'context[0].type: Invalid option: expected one of "code"|"textSelection"'],
    ['context value missing', { ...ask('Hi'), context: [{ type: 'code' }] }, 'context[0].value: is required'],
    ['context elementId not a string', { ...ask('Hi'), context: [{ type: 'code', value: 'x', elementId: 3 }] }, 'context[0].elementId: Invalid input: expected string, received number'],
    ['currentPath over 200 characters', { ...ask('Hi'), currentPath: `/${'a'.repeat(200)}` }, 'currentPath: Too big: expected string to have <=200 characters'],
    ['empty question', { fp: 'anonymous', messages: [message({ content: ' ', parts: [] })] }, 'messages: there is no user message with text (the question)'],
    ['no user message', { fp: 'anonymous', messages: [{ id: 'a1', role: 'assistant', content: 'x', parts: [] }, { id: 'd1', role: 'data', content: 'y', parts: [] }] }, 'messages: there is no user message with text (the question)'],
  ];

  it.each(cases)('400 naming the field: %s', async (_name, body, expected) => {
    const error = await errorOf(await post(h.url('acme'), body));
    expect(error.status).toBe(400);
    expect(error.code).toBe('request/invalid-body');
    expect(error.message).toBe(`Invalid request body: ${expected}.`);
  });

  it('lists several problems in one message', async () => {
    const error = await errorOf(await post(h.url('acme'), { messages: [message({ role: 'robot' })], currentPath: 5 }));
    expect(error.message).toBe(
      'Invalid request body: fp: is required; currentPath: Invalid input: expected string, received number; messages[0].role: Invalid option: expected one of "system"|"assistant"|"data"|"user".',
    );
  });

  it('accepts every part type, tool invocation state and optional field, and the fields v4 clients add', async () => {
    const body = {
      id: 'chat_1',
      fp: 'user-42',
      data: { anything: true },
      threadId: null,
      retrievalPageSize: 50,
      filter: { version: 'v1', language: 'en', tag: 'ignored' },
      context: [{ type: 'code', value: 'curl -X POST /notes', path: '/quickstart', elementId: 'code-block-1' }],
      currentPath: `/${'a'.repeat(199)}`,
      messages: [
        { id: 's0', role: 'system', content: 'Be brief.', parts: [] },
        { id: 'd0', role: 'data', content: '', parts: [], data: { k: 1 } },
        {
          id: 'a0',
          role: 'assistant',
          content: 'Earlier',
          createdAt: '2026-01-01T10:00:00+01:00',
          revisionId: 'rev1',
          reasoning: 'thought',
          annotations: [{ a: 1 }, 'x', null],
          toolInvocations: [{ state: 'result', toolCallId: 'c1', toolName: 'search', args: {}, result: [] }],
          parts: [
            { type: 'step-start' },
            { type: 'reasoning', reasoning: 'r', details: [{ type: 'text', text: 't', signature: 's' }, { type: 'redacted', data: 'xyz' }] },
            { type: 'tool-invocation', toolInvocation: { state: 'partial-call', toolCallId: 'c0', toolName: 'search', args: null } },
            { type: 'tool-invocation', toolInvocation: { state: 'call', step: 0, toolCallId: 'c1', toolName: 'search', args: { query: 'q' } } },
            { type: 'tool-invocation', toolInvocation: { state: 'result', step: 1, toolCallId: 'c1', toolName: 'search', args: {}, result: null } },
            { type: 'text', text: 'Earlier' },
            { type: 'source', source: { sourceType: 'url', id: '1', url: '/quickstart', title: 'Quickstart', providerMetadata: {} } },
            { type: 'source', source: { sourceType: 'url', id: '2', url: '/guides/notes' } },
          ],
        },
        {
          id: 'u1',
          role: 'user',
          content: 'How do I create a note?',
          createdAt: '2026-01-01T10:30:00.000Z',
          experimental_attachments: [{ url: 'data:text/plain;base64,aGk=', name: 'hi.txt', contentType: 'text/plain' }, { url: 'https://example.com/a.png' }],
          parts: [{ type: 'text', text: 'How do I create a note?' }],
        },
      ],
    };
    const response = await post(h.url('acme'), body);
    expect(response.status).toBe(200);
    const parts = await streamParts(response);
    expect(parts.map(([c]) => c).join('')).toMatch(/^f9aef0+h+2ed$/);
  });

  it('refuses malformed JSON (400), a body over 1 MiB (413) and a body that is not JSON (415)', async () => {
    expect(await errorOf(await post(h.url('acme'), '{"fp":'))).toEqual({ status: 400, code: 'request/invalid-json', message: 'The request body is not valid JSON.' });
    const huge = JSON.stringify(ask('x'.repeat(1_100_000)));
    const tooLarge = await post(h.url('acme'), huge);
    expect(tooLarge.headers.get('connection')).toBe('close');
    expect(await errorOf(tooLarge)).toEqual({ status: 413, code: 'request/too-large', message: 'The request body is larger than 1 MiB. Send fewer or shorter messages.' });
    // Without a Content-Length the cap applies while reading.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(huge));
        controller.close();
      },
    });
    const streamed = await fetch(h.url('acme'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ACME_KEY}` },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(await errorOf(streamed)).toMatchObject({ status: 413, code: 'request/too-large' });
    expect(await errorOf(await post(h.url('acme'), JSON.stringify(ask('Hi')), { 'Content-Type': 'text/plain' }))).toMatchObject({
      status: 415,
      code: 'request/unsupported-media-type',
    });
  });
});

describe('assistant message v1: what Mintlify’s document accepts', () => {
  /** The hits of the `search` tool result of a raw v1 response. */
  const hitCount = async (body: unknown): Promise<number> => {
    const response = await post(h.url('acme'), body);
    expect(response.status).toBe(200);
    const result = (await streamParts(response)).find(([code]) => code === 'a')?.[1] as { result: unknown[] };
    return result.result.length;
  };

  it('brings retrievalPageSize into 1–50 (down to a whole number) instead of refusing it', async () => {
    const broad = ask('note');
    const unlimited = await hitCount({ ...broad, retrievalPageSize: 50 });
    expect(unlimited).toBeGreaterThan(5);
    expect(await hitCount({ ...broad, retrievalPageSize: 0 })).toBe(1);
    expect(await hitCount({ ...broad, retrievalPageSize: -7 })).toBe(1);
    expect(await hitCount({ ...broad, retrievalPageSize: 2.9 })).toBe(2);
    expect(await hitCount({ ...broad, retrievalPageSize: 51 })).toBe(unlimited);
    expect(await hitCount({ ...broad, retrievalPageSize: 1e6 })).toBe(unlimited);
    expect(await hitCount(broad)).toBe(5);
  });

  const at = (createdAt: string) => ({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: 'Hi', parts: [{ type: 'text', text: 'Hi' }], createdAt }] });
  it.each([
    '2025-01-02t03:04:05z',
    '2025-01-02T03:04:05Z',
    '2025-01-02 03:04:05.123456789+05:30',
    '2016-12-31T23:59:60Z',
    '2016-12-31t23:59:60.5z',
    '1990-12-31T15:59:60-08:00',
    '2024-02-29T00:00:00-00:00',
    '2000-02-29T23:59:59+23:59',
  ])('takes the RFC 3339 date-time %s as createdAt', async (createdAt) => {
    const response = await post(h.url('acme'), at(createdAt));
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it.each([
    '2025-01-02T03:04:60Z',
    '2016-12-31T23:59:60+01:00',
    '2025-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2025-04-31T00:00:00Z',
    '2025-13-01T00:00:00Z',
    '2025-01-02T24:00:00Z',
    '2025-01-02T03:04:05',
    '2025-01-02T03:04:05+0100',
    '2025-01-02T03:04:05+01',
    '2025-01-02T03:04:05+24:00',
    '2025-01-02T03:04Z',
    '2025-01-02',
    '2025-01-02_03:04:05Z',
    '2025-01-02T03:04:05.Z',
  ])('still refuses %s, which is no RFC 3339 date-time', async (createdAt) => {
    expect(await errorOf(await post(h.url('acme'), at(createdAt)))).toEqual({
      status: 400,
      code: 'request/invalid-body',
      message: 'Invalid request body: messages[0].createdAt: Invalid date-time: expected RFC 3339, like 2026-01-01T10:30:00Z.',
    });
  });

  it('answers a history ending with an assistant or data message from the last user message, storing the conversation before it', async () => {
    const seen: AnswerInput[] = [];
    const extractive = createExtractiveProvider();
    h.provider = { name: 'recording', answer: (input) => (seen.push(input), extractive.answer(input)) };
    try {
      const messages = [
        { id: 'u0', role: 'user', content: 'Hello', parts: [] },
        { id: 'a0', role: 'assistant', content: 'Hi! Ask me about the docs.', parts: [] },
        { id: 'u1', role: 'user', content: 'Can I restore a deleted note?', parts: [] },
        { id: 'a1', role: 'assistant', content: 'A cut-off answer', parts: [] },
        { id: 'd1', role: 'data', content: '{"k":1}', parts: [] },
      ];
      for (const history of [messages.slice(0, 4), messages]) {
        const response = await post(h.url('acme'), { fp: 'anonymous', messages: history });
        expect(response.status).toBe(200);
        const text = (await streamParts(response)).filter(([c]) => c === '0').map(([, v]) => v).join('');
        expect(text).toContain('Can I restore a deleted note? No: deleting is final.');
        const threadId = response.headers.get('x-thread-id') as string;
        const { rows } = await sql`SELECT id, role FROM assistant_messages WHERE thread_id = ${threadId} ORDER BY seq`.execute(h.db);
        expect(rows.slice(0, 3)).toEqual([
          { id: 'u0', role: 'user' },
          { id: 'a0', role: 'assistant' },
          { id: 'u1', role: 'user' },
        ]);
      }
      expect(seen.map((input) => [input.question, input.history])).toEqual([
        ['Can I restore a deleted note?', [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi! Ask me about the docs.' }]],
        ['Can I restore a deleted note?', [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi! Ask me about the docs.' }]],
      ]);
    } finally {
      h.provider = createExtractiveProvider();
    }
  });

  it('keeps the seed’s rules: null threadId and filter start a new thread, currentPath holds at most 200 characters', async () => {
    const response = await post(h.url('acme'), { ...ask('Hi'), threadId: null, filter: null, currentPath: `/${'a'.repeat(199)}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-thread-id')).toMatch(/^thr_[0-9a-f]{32}$/);
    await response.body?.cancel();
    expect(await errorOf(await post(h.url('acme'), { ...ask('Hi'), currentPath: `/${'a'.repeat(200)}` }))).toMatchObject({ status: 400, code: 'request/invalid-body' });
  });
});

describe('a useChat-style client, configured as the interface says', () => {
  /**
   * What `useChat({ api, headers, body, streamProtocol: 'data', sendExtraMessageFields })` does per
   * `append` (from @ai-sdk/react@1 `triggerRequest`): the message gets an id, createdAt and parts,
   * the body is `{ id, messages, data, ...hookBody, ...requestBody }`, the request goes through
   * `callChatApi`, and the finished assistant message joins the hook's messages; `data` accumulates.
   */
  function useChatLike(options: { api: string; key: string; body: Record<string, unknown>; sendExtraMessageFields: boolean }) {
    const state = { messages: [] as UIMessage[], data: [] as unknown[] };
    let counter = 0;
    return {
      state,
      async append(content: string, requestBody: Record<string, unknown> = {}) {
        const message = fillMessageParts([{ id: `user_${++counter}`, createdAt: new Date(), role: 'user', content }])[0] as UIMessage;
        const messages = [...state.messages, message];
        const payload = options.sendExtraMessageFields
          ? messages
          : messages.map(({ role, content: text, parts }) => ({ role, content: text, ...(parts ? { parts } : {}) }));
        let finished: UIMessage | undefined;
        const before = state.data;
        await callChatApi({
          api: options.api,
          body: { id: 'chat_hook', messages: payload, data: undefined, ...options.body, ...requestBody },
          streamProtocol: 'data',
          credentials: undefined,
          headers: { Authorization: `Bearer ${options.key}` },
          abortController: undefined,
          restoreMessagesOnFailure() {},
          onResponse: undefined,
          onUpdate: ({ data }) => {
            // The hook's data is what it had before the request plus this response's items.
            if (data) state.data = [...before, ...data];
          },
          onToolCall: undefined,
          onFinish: (m) => {
            finished = m as UIMessage;
          },
          generateId: () => `gen_${++counter}`,
          fetch: undefined,
          lastMessage: undefined,
        });
        state.messages = [...messages, finished as UIMessage];
        return finished as UIMessage;
      },
    };
  }

  it('gets a streamed, cited answer about the example docs and continues the thread', async () => {
    const hook = useChatLike({ api: h.url('acme'), key: ACME_KEY, body: { fp: 'anonymous', retrievalPageSize: 5 }, sendExtraMessageFields: true });
    const first = await hook.append('How do I authenticate my requests?');
    expect(first.content).toContain('Send your key in the Authorization header: Authorization: Bearer <key>.');
    expect(sourcesOf(first).map((s) => s.url)).toContain('/guides/authentication');
    const finish = hook.state.data.find((d): d is { type: 'finish'; threadId: string } => (d as { type?: string }).type === 'finish');
    expect(finish?.threadId).toMatch(/^thr_/);
    const second = await hook.append('Can I restore a deleted note?', { threadId: finish?.threadId });
    expect(second.content).toContain('No: deleting is final.');
    expect(hook.state.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const { rows: stored } = await sql`SELECT role FROM assistant_messages WHERE thread_id = ${finish?.threadId ?? null} ORDER BY seq`.execute(h.db);
    expect(stored).toEqual([{ role: 'user' }, { role: 'assistant' }, { role: 'user' }, { role: 'assistant' }]);
  });

  it('without sendExtraMessageFields the messages lack ids, and the request is refused naming the field', async () => {
    const hook = useChatLike({ api: h.url('acme'), key: ACME_KEY, body: { fp: 'anonymous', retrievalPageSize: 5 }, sendExtraMessageFields: false });
    await expect(hook.append('How do I create a note?')).rejects.toThrow('Invalid request body: messages[0].id: is required.');
  });
});
