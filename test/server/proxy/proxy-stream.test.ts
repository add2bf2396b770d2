import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundRequest, PlaygroundStreamFrame } from '../../../src/model/playground.js';
import { createPlaygroundProxy } from '../../../src/server/proxy/index.js';

/**
 * Streamed answers (server-sent events, JSON Lines): over real sockets, an upstream on
 * 127.0.0.1 (exempt from the address guard here only) behind the proxy, itself on 127.0.0.1. A
 * page that accepts `application/x-ndjson` gets `PlaygroundStreamFrame` lines while the API
 * sends; each test waits for what it asserts (frames read one by one), never for a time.
 */

/** The upstream: `/events` sends one event, then the second when `release()` is called, then ends. */
interface StreamUpstream {
  readonly url: string;
  release(): void;
  readonly methods: string[];
  close(): Promise<void>;
}

async function startStreamUpstream(): Promise<StreamUpstream> {
  let release: () => void = () => undefined;
  const methods: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    methods.push(req.method ?? '');
    const route = new URL(req.url ?? '/', 'http://upstream').pathname;
    if (route === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: created\ndata: {"id":"p-1"}\n\n');
      release = () => res.end('event: updated\ndata: {"id":"p-1","name":"Lamp"}\n\n');
      return;
    }
    if (route === '/forever') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
      return;
    }
    if (route === '/lines') {
      // 5 lines of 11 bytes each: the 32-byte limit falls before the third newline.
      return void res.writeHead(200, { 'content-type': 'application/jsonl' }).end('{"n":1111}\n{"n":2222}\n{"n":3333}\n{"n":4444}\n{"n":5555}\n');
    }
    if (route === '/cut') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': '100' });
      res.write('{"a":1}\n', () => res.socket?.destroy());
      return;
    }
    if (route === '/split') {
      // "é" is two bytes: the first chunk ends between them.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const bytes = Buffer.from('data: café\n\n');
      res.write(bytes.subarray(0, 10), () => setImmediate(() => res.end(bytes.subarray(10))));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release: () => release(),
    methods,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The proxy on a socket of its own, as `sheaf host` serves it. */
async function serveProxy(options: Parameters<typeof createPlaygroundProxy>[0]): Promise<{ url: string; server: Server }> {
  const server = createServer(getRequestListener(createPlaygroundProxy(options).fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_svc/api/request`, server };
}

/** Posts a request accepting frames; returns the response and readers giving one frame at a time (or the rest), from the first use on. */
async function post(endpoint: string, request: Partial<PlaygroundRequest> & { url: string }, accept = 'application/x-ndjson, application/json') {
  const body: PlaygroundRequest = { method: 'GET', headers: {}, body: { type: 'none' }, ...request };
  const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify(body) });
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const decoder = new TextDecoder();
  let pending = '';
  const next = async (): Promise<PlaygroundStreamFrame | undefined> => {
    for (;;) {
      const newline = pending.indexOf('\n');
      if (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        return JSON.parse(line) as PlaygroundStreamFrame;
      }
      reader ??= res.body?.getReader();
      const chunk = await reader?.read();
      if (!chunk || chunk.done) return undefined;
      pending += decoder.decode(chunk.value, { stream: true });
    }
  };
  const rest = async (): Promise<PlaygroundStreamFrame[]> => {
    const frames: PlaygroundStreamFrame[] = [];
    for (let f = await next(); f !== undefined; f = await next()) frames.push(f);
    return frames;
  };
  return { res, next, rest };
}

const durations = (frames: PlaygroundStreamFrame[]) =>
  frames.map((f) => ('end' in f ? { end: { ...f.end, durationMs: typeof f.end.durationMs === 'number' ? 'n' : f.end.durationMs } } : f));

describe('the playground proxy streams sequential media types to a page that accepts frames', () => {
  let upstream: StreamUpstream;
  let proxy: { url: string; server: Server };
  let small: { url: string; server: Server };
  let hurried: { url: string; server: Server };

  beforeAll(async () => {
    upstream = await startStreamUpstream();
    proxy = await serveProxy({ allowAddresses: ['127.0.0.1/32'] });
    small = await serveProxy({ allowAddresses: ['127.0.0.1/32'], maxResponseBytes: 32 });
    hurried = await serveProxy({ allowAddresses: ['127.0.0.1/32'], timeoutMs: 300 });
  });

  afterAll(async () => {
    for (const s of [proxy, small, hurried]) s?.server.closeAllConnections();
    await Promise.all([proxy, small, hurried].map((s) => s && new Promise((resolve) => s.server.close(resolve))));
    await upstream?.close();
  });

  it('passes each event on as it arrives: the first is read before the API sends the second', async () => {
    const { res, next, rest } = await post(proxy.url, { url: `${upstream.url}/events` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const head = await next();
    expect(head).toEqual({ head: { status: 200, statusText: 'OK', headers: expect.objectContaining({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }) } });
    expect(await next()).toEqual({ chunk: 'event: created\ndata: {"id":"p-1"}\n\n' });
    // Only now does the API send its second event and end the stream.
    upstream.release();
    expect(durations(await rest())).toEqual([{ chunk: 'event: updated\ndata: {"id":"p-1","name":"Lamp"}\n\n' }, { end: { durationMs: 'n', truncated: false } }]);
  });

  it('answers JSON as before to a page that does not accept frames, and for a body that is not a stream', async () => {
    const plain = await post(proxy.url, { url: `${upstream.url}/lines` }, 'application/json');
    expect(plain.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await plain.res.json()).toMatchObject({ status: 200, body: '{"n":1111}\n{"n":2222}\n{"n":3333}\n{"n":4444}\n{"n":5555}\n', truncated: false });
    const json = await post(proxy.url, { url: `${upstream.url}/other`, method: 'QUERY' });
    expect(json.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.res.json()).toMatchObject({ status: 200, body: '{"method":"QUERY"}' });
  });

  it('sends QUERY and OpenAPI 3.2 additional methods (LINK, M-SEARCH) as they are', async () => {
    const before = upstream.methods.length;
    for (const method of ['QUERY', 'LINK', 'M-SEARCH']) {
      const { res } = await post(proxy.url, { url: `${upstream.url}/other`, method }, 'application/json');
      expect(await res.json()).toMatchObject({ status: 200, body: JSON.stringify({ method }) });
    }
    expect(upstream.methods.slice(before)).toEqual(['QUERY', 'LINK', 'M-SEARCH']);
  });

  it('stops at the size limit, saying so, with the text that fits', async () => {
    const frames = await (await post(small.url, { url: `${upstream.url}/lines` })).rest();
    expect(durations(frames.slice(1))).toEqual([{ chunk: '{"n":1111}\n{"n":2222}\n{"n":3333}' }, { end: { durationMs: 'n', truncated: true, stopped: 'size-limit' } }]);
  });

  it('ends a stream still running at the time limit with what came, not an error', async () => {
    const frames = await (await post(hurried.url, { url: `${upstream.url}/forever` })).rest();
    expect(durations(frames.slice(1))).toEqual([{ chunk: 'data: 1\n\n' }, { end: { durationMs: 'n', truncated: true, stopped: 'time-limit' } }]);
  });

  it('says when the API cut the connection mid-stream', async () => {
    const frames = await (await post(proxy.url, { url: `${upstream.url}/cut` })).rest();
    expect(durations(frames.slice(1))).toEqual([{ chunk: '{"a":1}\n' }, { end: { durationMs: 'n', truncated: true, stopped: 'cut' } }]);
  });

  it('keeps a character split between two chunks whole', async () => {
    const frames = await (await post(proxy.url, { url: `${upstream.url}/split` })).rest();
    const text = frames.flatMap((f) => ('chunk' in f ? [f.chunk] : [])).join('');
    expect(text).toBe('data: café\n\n');
    expect(frames.some((f) => 'chunk' in f && f.chunk.includes('\uFFFD'))).toBe(false);
  });
});
