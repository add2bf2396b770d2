import { createServer, type Server, type Socket } from 'node:net';
import { brotliCompressSync, constants, deflateSync, gunzipSync, gzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundProxy } from '../../../src/server/proxy/index.js';
import { ask } from './proxy-client.js';

/**
 * Bodies that stop short, from a real upstream on 127.0.0.1 written at the socket level (so it can
 * lie about Content-Length, leave a chunked body unfinished, reset the connection or stall): the
 * proxy answers what came with `truncated: true`, or `proxy/timeout` at its time limit; never a
 * cut body marked whole.
 */

const TEXT = Array.from({ length: 4000 }, (_, i) => String(i)).join(',');
const HEAD = (headers: string) => `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n${headers}\r\n`;
/** The first half of a compressed body. */
const half = (bytes: Buffer): Buffer => bytes.subarray(0, bytes.length >> 1);
const GZIP = gzipSync(TEXT);
const DEFLATE = deflateSync(TEXT);
const BROTLI = brotliCompressSync(TEXT);
/** What a decoder gets out of a cut stream before it runs out of input (zlib flushed without the end). */
const partial = {
  gzip: gunzipSync(half(GZIP), { finishFlush: constants.Z_SYNC_FLUSH }).toString(),
  deflate: inflateSync(half(DEFLATE), { finishFlush: constants.Z_SYNC_FLUSH }).toString(),
  br: brotliDecompressSync(half(BROTLI), { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString(),
};

/** What each path of the upstream does with the connection once the request arrived. */
const ROUTES: Record<string, (s: Socket) => void> = {
  // Content-Length 100, 5 bytes sent, then a clean close (FIN).
  '/length-close': (s) => {
    s.write(HEAD('content-length: 100\r\n') + 'hello');
    setTimeout(() => s.end(), 20);
  },
  // Content-Length 100, 5 bytes sent, then a reset (RST).
  '/length-reset': (s) => {
    s.write(HEAD('content-length: 100\r\n') + 'hello');
    setTimeout(() => s.resetAndDestroy(), 20);
  },
  // Content-Length 100, 5 bytes sent, then nothing, connection kept open.
  '/length-stall': (s) => void s.write(HEAD('content-length: 100\r\n') + 'hello'),
  // A chunked body whose last (zero-size) chunk never comes: closed after one chunk.
  '/chunked-close': (s) => {
    s.write(HEAD('transfer-encoding: chunked\r\n') + '5\r\nhello\r\n');
    setTimeout(() => s.end(), 20);
  },
  // A body delimited by the close itself (no length, no chunks): whole when the connection closes.
  '/close-delimited': (s) => {
    s.write(HEAD('connection: close\r\n') + 'hello');
    setTimeout(() => s.end(), 20);
  },
  // Compressed bodies cut in the middle of the stream, the HTTP framing itself complete.
  '/gzip-cut': (s) => void s.end(Buffer.concat([Buffer.from(HEAD('content-encoding: gzip\r\nconnection: close\r\n')), half(GZIP)])),
  '/deflate-cut': (s) => void s.end(Buffer.concat([Buffer.from(HEAD('content-encoding: deflate\r\nconnection: close\r\n')), half(DEFLATE)])),
  '/br-cut': (s) => void s.end(Buffer.concat([Buffer.from(HEAD('content-encoding: br\r\nconnection: close\r\n')), half(BROTLI)])),
  // A gzip body whose declared length is its whole size, cut at half and closed.
  '/gzip-length-cut': (s) => {
    s.write(Buffer.concat([Buffer.from(HEAD(`content-encoding: gzip\r\ncontent-length: ${GZIP.length}\r\n`)), half(GZIP)]));
    setTimeout(() => s.end(), 20);
  },
  // A chunked body that keeps coming, 5 bytes every 20 ms, past any time limit.
  '/stream': (s) => {
    s.write(HEAD('transfer-encoding: chunked\r\n'));
    const timer = setInterval(() => s.write('5\r\nhello\r\n'), 20);
    s.on('close', () => clearInterval(timer));
  },
};

describe('the playground proxy on a body that stops short', () => {
  let server: Server;
  let origin: string;
  const sockets = new Set<Socket>();
  const app = createPlaygroundProxy({ allowAddresses: ['127.0.0.1/32'], timeoutMs: 400 });

  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.once('data', (request) => {
        const path = request.toString('latin1').split(' ')[1] ?? '';
        ROUTES[path]?.(socket);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a body closed or reset before its Content-Length with what came, marked truncated', async () => {
    for (const path of ['/length-close', '/length-reset']) {
      const { status, json } = await ask(app, { url: `${origin}${path}` });
      expect(status, path).toBe(200);
      expect(json, path).toMatchObject({ status: 200, body: 'hello', bodyEncoding: 'utf8', truncated: true });
    }
  });

  it('answers a chunked body closed before its last chunk with what came, marked truncated', async () => {
    const { status, json } = await ask(app, { url: `${origin}/chunked-close` });
    expect(status).toBe(200);
    expect(json).toMatchObject({ body: 'hello', truncated: true });
  });

  it('answers compressed bodies cut mid-stream with what decoded, marked truncated', async () => {
    for (const [path, expected] of [['/gzip-cut', partial.gzip], ['/deflate-cut', partial.deflate], ['/br-cut', partial.br], ['/gzip-length-cut', partial.gzip]] as const) {
      const { status, json } = await ask(app, { url: `${origin}${path}` });
      expect(status, path).toBe(200);
      expect(json.truncated, path).toBe(true);
      expect(json.body, path).toBe(expected);
      expect(json.body.length, path).toBeLessThan(TEXT.length);
    }
  });

  it('answers a body that stalls before its Content-Length, or streams past the limit, with a timeout', async () => {
    for (const path of ['/length-stall', '/stream']) {
      const { status, json } = await ask(app, { url: `${origin}${path}` });
      expect(status, path).toBe(504);
      expect(json, path).toEqual({ error: { code: 'proxy/timeout', message: `The API at ${origin} did not answer within 400 ms.` } });
    }
  });

  it('keeps a body ended by the close of its connection whole (truncated: false)', async () => {
    const { status, json } = await ask(app, { url: `${origin}/close-delimited` });
    expect(status).toBe(200);
    expect(json).toMatchObject({ body: 'hello', truncated: false });
  });
});
