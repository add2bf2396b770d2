import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import type { UIMessage } from 'ai6';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnswerProvider } from '../../../src/server/assistant/answer-provider.js';
import { createExtractiveProvider } from '../../../src/server/assistant/extractive-provider.js';
import { CORPUS, HAS_CORPUS } from '../../corpus/corpus-path.js';
import { ACME_KEY, buildSites, IP_HEADER, OTHER_KEY, post, ask, startHarness, type BuiltSites, type Harness } from './harness.js';

/**
 * The v2 endpoint through the real client code of the AI SDK: `DefaultChatTransport` (what
 * `useChat` runs) and `readUIMessageStream`, of the first and the latest release of 5 and 6 (5.0.0
 * and 6.0.0 validate chunks with strict objects), and of 7 where Node is 22 or later (its engines).
 */
type Sdk = typeof import('ai6');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const SDKS: readonly { readonly name: string; readonly minNode: number; readonly load: () => Promise<Sdk> }[] = [
  { name: 'ai@5.0.0', minNode: 18, load: async () => (await import('ai5-0')) as unknown as Sdk },
  { name: 'ai@5', minNode: 18, load: async () => (await import('ai5')) as unknown as Sdk },
  { name: 'ai@6.0.0', minNode: 18, load: async () => (await import('ai6-0')) as unknown as Sdk },
  { name: 'ai@6', minNode: 18, load: async () => import('ai6') },
  { name: 'ai@7', minNode: 22, load: async () => (await import('ai7')) as unknown as Sdk },
];

type Hit = { path: string; content: string; metadata: { title: string; section: string } };
type Metadata = { threadId: string; usage?: { inputTokens: number; outputTokens: number; totalTokens: number } };

interface Sent {
  /** The last state of the answer `readUIMessageStream` built. */
  readonly message: UIMessage<Metadata>;
  /** What `onError` got: stream errors (the endpoint's `error` chunk, or a chunk the SDK refused). */
  readonly errors: string[];
  /** The body the transport posted, parsed. */
  readonly request: Record<string, unknown>;
  readonly response: Response;
  readonly raw: string;
}

/** One request as `useChat` makes it: the transport configured as Mintlify's v2 page shows, then the stream read to its end. */
async function send(
  sdk: Sdk,
  url: string,
  messages: UIMessage[],
  options: { readonly body?: Record<string, unknown>; readonly key?: string; readonly signal?: AbortSignal; readonly statuses?: number[] } = {},
): Promise<Sent> {
  const requests: Record<string, unknown>[] = [];
  const responses: Response[] = [];
  const transport = new sdk.DefaultChatTransport({
    api: url,
    headers: { Authorization: `Bearer ${options.key ?? ACME_KEY}` },
    body: { fp: 'anonymous', retrievalPageSize: 5, ...options.body },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const response = await fetch(input, init);
      options.statuses?.push(response.status);
      responses.push(response.clone());
      return response;
    }) as typeof fetch,
  });
  const stream = await transport.sendMessages({ chatId: 'chat_1', messages, trigger: 'submit-message', messageId: undefined, abortSignal: options.signal });
  const errors: string[] = [];
  let message: UIMessage<Metadata> | undefined;
  for await (const m of sdk.readUIMessageStream<UIMessage<Metadata>>({ stream, onError: (e) => errors.push(e instanceof Error ? e.message : String(e)) })) message = m;
  const response = responses[0] as Response;
  if (!message) throw new Error(`no message; errors: ${errors.join('; ')}`);
  return { message, errors, request: requests[0] as Record<string, unknown>, response, raw: await response.text() };
}

/** The status and `{error, code}` of a refused request: the transport throws an error whose message is the response body. */
async function refusal(
  sdk: Sdk,
  url: string,
  messages: UIMessage[],
  options: { readonly body?: Record<string, unknown>; readonly key?: string } = {},
): Promise<{ status: number; error: string; code: string }> {
  const statuses: number[] = [];
  try {
    await send(sdk, url, messages, { ...options, statuses });
  } catch (error) {
    const body = JSON.parse((error as Error).message) as { error: string; code: string };
    expect(Object.keys(body).sort()).toEqual(['code', 'error']);
    return { status: statuses[0] as number, ...body };
  }
  throw new Error('the request was not refused');
}

const user = (id: string, text: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const textOf = (m: UIMessage): string => m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
const sourcesOf = (m: UIMessage) => m.parts.flatMap((p) => (p.type === 'source-url' ? [{ sourceId: p.sourceId, url: p.url, title: p.title }] : []));

/** Mintlify's documented v2 request schema (OpenAPI 3.0, draft-04), checked with ajv and its formats; undefined without the corpus. */
const documentedRequest = HAS_CORPUS
  ? (() => {
      const doc = JSON.parse(readFileSync(path.join(CORPUS, 'mintlify/mintlify__docs/discovery-openapi.json'), 'utf8')) as {
        paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: object } } } } }>;
      };
      const ajv = new AjvDraft04Module.default({ strict: false, allErrors: true });
      addFormatsModule.default(ajv);
      return ajv.compile(doc.paths['/v2/assistant/{domain}/message']!.post.requestBody.content['application/json'].schema);
    })()
  : undefined;
/** The instance paths where a body breaks the documented schema (none: valid). */
const documentedErrors = (body: unknown): string[] => {
  if (!documentedRequest) throw new Error('no corpus');
  return documentedRequest(body) ? [] : [...new Set((documentedRequest.errors ?? []).map((e) => e.instancePath))];
};

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

describe.each(SDKS)('v2 through $name', ({ minNode, load }) => {
  const runs = NODE_MAJOR >= minNode;
  let sdk: Sdk;
  beforeAll(async () => {
    if (runs) sdk = await load();
  });

  it.runIf(runs)('answers with the search tool call and its hits, cited text, a source-url per cited page and the thread id', async () => {
    const sent = await send(sdk, h.urlV2('acme'), [user('u1', 'Can I restore a deleted note?')]);
    expect(sent.errors).toEqual([]);
    expect(sent.response.status).toBe(200);
    expect(sent.response.headers.get('content-type')).toBe('text/event-stream');
    expect(sent.response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(sent.response.headers.get('cache-control')).toBe('no-store');
    expect(sent.response.headers.get('deprecation')).toBeNull();
    expect(sent.raw.endsWith('data: [DONE]\n\n')).toBe(true);
    const threadId = sent.response.headers.get('x-thread-id') as string;
    expect(threadId).toMatch(/^thr_[0-9a-f]{32}$/);
    const { message } = sent;
    expect(message.id).toMatch(/^msg_[0-9a-f]{24}$/);
    expect(message.role).toBe('assistant');
    expect(message.parts.map((p) => p.type)).toEqual(['step-start', 'tool-search', 'step-start', 'text', 'source-url', 'source-url', 'source-url']);
    const tool = message.parts[1] as { type: 'tool-search'; state: string; input: unknown; output: Hit[]; toolCallId: string };
    expect(tool.state).toBe('output-available');
    expect(tool.toolCallId).toMatch(/^call_[0-9a-f]{24}$/);
    expect(tool.input).toEqual({ query: 'Can I restore a deleted note?' });
    expect(tool.output).toHaveLength(5);
    expect(tool.output.find((x) => x.path === '/guides/components#questions')?.content).toContain('Can I restore a deleted note? No: deleting is final.');
    const text = textOf(message);
    expect(text).toContain('- **Working with notes › Questions**: Can I restore a deleted note? No: deleting is final. [');
    const cited = [...text.matchAll(/\[(\d)\]\n/g)].map((m) => m[1] as string);
    expect(cited).toEqual(['1', '2', '3']);
    expect(sourcesOf(message)).toEqual(
      cited.map((n) => {
        const hit = tool.output[Number(n) - 1] as Hit;
        return { sourceId: n, url: hit.path, title: hit.metadata.section ? `${hit.metadata.title} › ${hit.metadata.section}` : hit.metadata.title };
      }),
    );
    // The thread id and the usage (the extractive provider's estimate: 4 characters a token) as message metadata.
    const usage = message.metadata?.usage;
    expect(message.metadata).toEqual({ threadId, usage });
    expect(usage?.outputTokens).toBe(Math.ceil(text.length / 4));
    expect(usage?.totalTokens).toBe((usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0));
    expect(usage?.inputTokens).toBeGreaterThan(usage?.outputTokens ?? 0);
    // What the transport sent: its chat id, trigger and messages, and the body it was given.
    expect(sent.request).toEqual({ id: 'chat_1', messages: [user('u1', 'Can I restore a deleted note?')], trigger: 'submit-message', messageId: undefined, fp: 'anonymous', retrievalPageSize: 5 });
  });

  it.runIf(runs && HAS_CORPUS)('sends a first request that Mintlify’s documented v2 schema accepts', async () => {
    const sent = await send(sdk, h.urlV2('acme'), [user('u1', 'How do I create a note?')], {
      body: { filter: { version: 'v1', language: 'en', groups: ['staff'] }, context: [{ type: 'code', value: 'curl -X POST /notes', elementId: 'code-block-1' }], currentPath: '/quickstart' },
    });
    expect(sent.response.status).toBe(200);
    expect(documentedErrors(sent.request)).toEqual([]);
  });

  it.runIf(runs)('continues the thread from the finish’s thread id, with the whole conversation sent back', async () => {
    const first = user('u1', 'Can I restore a deleted note?');
    const one = await send(sdk, h.urlV2('acme'), [first]);
    const threadId = one.message.metadata?.threadId as string;
    const second = user('u2', 'What is the maximum size of a note body?');
    const two = await send(sdk, h.urlV2('acme'), [first, one.message, second], { body: { threadId } });
    expect(two.errors).toEqual([]);
    expect(two.message.metadata?.threadId).toBe(threadId);
    expect(two.response.headers.get('x-thread-id')).toBe(threadId);
    expect(textOf(two.message)).toContain('A note body holds at most 100 KB.');
    const { rows } = await sql`SELECT id, role, content, turn_end AS turnEnd FROM assistant_messages WHERE thread_id = ${threadId} ORDER BY seq`.execute(h.db);
    expect(rows).toEqual([
      { id: 'u1', role: 'user', content: 'Can I restore a deleted note?', turnEnd: null },
      { id: one.message.id, role: 'assistant', content: textOf(one.message), turnEnd: 'stop' },
      { id: 'u2', role: 'user', content: 'What is the maximum size of a note body?', turnEnd: null },
      { id: two.message.id, role: 'assistant', content: textOf(two.message), turnEnd: 'stop' },
    ]);
    if (HAS_CORPUS) {
      // The documented schema lists no tool part: the answer's `tool-search` part is the one difference.
      expect(documentedErrors(two.request)).toEqual(['/messages/1/parts/1', '/messages/1/parts/1/type']);
      expect((two.request['messages'] as UIMessage[])[1]?.parts[1]?.type).toBe('tool-search');
    }
  });

  it.runIf(runs)('answers a regenerated question anew in its thread without storing the question twice', async () => {
    const first = user('u1', 'Can I restore a deleted note?');
    const one = await send(sdk, h.urlV2('acme'), [first]);
    const threadId = one.message.metadata?.threadId as string;
    // What `regenerate()` sends: the messages up to the question, the trigger and the message regenerated.
    const errors: unknown[] = [];
    const transport = new sdk.DefaultChatTransport({ api: h.urlV2('acme'), headers: { Authorization: `Bearer ${ACME_KEY}` }, body: { fp: 'anonymous', threadId } });
    const stream = await transport.sendMessages({ chatId: 'chat_1', messages: [first], trigger: 'regenerate-message', messageId: one.message.id, abortSignal: undefined });
    let again: UIMessage<Metadata> | undefined;
    for await (const m of sdk.readUIMessageStream<UIMessage<Metadata>>({ stream, onError: (e) => errors.push(e) })) again = m;
    expect(errors).toEqual([]);
    expect(again?.metadata?.threadId).toBe(threadId);
    expect(textOf(again as UIMessage)).toBe(textOf(one.message));
    const { rows } = await sql`SELECT id, role FROM assistant_messages WHERE thread_id = ${threadId} ORDER BY seq`.execute(h.db);
    expect(rows).toEqual([
      { id: 'u1', role: 'user' },
      { id: one.message.id, role: 'assistant' },
      { id: again?.id, role: 'assistant' },
    ]);
  });

  it.runIf(runs)('refuses bad requests and keys with the status and code of each, as `{error, code}`', async () => {
    const hi = [user('u1', 'Hi')];
    const raw = (id: string, parts: unknown[], extra: Record<string, unknown> = {}) => [{ id, role: 'user', parts, ...extra } as unknown as UIMessage];
    const cases: [ReturnType<typeof refusal>, number, string, string][] = [
      [refusal(sdk, h.urlV2('acme'), hi, { body: { currentPath: `/${'a'.repeat(200)}` } }), 400, 'request/invalid-body', 'Invalid request body: currentPath: Too big: expected string to have <=200 characters.'],
      [refusal(sdk, h.urlV2('acme'), hi, { body: { fp: 7 } }), 400, 'request/invalid-body', 'Invalid request body: fp: Invalid input: expected string, received number.'],
      [refusal(sdk, h.urlV2('acme'), hi, { body: { fp: undefined } }), 400, 'request/invalid-body', 'Invalid request body: fp: is required.'],
      [refusal(sdk, h.urlV2('acme'), hi, { body: { threadId: 5 } }), 400, 'request/invalid-body', 'Invalid request body: threadId: Invalid input: expected string, received number.'],
      [refusal(sdk, h.urlV2('acme'), hi, { body: { retrievalPageSize: '5' } }), 400, 'request/invalid-body', 'Invalid request body: retrievalPageSize: Invalid input: expected number, received string.'],
      [refusal(sdk, h.urlV2('acme'), hi, { body: { filter: { groups: 'staff' } } }), 400, 'request/invalid-body', 'Invalid request body: filter.groups: Invalid input: expected array, received string.'],
      [refusal(sdk, h.urlV2('acme'), hi, { body: { context: [{ type: 'image', value: 'x' }] } }), 400, 'request/invalid-body', 'Invalid request body: context[0].type: Invalid option: expected one of "code"|"textSelection".'],
      [refusal(sdk, h.urlV2('acme'), raw('u1', [{ type: 'text' }])), 400, 'request/invalid-body', 'Invalid request body: messages[0].parts[0].text: a text part needs its text (a string).'],
      [refusal(sdk, h.urlV2('acme'), raw('u1', [{ type: 'text', text: 'Hi' }], { createdAt: '2025-01-02T03:04:05' })), 400, 'request/invalid-body', 'Invalid request body: messages[0].createdAt: Invalid date-time: expected RFC 3339, like 2026-01-01T10:30:00Z.'],
      [refusal(sdk, h.urlV2('acme'), raw('u1', [{ type: 'file', mediaType: 'image/png', url: 'data:,' }])), 400, 'request/invalid-body', 'Invalid request body: messages: there is no user message with text (the question).'],
      [refusal(sdk, h.urlV2('acme'), []), 400, 'request/invalid-body', 'Invalid request body: messages: Too small: expected array to have >=1 items.'],
      [refusal(sdk, h.urlV2('acme'), [user('u1', 'x'.repeat(1_100_000))]), 413, 'request/too-large', 'The request body is larger than 1 MiB. Send fewer or shorter messages.'],
      [refusal(sdk, h.urlV2('acme'), hi, { key: 'svc_dsc_nope' }), 401, 'auth/unknown-key', 'This assistant key is not valid (unknown or revoked).'],
      [refusal(sdk, h.urlV2('acme'), hi, { key: 'not-a-key' }), 401, 'auth/malformed-key', 'The Authorization header must be `Bearer svc_dsc_…` with an assistant key.'],
      [refusal(sdk, h.urlV2('acme'), hi, { key: 'svc_admin_0123456789' }), 403, 'auth/admin-key', ''],
      [refusal(sdk, h.urlV2('acme'), hi, { key: OTHER_KEY }), 404, 'site/not-found', 'No documentation site `acme` is available to this assistant key.'],
      [refusal(sdk, h.urlV2('nowhere'), hi), 404, 'site/not-found', 'No documentation site `nowhere` is available to this assistant key.'],
      [refusal(sdk, h.urlV2('acme-unbuilt'), hi), 409, 'site/not-built', 'The site `acme-unbuilt` has no completed build yet, so the assistant has nothing to answer from. Export the site first.'],
      [refusal(sdk, h.urlV2('acme'), hi, { body: { threadId: 'thr_0123456789abcdef0123456789abcdef' } }), 404, 'thread/not-found', 'There is no thread `thr_0123456789abcdef0123456789abcdef` on this site. Leave threadId out to start a new thread.'],
    ];
    for (const [promise, status, code, message] of cases) {
      const got = await promise;
      expect([got.status, got.code]).toEqual([status, code]);
      if (message) expect(got.error).toBe(message);
      else expect(got.error).toContain('This endpoint needs an assistant key (`svc_dsc_…`), not an admin key.');
    }
    // What the transport cannot send: no key, a body that is not JSON, another content type, another method.
    const statuses = await Promise.all(
      [
        post(h.urlV2('acme'), ask('Hi'), { Authorization: '' }),
        post(h.urlV2('acme'), '{'),
        post(h.urlV2('acme'), ask('Hi'), { 'Content-Type': 'text/plain' }),
        fetch(h.urlV2('acme')),
      ].map(async (r) => {
        const response = await r;
        return [response.status, ((await response.json()) as { code: string }).code];
      }),
    );
    expect(statuses).toEqual([
      [401, 'auth/missing-key'],
      [400, 'request/invalid-json'],
      [415, 'request/unsupported-media-type'],
      [405, 'request/method-not-allowed'],
    ]);
  });

  it.runIf(runs)('ends a provider failure with the error chunk, then the finish with the thread id', async () => {
    h.provider = {
      name: 'failing',
      async *answer() {
        yield 'Partial ';
        throw new Error('internal detail');
      },
    };
    try {
      const sent = await send(sdk, h.urlV2('acme'), [user('u1', 'How do I create a note?')]);
      expect(sent.errors).toEqual(['The assistant could not answer. Try again later.']);
      const threadId = sent.response.headers.get('x-thread-id') as string;
      expect(sent.message.metadata?.threadId).toBe(threadId);
      expect(sent.message.metadata?.usage?.outputTokens).toBe(2);
      expect(textOf(sent.message)).toBe('Partial ');
      const chunks = sent.raw.split('\n\n').filter(Boolean).slice(-5);
      expect(chunks.slice(0, 2)).toEqual(['data: {"type":"text-end","id":"text_' + sent.message.id.slice(4) + '"}', 'data: {"type":"error","errorText":"The assistant could not answer. Try again later."}']);
      expect(chunks.slice(2)).toEqual(['data: {"type":"finish-step"}', `data: ${JSON.stringify({ type: 'finish', messageMetadata: { threadId, usage: sent.message.metadata?.usage } })}`, 'data: [DONE]']);
      expect(sent.raw).not.toContain('internal detail');
    } finally {
      h.provider = createExtractiveProvider();
    }
  });

  it.runIf(runs)('stores an aborted turn when the client aborts, and keeps serving', async () => {
    let sawAbort!: () => void;
    const providerSawAbort = new Promise<void>((resolve) => (sawAbort = resolve));
    const slow: AnswerProvider = {
      name: 'slow',
      async *answer(input) {
        input.signal.addEventListener('abort', () => sawAbort(), { once: true });
        for (let i = 0; i < 400 && !input.signal.aborted; i++) {
          yield `chunk ${i} `;
          await sleep(25, undefined, { signal: input.signal }).catch(() => undefined);
        }
      },
    };
    h.provider = slow;
    try {
      const controller = new AbortController();
      const transport = new sdk.DefaultChatTransport({ api: h.urlV2('acme'), headers: { Authorization: `Bearer ${ACME_KEY}` }, body: { fp: 'anonymous' } });
      const stream = await transport.sendMessages({ chatId: 'c', messages: [user('u1', 'How do I create a note?')], trigger: 'submit-message', messageId: undefined, abortSignal: controller.signal });
      let threadId = '';
      const read = (async () => {
        for await (const m of sdk.readUIMessageStream<UIMessage<Metadata>>({ stream, onError: () => undefined })) {
          threadId = m.metadata?.threadId ?? threadId;
          if (textOf(m).includes('chunk 1 ')) controller.abort();
        }
      })();
      await read.catch(() => undefined);
      await providerSawAbort;
      // The thread id came with the start chunk's metadata, before any text.
      expect(threadId).toMatch(/^thr_[0-9a-f]{32}$/);
      await vi.waitFor(async () => {
        const { rows } = await sql<{ content: string; turnEnd: string }>`SELECT content, turn_end AS turnEnd FROM assistant_messages WHERE thread_id = ${threadId} AND role = 'assistant'`.execute(h.db);
        expect(rows).toHaveLength(1);
        expect(rows[0]?.turnEnd).toBe('aborted');
        expect(rows[0]?.content.startsWith('chunk 0 chunk 1 ')).toBe(true);
      });
    } finally {
      h.provider = createExtractiveProvider();
    }
    const next = await send(sdk, h.urlV2('acme'), [user('u1', 'Can I restore a deleted note?')]);
    expect(textOf(next.message)).toContain('No: deleting is final.');
  });
});

describe('v2 rate limits', () => {
  it.each(SDKS.filter((s) => NODE_MAJOR >= s.minNode))('counts v1 and v2 requests together and answers 429 with Retry-After ($name)', async ({ load }) => {
    const sdk = await load();
    // 10:30 UTC: the organization's hour ends in 1,800 s.
    const limited = await startHarness({ sites, limits: { orgPerHour: 2, ipPerDay: 100 }, now: Date.UTC(2026, 0, 1, 10, 30, 0) });
    try {
      expect((await post(limited.url('acme'), ask('How do I create a note?'))).status).toBe(200);
      const second = await send(sdk, limited.urlV2('acme'), [user('u1', 'How do I create a note?')]);
      expect(second.response.headers.get('ratelimit-remaining')).toBe('0');
      expect(await refusal(sdk, limited.urlV2('acme'), [user('u2', 'Hi')])).toEqual({
        status: 429,
        error: 'Too many assistant requests for this organization: the limit is 2 per hour. Try again in 1800 s.',
        code: 'rate-limit/organization',
      });
      const refused = await post(limited.urlV2('acme'), ask('Hi'));
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '1800']);
    } finally {
      await limited.close();
    }
  });

  it('shares the per-IP day between v1 and v2', async () => {
    // 18:00 UTC: the day ends in 21,600 s.
    const perIp = await startHarness({ sites, limits: { orgPerHour: 100, ipPerDay: 2 }, now: Date.UTC(2026, 0, 1, 18, 0, 0) });
    try {
      const from = { [IP_HEADER]: '203.0.113.7' };
      expect((await post(perIp.url('acme'), ask('Hi'), from)).status).toBe(200);
      expect((await post(perIp.urlV2('acme'), ask('Hi'), from)).status).toBe(200);
      const refused = await post(perIp.urlV2('acme'), ask('Hi'), from);
      expect([refused.status, refused.headers.get('retry-after'), ((await refused.json()) as { code: string }).code]).toEqual([429, '21600', 'rate-limit/ip']);
      expect((await post(perIp.url('acme'), ask('Hi'), from)).status).toBe(429);
    } finally {
      await perIp.close();
    }
  });
});

describe('v2 CORS', () => {
  it('lets browser scripts call from any origin and read the thread id and stream headers', async () => {
    const preflight = await fetch(h.urlV2('acme'), {
      method: 'OPTIONS',
      headers: { Origin: 'https://docs.example.com', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST,OPTIONS');
    const answer = await post(h.urlV2('acme'), { fp: 'anonymous', messages: [user('u1', 'Hi')] }, { Origin: 'https://docs.example.com' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-expose-headers')?.split(',')).toEqual(expect.arrayContaining(['X-Thread-Id', 'X-Vercel-AI-UI-Message-Stream', 'Retry-After']));
    await answer.body?.cancel();
  });
});
