import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvDraft04Module from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { AnswerProviderError, type AnswerProvider, type SearchHit } from '../../src/server/assistant/answer-provider.js';
import { turnStream } from '../../src/server/assistant/answer-turn.js';
import { messageBodyV2Schema } from '../../src/server/assistant/message-body.js';
import { uiMessageStreamEncoding } from '../../src/server/assistant/ui-message-stream.js';
import { startAssistant } from '../../src/client/assistant/assistant-panel.js';
import { citationOf, hrefOf, tokensOf } from '../../src/client/assistant/citations.js';
import { problemOf, requestBody, retryAfterSeconds } from '../../src/client/assistant/request.js';
import { applyChunk, createReply, eventSplitter, parseChunk, replyOf, type Reply } from '../../src/client/assistant/ui-message-stream.js';
import { questionMessage, textOf, type UiMessage } from '../../src/client/assistant/ui-message.js';
import type { BrowserWindow } from '../../src/client/shared/browser-window.js';
import { $, click, key, pages } from './page-window.js';

const page = pages();

const hits: SearchHit[] = [
  { path: '/guides/components#questions', content: 'Can I restore a deleted note? No: deleting is final.', metadata: { title: 'Working with notes', section: 'Questions' } },
  { path: '/guides/notes', content: 'A note belongs to exactly one notebook.', metadata: { title: 'Notes and notebooks', section: '' } },
];

/** The bytes the v2 endpoint sends for one answer (its own stream code), as text; `fail` makes the provider fail after the chunks. */
async function serviceStream(chunks: string[], fail?: string): Promise<string> {
  const provider: AnswerProvider = {
    name: 'fixed',
    async *answer() {
      yield* chunks;
      if (fail) throw new AnswerProviderError(fail);
    },
  };
  const stream = turnStream({ threadId: 'thr_1', question: 'q', history: [], context: [], query: 'q', hits, provider, signal: new AbortController().signal, onEnd: () => undefined }, uiMessageStreamEncoding);
  return new Response(stream).text();
}

/** Feeds `text` to a reply in pieces of `size` characters, as the network might cut it. */
function read(text: string, size: number): Reply {
  const reply = createReply();
  const splitter = eventSplitter();
  const apply = (events: string[]) => {
    for (const data of events) {
      const chunk = parseChunk(data);
      if (chunk) applyChunk(reply, chunk);
    }
  };
  for (let i = 0; i < text.length; i += size) apply(splitter.push(text.slice(i, i + size)));
  apply(splitter.end());
  return reply;
}

/** Mintlify's published v2 request schema (the corpus's discovery-openapi.json), compiled. */
function mintlifyV2RequestSchema() {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/mintlify/mintlify__docs/discovery-openapi.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }> };
  const schema = doc.paths['/v2/assistant/{domain}/message']?.post.requestBody.content['application/json']?.schema;
  // OpenAPI 3.0 schemas are draft-04 with `nullable`, `example` and `format` words ajv does not know.
  const ajv = new AjvDraft04Module.default({ strict: false, allErrors: true, formats: { 'date-time': true } });
  return ajv.compile(schema as object);
}

describe('reading and sending', () => {
  it('reads the service’s stream into the message useChat would build, however the bytes are cut', async () => {
    const text = await serviceStream(['Deleting is final [1].\n', 'A note has one notebook [2].']);
    for (const size of [1, 7, 64, text.length]) {
      const reply = read(text, size);
      expect(textOf(reply.message)).toBe('Deleting is final [1].\nA note has one notebook [2].');
      expect(reply.message.id).toMatch(/^msg_[0-9a-f]{24}$/);
      expect(reply.message.parts.map((p) => p.type)).toEqual(['step-start', 'step-start', 'text', 'source-url', 'source-url']);
      expect(reply.message.parts[2]).toEqual({ type: 'text', text: 'Deleting is final [1].\nA note has one notebook [2].' });
      expect(reply.sources).toEqual([
        { type: 'source-url', sourceId: '1', url: '/guides/components#questions', title: 'Working with notes › Questions' },
        { type: 'source-url', sourceId: '2', url: '/guides/notes', title: 'Notes and notebooks' },
      ]);
      expect(reply.hits).toEqual(hits);
      expect(reply.threadId).toBe('thr_1');
      expect(reply.finished).toBe(true);
      expect(reply.error).toBe('');
    }
  });

  it('takes an error chunk as the reply’s error, and skips events it cannot read', () => {
    const text = 'data: {"type":"start","messageId":"m1"}\n\n: a comment\n\ndata: not json\n\ndata: {"type":"unknown-kind"}\n\n' +
      'data: {"type":"text-delta","id":"a","delta":"Pa"}\r\n\r\nevent: x\ndata: {"type":"text-delta","id":"a","delta":"rt"}\n\ndata: {"no":"type"}\n\n' +
      'data: {"type":"error","errorText":"The provider is down."}\n\ndata: {"type":"finish","threadId":"thr_9"}';
    const reply = read(text, 5);
    expect(textOf(reply.message)).toBe('Part');
    expect(reply.message.id).toBe('m1');
    expect(reply.error).toBe('The provider is down.');
    // The thread id beside `type` is read too, and a last event without its blank line still counts.
    expect([reply.threadId, reply.finished]).toEqual(['thr_9', true]);
    expect(parseChunk('[DONE]')).toBeNull();
    expect(parseChunk('{"type":1}')).toBeNull();
    expect(parseChunk('{"type":"a:b"}')).toEqual({ type: 'a:b' });
  });

  it('joins the data lines of one event, and ignores the tool output of another tool', () => {
    const text = 'data: {"type":"tool-input-available","toolCallId":"c1","toolName":"other","input":{}}\n\n' +
      'data: {"type":"tool-output-available","toolCallId":"c1","output":[1,2]}\n\ndata: {"type":"text-delta",\ndata: "id":"t","delta":"x"}\n\n';
    const reply = read(text, 3);
    expect([reply.hits, textOf(reply.message)]).toEqual([[], 'x']);
  });

  it('takes a provider failure as the reply’s error; the stream still ends with the thread id', async () => {
    const reply = read(await serviceStream(['Half an answer'], 'The model is overloaded.'), 11);
    expect([textOf(reply.message), reply.error, reply.threadId, reply.finished]).toEqual(['Half an answer', 'The model is overloaded.', 'thr_1', true]);
  });

  it('rebuilds what a stored assistant message shows: its sources', async () => {
    const reply = read(await serviceStream(['See [2].']), 100);
    const again = replyOf(JSON.parse(JSON.stringify(reply.message)) as UiMessage);
    expect(again.sources).toEqual(reply.sources);
    expect(again.finished).toBe(true);
    expect(citationOf(again, 2)).toEqual({ url: '/guides/notes', title: 'Notes and notebooks' });
    expect(citationOf(again, 1)).toBeNull();
  });

  it('cites by source id first, then by search hit number', () => {
    const reply = createReply();
    reply.hits = hits;
    expect(citationOf(reply, 1)).toEqual({ url: '/guides/components#questions', title: 'Working with notes › Questions' });
    reply.sources = [{ type: 'source-url', sourceId: '1', url: '/quickstart', title: 'Quickstart' }];
    expect(citationOf(reply, 1)).toEqual({ url: '/quickstart', title: 'Quickstart' });
    expect(citationOf(reply, 3)).toBeNull();
  });

  it('links a cited route relative to the page, as search results are linked', () => {
    expect(hrefOf('/guides/components#questions', '../', false, 'directory')).toBe('../guides/components/#questions');
    expect(hrefOf('/guides/components#a b', '../../', false, 'directory')).toBe('../../guides/components/#a%20b');
    expect(hrefOf('/', '../', false, 'directory')).toBe('../');
    expect(hrefOf('/', '', false, 'directory')).toBe('./');
    expect(hrefOf('/quickstart/', '', true, 'directory')).toBe('quickstart/index.html');
    expect(hrefOf('https://docs.acme.com/x', '../', false, 'directory')).toBe('https://docs.acme.com/x');
    expect(hrefOf('javascript:alert(1)', '../', false, 'directory')).toBeNull();
    expect(hrefOf('//evil.example/x', '../', false, 'directory')).toBeNull();
    expect(hrefOf(42, '../', false, 'directory')).toBeNull();
    // The html URL style links the pages' files, on file:// too.
    expect(hrefOf('/guides/components#questions', '../', false, 'html')).toBe('../guides/components.html#questions');
    expect(hrefOf('/', '../', true, 'html')).toBe('../index.html');
  });

  it('splits answer text into text, bold, code and citations, never markup', () => {
    expect(tokensOf('Use **npm** or `pip` [1][2, 3] and [see](x) [4](y) <b>x</b>')).toEqual([
      { type: 'text', text: 'Use ' },
      { type: 'strong', text: 'npm' },
      { type: 'text', text: ' or ' },
      { type: 'code', text: 'pip' },
      { type: 'text', text: ' ' },
      { type: 'cite', text: '[1]', numbers: [1] },
      { type: 'cite', text: '[2, 3]', numbers: [2, 3] },
      { type: 'text', text: ' and [see](x) [4](y) <b>x</b>' },
    ]);
    expect(tokensOf('')).toEqual([]);
  });

  it('says why a request was refused, in plain words, from Mintlify’s error shape and the older one', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(problemOf(429, { error: 'Too many assistant requests…', code: 'rate-limit/ip' }, '17', now)).toEqual({ code: 'rate-limit/ip', text: 'Too many questions: try again in 17 s.' });
    expect(problemOf(429, null, 'Sun, 01 Mar 2026 10:01:00 GMT', now).text).toBe('Too many questions: try again in 60 s.');
    expect(problemOf(429, null, null, now).text).toBe('Too many questions: try again in a while.');
    expect(problemOf(404, { error: 'There is no thread.', code: 'thread/not-found' }, null, now)).toEqual({ code: 'thread/not-found', text: 'There is no thread.' });
    expect(problemOf(404, { error: { code: 'thread/not-found', message: 'There is no thread.' } }, null, now)).toEqual({ code: 'thread/not-found', text: 'There is no thread.' });
    expect(problemOf(400, { error: 'Bad body.' }, null, now)).toEqual({ code: '', text: 'Bad body.' });
    expect(problemOf(401, 'not json', null, now).text).toBe('The assistant refused the question (HTTP 401).');
    expect(problemOf(502, null, null, now).text).toBe('The assistant is not available right now (HTTP 502). Try again later.');
    expect(retryAfterSeconds('0', now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBe(0);
  });

  it('sends the body DefaultChatTransport sends: chat id, messages, trigger, fp, page size, the route (at most 200 characters), the thread', () => {
    const m: UiMessage = { id: 'a', role: 'user', parts: [{ type: 'text', text: 'q' }] };
    expect(requestBody('chat1', [m], '', '/quickstart')).toEqual({ id: 'chat1', messages: [m], trigger: 'submit-message', fp: 'anonymous', retrievalPageSize: 5, currentPath: '/quickstart' });
    expect(requestBody('chat1', [m], 'thr_1', '')).toEqual({ id: 'chat1', messages: [m], trigger: 'submit-message', fp: 'anonymous', retrievalPageSize: 5, threadId: 'thr_1' });
    expect(requestBody('chat1', [m], '', `/${'a'.repeat(200)}`)).not.toHaveProperty('currentPath');
    const many = Array.from({ length: 25 }, (_, i) => ({ ...m, id: String(i) }));
    expect(requestBody('chat1', many, '', '').messages.map((x) => x.id)).toEqual(many.slice(5).map((x) => x.id));
  });

  it('makes 16-character message ids', () => {
    const reply = createReply();
    expect(reply.message.id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(createReply().message.id).not.toBe(reply.message.id);
    expect(questionMessage('q').id).toMatch(/^[0-9A-Za-z]{16}$/);
  });

  it('sends what Mintlify’s published v2 request schema and the endpoint’s own schema accept, the conversation included', async () => {
    const validate = mintlifyV2RequestSchema();
    const question = questionMessage('How do I restore a note?');
    expect(question).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'How do I restore a note?' }] });
    const answer = read(await serviceStream(['No [1].']), 9).message;
    const body = JSON.parse(JSON.stringify(requestBody('chat1', [question, answer, questionMessage('And notebooks?')], 'thr_1', '/guides/notes'))) as unknown;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const parsed = messageBodyV2Schema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    // The schema can fail: a message without parts does not pass.
    expect(validate({ fp: 'anonymous', messages: [{ id: 'x', role: 'user' }] })).toBe(false);
  });
});

const ENDPOINT = 'http://127.0.0.1:9/discovery/v2/assistant/docs.example.com/message';
const STORE = `sheaf-assistant:v2:${ENDPOINT}`;
const PANEL = `<button data-sheaf-assistant-open>Ask AI</button>
  <dialog id="sheaf-search" aria-label="Search" open><input id="search-input" placeholder="Search…" aria-label="Search">
  <button class="sheaf-assistant-ask" data-sheaf-assistant-ask>Ask</button>
  <div id="sheaf-search-results"></div>
  <section id="sheaf-assistant" data-endpoint="${ENDPOINT}" data-key="svc_dsc_public1" hidden>
    <div class="sheaf-assistant-log"><p class="sheaf-assistant-empty">Ask a question.</p></div>
    <button data-sheaf-assistant-back>Back</button><p class="sheaf-assistant-status"></p><button data-sheaf-assistant-reset>New</button>
  </section></dialog>`;

type Call = { url: string; init: RequestInit | undefined };

/** A page of a site under /docs/ with the panel; fetch answers with `answers` in turn. */
function panelPage(answers: (() => Response | Error)[], url = 'https://docs.example.com/docs/guides/start/'): { win: BrowserWindow; calls: Call[] } {
  const win = page({ url, root: { 'data-base': '../../', 'data-route': '/guides/start' }, body: PANEL });
  const calls: Call[] = [];
  win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    const a = next();
    if (a instanceof Error) throw a;
    return a;
  }) as typeof win.fetch;
  return { win, calls };
}

const streamed = async (chunks: string[]) => {
  const text = await serviceStream(chunks);
  return () => new Response(text, { headers: { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1', 'X-Thread-Id': 'thr_1' } });
};

/** Waits until the panel is idle again (no answer being read). */
async function answered(win: BrowserWindow): Promise<void> {
  for (let i = 0; i < 100 && win.document.querySelector('.sheaf-assistant-answer[aria-busy]'); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

function ask(win: BrowserWindow, text: string): void {
  const input = $(win, '#search-input') as HTMLInputElement;
  input.value = text;
  key(win, input, 'Enter', { ctrlKey: true });
}

describe('the panel', () => {
  it('shows on the header button, asks with Ctrl+Enter and shows the streamed answer with linked citations', async () => {
    const { win, calls } = panelPage([await streamed(['Deleting is final [1]. See **notes** [2].'])]);
    startAssistant(win);
    click(win, $(win, '[data-sheaf-assistant-open]'));
    const dialog = $(win, '#sheaf-search');
    expect([dialog.classList.contains('sheaf-assistant-active'), $(win, '#sheaf-assistant').hidden, dialog.getAttribute('aria-label')]).toEqual([true, false, 'Ask AI']);
    expect($(win, '#search-input').getAttribute('placeholder')).toBe('Ask AI a question about the docs…');
    ask(win, '  Can I restore a note?  ');
    expect($(win, '.sheaf-assistant-question').textContent).toBe('Can I restore a note?');
    expect(($(win, '#search-input') as HTMLInputElement).value).toBe('');
    await answered(win);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(ENDPOINT);
    expect(calls[0]?.init?.credentials).toBe('omit');
    expect((calls[0]?.init?.headers as Record<string, string>)['Authorization']).toBe('Bearer svc_dsc_public1');
    const body = JSON.parse(String(calls[0]?.init?.body)) as { id: string; trigger: string; fp: string; retrievalPageSize: number; currentPath: string; messages: UiMessage[] };
    expect([body.trigger, body.fp, body.retrievalPageSize, body.currentPath, body.messages.map(textOf)]).toEqual(['submit-message', 'anonymous', 5, '/guides/start', ['Can I restore a note?']]);
    expect(body.id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect($(win, '.sheaf-assistant-text').innerHTML).toBe(
      'Deleting is final <span class="sheaf-assistant-cites"><a class="sheaf-assistant-cite" href="../../guides/components/#questions" title="Working with notes › Questions" aria-label="Source 1: Working with notes › Questions">1</a></span>. ' +
        'See <strong>notes</strong> <span class="sheaf-assistant-cites"><a class="sheaf-assistant-cite" href="../../guides/notes/" title="Notes and notebooks" aria-label="Source 2: Notes and notebooks">2</a></span>.',
    );
    expect([...win.document.querySelectorAll('.sheaf-assistant-sources li a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['../../guides/components/#questions', 'Working with notes › Questions'],
      ['../../guides/notes/', 'Notes and notebooks'],
    ]);
    expect([$(win, '.sheaf-assistant-typing').hidden, $(win, '.sheaf-assistant-error').hidden, $(win, '.sheaf-assistant-status').textContent]).toEqual([true, true, 'Answer ready.']);
    expect($(win, '#search-input').getAttribute('placeholder')).toBe('Ask a follow-up question…');
    const stored = JSON.parse(win.sessionStorage.getItem(STORE) ?? 'null') as { threadId: string; messages: UiMessage[] };
    expect([stored.threadId, stored.messages.map((m) => m.role)]).toEqual(['thr_1', ['user', 'assistant']]);
  });

  it('sends the thread with the follow-up, and goes on with the stored conversation on the next page', async () => {
    const { win, calls } = panelPage([await streamed(['First [1].']), await streamed(['Second.'])]);
    startAssistant(win);
    ask(win, 'one');
    await answered(win);
    ask(win, 'two');
    await answered(win);
    const first = JSON.parse(String(calls[0]?.init?.body)) as { id: string };
    const second = JSON.parse(String(calls[1]?.init?.body)) as { id: string; threadId: string; messages: UiMessage[] };
    expect([second.id, second.threadId, second.messages.map((m) => `${m.role}:${textOf(m)}`)]).toEqual([first.id, 'thr_1', ['user:one', 'assistant:First [1].', 'user:two']]);

    const next = panelPage([], 'https://docs.example.com/docs/guides/notes/');
    next.win.sessionStorage.setItem(STORE, win.sessionStorage.getItem(STORE) ?? '');
    startAssistant(next.win);
    expect([...next.win.document.querySelectorAll('.sheaf-assistant-question')].map((q) => q.textContent)).toEqual(['one', 'two']);
    expect([...next.win.document.querySelectorAll('.sheaf-assistant-text')].map((t) => t.textContent)).toEqual(['First 1.', 'Second.']);
    expect($(next.win, '.sheaf-assistant-empty').hidden).toBe(true);
    click(next.win, $(next.win, '[data-sheaf-assistant-reset]'));
    expect(next.win.document.querySelectorAll('.sheaf-assistant-turn').length).toBe(0);
    expect(next.win.sessionStorage.getItem(STORE)).toBeNull();
  });

  it('says why a question was not answered, and puts it back in the field', async () => {
    const refused = () => new Response(JSON.stringify({ error: 'Too many.', code: 'rate-limit/ip' }), { status: 429, headers: { 'Retry-After': '30' } });
    const { win } = panelPage([refused, () => new TypeError('Failed to fetch')]);
    startAssistant(win);
    ask(win, 'one');
    await answered(win);
    expect($(win, '.sheaf-assistant-error').textContent).toBe('Too many questions: try again in 30 s.');
    expect($(win, '.sheaf-assistant-error').hidden).toBe(false);
    expect(($(win, '#search-input') as HTMLInputElement).value).toBe('one');
    ask(win, 'two');
    await answered(win);
    expect([...win.document.querySelectorAll('.sheaf-assistant-error')].map((e) => e.textContent)[1]).toBe(
      'Could not reach the assistant. Check your connection and try again; if it keeps failing, the assistant service may not accept requests from this site.',
    );
  });

  it('starts a new thread when the service no longer knows the stored one', async () => {
    const gone = () => new Response(JSON.stringify({ error: 'There is no thread.', code: 'thread/not-found' }), { status: 404 });
    const { win, calls } = panelPage([await streamed(['One.']), gone, await streamed(['Two.'])]);
    startAssistant(win);
    ask(win, 'one');
    await answered(win);
    ask(win, 'two');
    await answered(win);
    expect(calls.map((c) => (JSON.parse(String(c.init?.body)) as { threadId?: string }).threadId)).toEqual([undefined, 'thr_1', undefined]);
    expect([...win.document.querySelectorAll('.sheaf-assistant-text')].map((t) => t.textContent)).toEqual(['One.', 'Two.']);
  });

  it('goes back to the search view, rerunning the search for the field', () => {
    const { win } = panelPage([]);
    startAssistant(win);
    let searched = 0;
    $(win, '#search-input').addEventListener('input', () => searched++);
    click(win, $(win, '[data-sheaf-assistant-open]'));
    click(win, $(win, '[data-sheaf-assistant-back]'));
    expect([$(win, '#sheaf-search').classList.contains('sheaf-assistant-active'), $(win, '#sheaf-assistant').hidden, searched]).toEqual([false, true, 1]);
    expect([$(win, '#sheaf-search').getAttribute('aria-label'), $(win, '#search-input').getAttribute('placeholder')]).toEqual(['Search', 'Search…']);
  });

  it('sets up once, and not at all without an endpoint and key', () => {
    const { win } = panelPage([]);
    startAssistant(win);
    const first = win.SheafAssistant;
    startAssistant(win);
    expect(win.SheafAssistant).toBe(first);
    const bare = page({ body: '<dialog id="sheaf-search"><input id="search-input"></dialog>' });
    startAssistant(bare);
    expect(bare.SheafAssistant).toEqual({ version: 1 });
    key(bare, $(bare, '#search-input'), 'Enter', { ctrlKey: true });
    expect(bare.document.querySelectorAll('.sheaf-assistant-turn').length).toBe(0);
  });
});
