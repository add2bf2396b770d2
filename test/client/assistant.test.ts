import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnswerProvider, SearchHit } from '../../src/server/assistant/answer-provider.js';
import { answerStream } from '../../src/server/assistant/data-stream.js';

/** src/client/assistant.js: a plain script; its pure helpers run here without a DOM. */

const source = readFileSync(new URL('../../src/client/assistant.js', import.meta.url), 'utf8');

interface Reply {
  message: { id: string; role: string; content: string; parts: { type: string; [k: string]: unknown }[] };
  hits: SearchHit[];
  sources: { id: string; url: string; title?: string }[];
  threadId: string;
  error: string;
  finished: boolean;
}

interface Internals {
  parseLine(line: string): { code: string; value: unknown } | null;
  lineSplitter(): { push(text: string): string[]; end(): string[] };
  createReply(): Reply;
  applyPart(reply: Reply, part: { code: string; value: unknown }): void;
  replyOf(message: Reply['message']): Reply;
  hrefOf(url: unknown, base: string, fileProtocol: boolean): string | null;
  citationOf(reply: Reply, n: number): { url: string; title: string } | null;
  tokensOf(text: string): { type: string; text: string; numbers?: number[] }[];
  retryAfterSeconds(value: string | null, now: number): number;
  problemOf(status: number, body: unknown, retryAfter: string | null, now: number): { code: string; text: string };
  requestBody(messages: unknown[], threadId: string, route: string): Record<string, unknown>;
}

/** Runs the script with a window and no document: only the helpers are set up. */
function load(): { version: number; internals: Internals } {
  const win: Record<string, unknown> = { crypto: globalThis.crypto };
  new Function('window', 'document', source)(win, undefined);
  return win['SheafAssistant'] as never;
}

const { internals } = load();

const hits: SearchHit[] = [
  { path: '/guides/components#questions', content: 'Can I restore a deleted note? No: deleting is final.', metadata: { title: 'Working with notes', section: 'Questions' } },
  { path: '/guides/notes', content: 'A note belongs to exactly one notebook.', metadata: { title: 'Notes and notebooks', section: '' } },
];

/** The bytes the service sends for one answer (its own stream code), as text. */
async function serviceStream(chunks: string[]): Promise<string> {
  const provider: AnswerProvider = {
    name: 'fixed',
    async *answer() {
      yield* chunks;
    },
  };
  const stream = answerStream({ threadId: 'thr_1', question: 'q', history: [], context: [], query: 'q', hits, provider, signal: new AbortController().signal, onEnd: () => undefined });
  return new Response(stream).text();
}

/** Feeds `text` to a reply in pieces of `size` characters, as the network might cut it. */
function read(text: string, size: number): Reply {
  const reply = internals.createReply();
  const splitter = internals.lineSplitter();
  const apply = (lines: string[]) => {
    for (const line of lines) {
      const part = internals.parseLine(line);
      if (part) internals.applyPart(reply, part);
    }
  };
  for (let i = 0; i < text.length; i += size) apply(splitter.push(text.slice(i, i + size)));
  apply(splitter.end());
  return reply;
}

describe('assistant.js', () => {
  it('parses as a script: no imports, no exports, nothing newer than ES2019', () => {
    expect(() => new Function(source)).not.toThrow();
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/\?\.[\w[(]/);
    expect(code).not.toContain('??');
    expect(code).not.toContain('innerHTML');
  });

  it('does nothing with a DOM that has no panel', () => {
    const win: Record<string, unknown> = {};
    const doc = { getElementById: () => null };
    new Function('window', 'document', source)(win, doc);
    expect((win['SheafAssistant'] as { version: number }).version).toBe(1);
  });

  it('reads the service’s stream into the message useChat would build, however the bytes are cut', async () => {
    const text = await serviceStream(['Deleting is final [1].\n', 'A note has one notebook [2].']);
    for (const size of [1, 7, 64, text.length]) {
      const reply = read(text, size);
      expect(reply.message.content).toBe('Deleting is final [1].\nA note has one notebook [2].');
      expect(reply.message.id).toMatch(/^msg_[0-9a-f]{24}$/);
      expect(reply.message.parts.map((p) => p.type)).toEqual(['step-start', 'tool-invocation', 'step-start', 'text', 'source', 'source']);
      expect(reply.message.parts[1]).toMatchObject({ toolInvocation: { state: 'result', step: 0, toolName: 'search', args: { query: 'q' }, result: hits } });
      expect(reply.message.parts[3]).toEqual({ type: 'text', text: 'Deleting is final [1].\nA note has one notebook [2].' });
      expect(reply.sources).toEqual([
        { sourceType: 'url', id: '1', url: '/guides/components#questions', title: 'Working with notes › Questions' },
        { sourceType: 'url', id: '2', url: '/guides/notes', title: 'Notes and notebooks' },
      ]);
      expect(reply.hits).toEqual(hits);
      expect(reply.threadId).toBe('thr_1');
      expect(reply.finished).toBe(true);
      expect(reply.error).toBe('');
    }
  });

  it('takes an error part as the reply’s error, and skips lines it cannot read', () => {
    const reply = read('f:{"messageId":"m1"}\nnot a part\nz:{"unknown":true}\n0:"Part"\n0:{broken\n3:"The provider is down."\n', 5);
    expect(reply.message.content).toBe('Part');
    expect(reply.message.id).toBe('m1');
    expect(reply.error).toBe('The provider is down.');
    expect(reply.finished).toBe(false);
    expect(internals.parseLine('')).toBeNull();
    expect(internals.parseLine(':1')).toBeNull();
    expect(internals.parseLine('0:"a:b"')).toEqual({ code: '0', value: 'a:b' });
  });

  it('rebuilds what a stored assistant message shows: sources and hits', async () => {
    const reply = read(await serviceStream(['See [2].']), 100);
    const again = internals.replyOf(JSON.parse(JSON.stringify(reply.message)));
    expect(again.sources).toEqual(reply.sources);
    expect(again.hits).toEqual(hits);
    expect(again.finished).toBe(true);
    expect(internals.citationOf(again, 2)).toEqual({ url: '/guides/notes', title: 'Notes and notebooks' });
  });

  it('cites by source id first, then by search hit number', () => {
    const reply = internals.createReply();
    reply.hits = hits;
    expect(internals.citationOf(reply, 1)).toEqual({ url: '/guides/components#questions', title: 'Working with notes › Questions' });
    reply.sources = [{ id: '1', url: '/quickstart', title: 'Quickstart' }];
    expect(internals.citationOf(reply, 1)).toEqual({ url: '/quickstart', title: 'Quickstart' });
    expect(internals.citationOf(reply, 3)).toBeNull();
  });

  it('links a cited route relative to the page, as search results are linked', () => {
    expect(internals.hrefOf('/guides/components#questions', '../', false)).toBe('../guides/components/#questions');
    expect(internals.hrefOf('/guides/components#a b', '../../', false)).toBe('../../guides/components/#a%20b');
    expect(internals.hrefOf('/', '../', false)).toBe('../');
    expect(internals.hrefOf('/', '', false)).toBe('./');
    expect(internals.hrefOf('/quickstart/', '', true)).toBe('quickstart/index.html');
    expect(internals.hrefOf('https://docs.acme.com/x', '../', false)).toBe('https://docs.acme.com/x');
    expect(internals.hrefOf('javascript:alert(1)', '../', false)).toBeNull();
    expect(internals.hrefOf('//evil.example/x', '../', false)).toBeNull();
    expect(internals.hrefOf(42, '../', false)).toBeNull();
  });

  it('splits answer text into text, bold, code and citations, never markup', () => {
    expect(internals.tokensOf('Use **npm** or `pip` [1][2, 3] and [see](x) [4](y) <b>x</b>')).toEqual([
      { type: 'text', text: 'Use ' },
      { type: 'strong', text: 'npm' },
      { type: 'text', text: ' or ' },
      { type: 'code', text: 'pip' },
      { type: 'text', text: ' ' },
      { type: 'cite', text: '[1]', numbers: [1] },
      { type: 'cite', text: '[2, 3]', numbers: [2, 3] },
      { type: 'text', text: ' and [see](x) [4](y) <b>x</b>' },
    ]);
    expect(internals.tokensOf('')).toEqual([]);
  });

  it('says why a request was refused, in plain words', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(internals.problemOf(429, { error: { code: 'rate-limit/ip', message: 'Too many assistant requests…' } }, '17', now)).toEqual({ code: 'rate-limit/ip', text: 'Too many questions: try again in 17 s.' });
    expect(internals.problemOf(429, null, 'Sun, 01 Mar 2026 10:01:00 GMT', now).text).toBe('Too many questions: try again in 60 s.');
    expect(internals.problemOf(429, null, null, now).text).toBe('Too many questions: try again in a while.');
    expect(internals.problemOf(404, { error: { code: 'thread/not-found', message: 'There is no thread.' } }, null, now)).toEqual({ code: 'thread/not-found', text: 'There is no thread.' });
    expect(internals.problemOf(401, 'not json', null, now).text).toBe('The assistant refused the question (HTTP 401).');
    expect(internals.problemOf(502, null, null, now).text).toBe('The assistant is not available right now (HTTP 502). Try again later.');
    expect(internals.retryAfterSeconds('0', now)).toBe(1);
    expect(internals.retryAfterSeconds('soon', now)).toBe(0);
  });

  it('sends the v4 body: fp, page size, the page’s route (at most 200 characters), the thread', () => {
    const m = { id: 'a', role: 'user', content: 'q', parts: [{ type: 'text', text: 'q' }] };
    expect(internals.requestBody([m], '', '/quickstart')).toEqual({ fp: 'anonymous', retrievalPageSize: 5, messages: [m], currentPath: '/quickstart' });
    expect(internals.requestBody([m], 'thr_1', '')).toEqual({ fp: 'anonymous', retrievalPageSize: 5, messages: [m], threadId: 'thr_1' });
    expect(internals.requestBody([m], '', `/${'a'.repeat(200)}`)).not.toHaveProperty('currentPath');
    const many = Array.from({ length: 25 }, (_, i) => ({ ...m, id: String(i) }));
    expect((internals.requestBody(many, '', '')['messages'] as { id: string }[]).map((x) => x.id)).toEqual(many.slice(5).map((x) => x.id));
  });

  it('makes 16-character message ids', () => {
    const reply = internals.createReply();
    expect(reply.message.id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(internals.createReply().message.id).not.toBe(reply.message.id);
  });
});
