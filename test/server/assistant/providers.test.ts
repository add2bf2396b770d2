import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerProviderError, type AnswerInput, type AnswerProvider, type SearchHit, type TokenUsage } from '../../../src/server/assistant/answer-provider.js';
import { createProvider, providerConfigSchema } from '../../../src/server/assistant/create-provider.js';
import { createExtractiveProvider, NOTHING_FOUND } from '../../../src/server/assistant/extractive-provider.js';
import { createOpenAiCompatibleProvider, promptOf } from '../../../src/server/assistant/openai-compatible-provider.js';
import { ask, buildSites, chat, post, startHarness, streamParts, userMessage, type BuiltSites, type Harness } from './harness.js';

const KEY = 'sk-test-secret-123';

/** What the fake chat-completions server does with the next request. */
type Mode = 'answer' | 'no-usage' | 'fail' | 'malformed' | 'error-chunk' | 'stall';

interface Received {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { model: string; stream: boolean; stream_options?: { include_usage?: boolean }; messages: { role: string; content: string }[] };
}

/**
 * A local server speaking the OpenAI chat-completions streaming protocol: `data: {chunk}` events
 * (split across writes mid-line, with CRLF line ends, a comment and a role-only first chunk),
 * then the usage chunk (no choices) when the request asks for it and the mode is not `no-usage`,
 * then `data: [DONE]`.
 */
async function startModelServer(): Promise<{ baseUrl: string; received: Received[]; mode: { current: Mode }; close: () => Promise<void> }> {
  const received: Received[] = [];
  const mode = { current: 'answer' as Mode };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (req.headers.authorization !== `Bearer ${KEY}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{"message":"bad key"}}');
        return;
      }
      if (mode.current === 'fail') {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(`{"error":{"message":"upstream exploded; key was ${KEY}"}}`);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      if (mode.current === 'stall') return; // headers, then nothing until the client gives up
      const event = (delta: Record<string, unknown>) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\r\n\r\n`;
      const body =
        ': keep-alive\r\n\r\n' +
        event({ role: 'assistant' }) +
        event({ content: 'Create a note with ' }) +
        (mode.current === 'malformed' ? 'data: {not json\n\n' : '') +
        (mode.current === 'error-chunk' ? `data: {"error":{"message":"overloaded, key ${KEY}"}}\n\n` : '') +
        event({ content: '`POST /notes` [1], ' }) +
        event({ content: 'or with curl [2][3].\nSee also [9].' }) +
        (received.at(-1)?.body.stream_options?.include_usage && mode.current !== 'no-usage'
          ? `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 321, completion_tokens: 17, total_tokens: 338 } })}\r\n\r\n`
          : '') +
        'data: [DONE]\r\n\r\n';
      // Split mid-line so the client must buffer.
      const cut = Math.floor(body.length / 2);
      res.write(body.slice(0, cut));
      setTimeout(() => res.end(body.slice(cut)), 10);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    mode,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const hits: SearchHit[] = [
  { path: '/api-reference/notes/create-a-note', content: 'POST /notes Create a note', metadata: { title: 'Create a note', section: '' } },
  { path: '/quickstart#create-a-note', content: 'curl -X POST https://api.example.com/v1/notes', metadata: { title: 'Quickstart', section: 'Create a note' } },
  { path: '/guides/components#create-a-note', content: 'Create an API key in the dashboard.', metadata: { title: 'Working with notes', section: 'Create a note' } },
];
const input = (extra: Partial<AnswerInput> = {}): AnswerInput => ({
  question: 'How do I create a note?',
  history: [],
  context: [],
  hits,
  signal: new AbortController().signal,
  ...extra,
});
/** The text chunks of an answer, and the usages it reported (in `usages`). */
const collect = async (provider: AnswerProvider, i: AnswerInput, usages: TokenUsage[] = []): Promise<string[]> => {
  const out: string[] = [];
  for await (const chunk of provider.answer(i)) {
    if (typeof chunk === 'string') out.push(chunk);
    else usages.push(chunk.usage);
  }
  return out;
};

let model: Awaited<ReturnType<typeof startModelServer>>;
let sites: BuiltSites;
let h: Harness;
beforeAll(async () => {
  model = await startModelServer();
  sites = await buildSites();
  h = await startHarness({ sites });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
  await sites?.remove();
});

describe('the extractive provider', () => {
  it('quotes the best sentences of each relevant passage with its citation, deterministically', async () => {
    const provider = createExtractiveProvider();
    const chunks = await collect(provider, input());
    expect(chunks).toEqual([
      'Here is what the documentation says:\n\n',
      '- **Create a note**: POST /notes Create a note [1]\n',
      '- **Quickstart › Create a note**: curl -X POST https://api.example.com/v1/notes [2]\n',
      '- **Working with notes › Create a note**: Create an API key in the dashboard. [3]\n',
    ]);
    expect(await collect(provider, input())).toEqual(chunks);
  });

  it('leaves out passages that share no word with the question, keeping their numbers', async () => {
    const offTopic: SearchHit = { path: '/x', content: 'Unrelated words only.', metadata: { title: 'Elsewhere', section: '' } };
    const chunks = await collect(createExtractiveProvider({ maxPassages: 2 }), input({ hits: [offTopic, ...hits] }));
    expect(chunks).toEqual([
      'Here is what the documentation says:\n\n',
      '- **Create a note**: POST /notes Create a note [2]\n',
      '- **Quickstart › Create a note**: curl -X POST https://api.example.com/v1/notes [3]\n',
    ]);
  });

  it('reports its usage as the documented estimate: the prompt a model would get and the answer, 4 characters a token', async () => {
    const usages: TokenUsage[] = [];
    const chunks = await collect(createExtractiveProvider(), input(), usages);
    const prompt = promptOf(input()).reduce((sum, m) => sum + Math.ceil(m.content.length / 4), 0);
    expect(usages).toEqual([{ promptTokens: prompt, completionTokens: Math.ceil(chunks.join('').length / 4) }]);
    expect(usages).toEqual([{ promptTokens: 171, completionTokens: 64 }]);
  });

  it('says plainly when nothing relevant was found', async () => {
    expect(await collect(createExtractiveProvider(), input({ hits: [] }))).toEqual([NOTHING_FOUND]);
    expect(await collect(createExtractiveProvider(), input({ question: 'Explain quantum gravity', hits }))).toEqual([NOTHING_FOUND]);
  });

  it('picks the sentences around the best match, the context counting as the question', async () => {
    const faq: SearchHit = {
      path: '/faq',
      content: 'Can I restore a deleted note? No: deleting is final. Export notes you may need. Is there a size limit? A note body holds at most 100 KB.',
      metadata: { title: 'FAQ', section: '' },
    };
    expect(await collect(createExtractiveProvider(), input({ question: 'Is there a size limit for a note?', hits: [faq] }))).toEqual([
      'Here is what the documentation says:\n\n',
      '- **FAQ**: Is there a size limit? A note body holds at most 100 KB. [1]\n',
    ]);
    expect(await collect(createExtractiveProvider({ maxSentences: 1 }), input({ question: 'Explain this', context: [{ type: 'textSelection', value: 'restore deleted' }], hits: [faq] }))).toEqual([
      'Here is what the documentation says:\n\n',
      '- **FAQ**: Can I restore a deleted note? [1]\n',
    ]);
  });
});

describe('the OpenAI-compatible provider', () => {
  it('streams the deltas of a chat-completions stream, with a prompt built from the numbered passages', async () => {
    model.mode.current = 'answer';
    const provider = createOpenAiCompatibleProvider({ baseUrl: `${model.baseUrl}/`, apiKey: KEY, model: 'tiny-model' });
    const history = [
      { role: 'user' as const, content: 'Hello' },
      { role: 'assistant' as const, content: 'Hi! Ask me about the docs.' },
    ];
    const context = [{ type: 'code' as const, value: 'curl -X POST /notes', path: '/quickstart' }];
    const usages: TokenUsage[] = [];
    const chunks = await collect(provider, input({ history, context }), usages);
    expect(chunks).toEqual(['Create a note with ', '`POST /notes` [1], ', 'or with curl [2][3].\nSee also [9].']);
    // The usage the upstream counted, asked for with stream_options.include_usage.
    expect(usages).toEqual([{ promptTokens: 321, completionTokens: 17 }]);
    const request = model.received.at(-1) as Received;
    expect(request.body.stream_options).toEqual({ include_usage: true });
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('tiny-model');
    expect(request.body.stream).toBe(true);
    expect(request.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const system = request.body.messages[0]?.content ?? '';
    expect(system).toContain('Cite every passage you use with its number in square brackets, like [1]');
    expect(system).toContain('[1] Create a note (/api-reference/notes/create-a-note)\nPOST /notes Create a note');
    expect(system).toContain('[2] Quickstart › Create a note (/quickstart#create-a-note)\ncurl -X POST https://api.example.com/v1/notes');
    expect(request.body.messages.slice(1, 3)).toEqual(history);
    expect(request.body.messages[3]?.content).toBe('How do I create a note?\n\nCode the question is about (from /quickstart):\n```\ncurl -X POST /notes\n```');
  });

  it('reports no usage when the upstream sends none, and the endpoint estimates it', async () => {
    model.mode.current = 'no-usage';
    const provider = createOpenAiCompatibleProvider({ baseUrl: model.baseUrl, apiKey: KEY, model: 'tiny-model' });
    try {
      const usages: TokenUsage[] = [];
      expect((await collect(provider, input(), usages)).join('')).toBe('Create a note with `POST /notes` [1], or with curl [2][3].\nSee also [9].');
      expect(usages).toEqual([]);
      h.provider = provider;
      const parts = await streamParts(await post(h.url('acme'), ask('How do I create a note?')));
      const usage = (parts.at(-1)?.[1] as { usage: TokenUsage }).usage;
      expect(usage.completionTokens).toBe(Math.ceil('Create a note with `POST /notes` [1], or with curl [2][3].\nSee also [9].'.length / 4));
      expect(usage.promptTokens).toBeGreaterThan(100);
    } finally {
      model.mode.current = 'answer';
      h.provider = createExtractiveProvider();
    }
  });

  it('turns failures into masked errors: no key, no upstream body', async () => {
    const provider = createOpenAiCompatibleProvider({ baseUrl: model.baseUrl, apiKey: KEY, model: 'tiny-model' });
    const failure = async (i: AnswerInput = input()) => {
      try {
        await collect(provider, i);
      } catch (error) {
        expect(error).toBeInstanceOf(AnswerProviderError);
        return (error as Error).message;
      }
      throw new Error('no failure');
    };
    model.mode.current = 'fail';
    expect(await failure()).toBe('The model provider answered with HTTP 500.');
    model.mode.current = 'malformed';
    expect(await failure()).toBe('The model provider sent a malformed stream.');
    model.mode.current = 'error-chunk';
    expect(await failure()).toBe('The model provider reported an error.');
    const wrongKey = createOpenAiCompatibleProvider({ baseUrl: model.baseUrl, apiKey: 'sk-wrong', model: 'tiny-model' });
    await expect(collect(wrongKey, input())).rejects.toThrow('The model provider answered with HTTP 401.');
    const unreachable = createOpenAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY, model: 'tiny-model' });
    await expect(collect(unreachable, input())).rejects.toThrow('The model provider could not be reached.');
    model.mode.current = 'stall';
    const impatient = createOpenAiCompatibleProvider({ baseUrl: model.baseUrl, apiKey: KEY, model: 'tiny-model', timeoutMs: 200 });
    await expect(collect(impatient, input())).rejects.toThrow('The model provider did not answer within 0.2 s.');
    model.mode.current = 'answer';
  });

  it('ends quietly when the client aborts', async () => {
    model.mode.current = 'stall';
    const controller = new AbortController();
    const provider = createOpenAiCompatibleProvider({ baseUrl: model.baseUrl, apiKey: KEY, model: 'tiny-model' });
    const done = collect(provider, input({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(await done).toEqual([]);
    model.mode.current = 'answer';
  });

  it('answers through the endpoint: model tokens as text parts, a source per cited passage', async () => {
    model.mode.current = 'answer';
    h.provider = createOpenAiCompatibleProvider({ baseUrl: model.baseUrl, apiKey: KEY, model: 'tiny-model' });
    try {
      const { message, data, response } = await chat(h.url('acme'), [userMessage('u1', 'How do I create a note?')]);
      expect(message.content).toBe('Create a note with `POST /notes` [1], or with curl [2][3].\nSee also [9].');
      const result = message.parts.find((p) => p.type === 'tool-invocation');
      const found = result?.type === 'tool-invocation' && result.toolInvocation.state === 'result' ? (result.toolInvocation.result as SearchHit[]) : [];
      // [9] names no passage (5 were retrieved), so it gets no source.
      expect(message.parts.flatMap((p) => (p.type === 'source' ? [p.source] : []))).toEqual(
        [1, 2, 3].map((n) => {
          const hit = found[n - 1] as SearchHit;
          return { sourceType: 'url', id: String(n), url: hit.path, title: hit.metadata.section ? `${hit.metadata.title} › ${hit.metadata.section}` : hit.metadata.title };
        }),
      );
      expect(data).toEqual([{ type: 'finish', threadId: response.headers.get('x-thread-id') }]);
      const system = model.received.at(-1)?.body.messages[0]?.content ?? '';
      expect(system).toContain(`[1] ${found[0]?.metadata.title}`);
      // The model's usage in both streams: v1's finish parts, v2's finish metadata.
      const v1 = await streamParts(await post(h.url('acme'), ask('How do I create a note?')));
      expect(v1.slice(-2)).toEqual([
        ['e', { finishReason: 'stop', usage: { promptTokens: 321, completionTokens: 17 }, isContinued: false }],
        ['d', { finishReason: 'stop', usage: { promptTokens: 321, completionTokens: 17 } }],
      ]);
      const v2 = await (await post(h.urlV2('acme'), ask('How do I create a note?'))).text();
      const finish = v2.split('\n\n').find((event) => event.startsWith('data: {"type":"finish"'));
      expect(JSON.parse(finish?.slice('data: '.length) ?? '{}')).toEqual({
        type: 'finish',
        messageMetadata: { threadId: expect.stringMatching(/^thr_/), usage: { inputTokens: 321, outputTokens: 17, totalTokens: 338 } },
      });
    } finally {
      h.provider = createExtractiveProvider();
    }
  });

  it('sends a provider failure as an error part with the masked message, and logs no secret', async () => {
    model.mode.current = 'fail';
    h.provider = createOpenAiCompatibleProvider({ baseUrl: model.baseUrl, apiKey: KEY, model: 'tiny-model' });
    try {
      const response = await post(h.url('acme'), ask('How do I create a note?'));
      const raw = await response.clone().text();
      const threadId = response.headers.get('x-thread-id');
      expect(threadId).toMatch(/^thr_[0-9a-f]{32}$/);
      expect(raw).not.toContain(KEY);
      expect(raw).not.toContain('exploded');
      // The error part, then still the finish: the thread id and the usage (estimated: the model never answered).
      const parts = await streamParts(response);
      expect(parts.map(([c]) => c).join('')).toBe('f9aef32ed');
      expect(parts.slice(-4, -2)).toEqual([
        ['3', 'The model provider answered with HTTP 500.'],
        ['2', [{ type: 'finish', threadId }]],
      ]);
      const usage = (parts.at(-1)?.[1] as { usage: { promptTokens: number; completionTokens: number } }).usage;
      expect(usage.completionTokens).toBe(0);
      expect(usage.promptTokens).toBeGreaterThan(100);
      expect(parts.slice(-2)).toEqual([
        ['e', { finishReason: 'error', usage, isContinued: false }],
        ['d', { finishReason: 'error', usage }],
      ]);
      await expect(chat(h.url('acme'), [userMessage('u1', 'How do I create a note?')])).rejects.toThrow('The model provider answered with HTTP 500.');
      expect(h.logs.join('\n')).not.toContain(KEY);
      expect(h.logs.at(-1)).toBe('assistant: provider test failed on a question for acme');
    } finally {
      model.mode.current = 'answer';
      h.provider = createExtractiveProvider();
    }
  });

  it('masks an unexpected provider exception with a generic message', async () => {
    h.provider = {
      name: 'broken',
      async *answer() {
        throw new Error(`internal detail ${KEY}`);
      },
    };
    try {
      const raw = await (await post(h.url('acme'), ask('How do I create a note?'))).text();
      expect(raw).toContain('\n3:"The assistant could not answer. Try again later."\n2:[{"type":"finish","threadId":"thr_');
      expect(raw).not.toContain(KEY);
    } finally {
      h.provider = createExtractiveProvider();
    }
  });
});

describe('createProvider (operator configuration)', () => {
  it('makes the extractive provider', () => {
    const result = createProvider(providerConfigSchema.parse({ kind: 'extractive' }), {});
    expect('provider' in result && result.provider.name).toBe('extractive');
  });

  it('makes an OpenAI-compatible provider whose key comes from the named environment variable', async () => {
    model.mode.current = 'answer';
    const config = providerConfigSchema.parse({ kind: 'openai-compatible', baseUrl: model.baseUrl, model: 'tiny-model', apiKeyEnv: 'SHEAF_TEST_MODEL_KEY' });
    const result = createProvider(config, { SHEAF_TEST_MODEL_KEY: KEY });
    if (!('provider' in result)) throw new Error(result.error.message);
    expect(result.provider.name).toBe('openai-compatible');
    expect((await collect(result.provider, input())).join('')).toBe('Create a note with `POST /notes` [1], or with curl [2][3].\nSee also [9].');
    expect(model.received.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('returns an error when the key variable is not set', () => {
    const config = providerConfigSchema.parse({ kind: 'openai-compatible', baseUrl: 'https://api.example.com/v1', model: 'm', apiKeyEnv: 'MISSING_KEY' });
    expect(createProvider(config, { MISSING_KEY: '' })).toEqual({
      error: {
        code: 'assistant/provider-key-missing',
        message:
          'The assistant\'s model provider needs an API key in the environment variable MISSING_KEY, which is not set. Set it, or use the extractive provider ({"kind":"extractive"}).',
      },
    });
  });

  it('validates the configuration', () => {
    expect(providerConfigSchema.safeParse({ kind: 'openai-compatible', baseUrl: 'ftp://x', model: 'm', apiKeyEnv: 'K' }).success).toBe(false);
    expect(providerConfigSchema.safeParse({ kind: 'openai-compatible', baseUrl: 'https://x/v1', model: 'm', apiKey: 'sk-inline' }).success).toBe(false);
    expect(providerConfigSchema.safeParse({ kind: 'magic' }).success).toBe(false);
  });
});
