import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_ORIGIN } from '../../../src/server/proxy/upstream-agents.js';
import { createPlaygroundProxy } from '../../../src/server/proxy/index.js';
import { ask, decode64, fakeLookup } from './proxy-client.js';
import { startUpstream, type Received, type Upstream } from './upstream.js';

/**
 * Over real HTTP: the proxy (through `app.request()`, and once on a socket) in front of an
 * upstream on 127.0.0.1, which only this test exempts from the address guard.
 */

describe('the playground proxy forwards', () => {
  let upstream: Upstream;
  let app: ReturnType<typeof createPlaygroundProxy>;
  const echoed = (json: { body: string }): Received => JSON.parse(json.body) as Received;

  beforeAll(async () => {
    upstream = await startUpstream();
    app = createPlaygroundProxy({
      allowAddresses: ['127.0.0.1/32'],
      lookup: fakeLookup({ 'api.test': ['127.0.0.1'], 'internal.test': ['10.0.0.5'] }),
      maxResponseBytes: 1_000,
      maxRedirects: 3,
    });
  });

  afterAll(() => upstream?.close());

  it('method, path, query and headers, answering the upstream status with 200', async () => {
    const { status, json, headers } = await ask(app, {
      method: 'DELETE',
      url: `${upstream.url}/v1/./pets/42?tags=a&tags=b&q=x%20y`,
      headers: { Authorization: 'Bearer token-1', 'X-Request-Id': 'r-7', Cookie: 'session=abc', Accept: 'application/json' },
    });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(json.status).toBe(200);
    const seen = echoed(json);
    expect(seen.method).toBe('DELETE');
    expect(seen.path).toBe('/v1/pets/42');
    expect(seen.query).toEqual({ tags: ['a', 'b'], q: 'x y' });
    expect(seen.headers).toMatchObject({ authorization: 'Bearer token-1', 'x-request-id': 'r-7', cookie: 'session=abc', accept: 'application/json', host: `127.0.0.1:${upstream.port}` });
    const notFound = await ask(app, { url: `${upstream.url}/status/404` });
    expect(notFound.status).toBe(200);
    expect(notFound.json).toMatchObject({ status: 404, statusText: 'Not Found', bodyEncoding: 'utf8', truncated: false });
  });

  it('the documented response shape: headers lower-case and joined, JSON body as utf8 text', async () => {
    const { json } = await ask(app, { url: `${upstream.url}/shape` });
    expect(Object.keys(json).sort()).toEqual(['body', 'bodyEncoding', 'durationMs', 'headers', 'status', 'statusText', 'truncated']);
    expect(json.statusText).toBe('OK');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['set-cookie']).toBe('a=1, b=2');
    expect(json.headers['content-length']).toBeUndefined();
    expect(Number.isInteger(json.durationMs) && json.durationMs >= 0).toBe(true);
    expect(json.bodyEncoding).toBe('utf8');
    expect(echoed(json).path).toBe('/shape');
  });

  it('a JSON text body with its Content-Type, Content-Length recomputed, Host from the URL', async () => {
    const { json } = await ask(app, {
      method: 'POST',
      url: `${upstream.url}/v1/pets`,
      headers: { 'Content-Type': 'application/json', 'Content-Length': '999', Host: 'evil.example' },
      body: { type: 'text', text: '{"name":"Rex","tag":"dög"}' },
    });
    const seen = echoed(json);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength('{"name":"Rex","tag":"dög"}')));
    expect(seen.headers['host']).toBe(`127.0.0.1:${upstream.port}`);
    expect(JSON.parse(decode64(seen.body64))).toEqual({ name: 'Rex', tag: 'dög' });
    const plain = echoed((await ask(app, { method: 'POST', url: `${upstream.url}/t`, body: { type: 'text', text: 'hi' } })).json);
    expect(plain.headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it('a form body, URL-encoded', async () => {
    const { json } = await ask(app, { method: 'POST', url: `${upstream.url}/form`, headers: { 'content-type': 'text/plain' }, body: { type: 'form', fields: { name: 'Rex & co', n: '1' } } });
    const seen = echoed(json);
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(decode64(seen.body64)).toBe('name=Rex+%26+co&n=1');
  });

  it('a multipart body with text fields and a file', async () => {
    const file = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const { json } = await ask(app, {
      method: 'POST',
      url: `${upstream.url}/upload`,
      headers: { 'Content-Type': 'multipart/form-data' },
      body: { type: 'multipart', fields: { title: 'holiday' }, files: [{ field: 'file', filename: 'pic.png', contentType: 'image/png', base64: file.toString('base64') }] },
    });
    const seen = echoed(json);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(seen.headers['content-type'] ?? '')?.[1];
    expect(boundary).toBeTruthy();
    const raw = Buffer.from(seen.body64, 'base64');
    const expected = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nholiday\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(raw.equals(expected)).toBe(true);
  });

  it('a binary body, byte for byte, with its media type', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i));
    const { json } = await ask(app, { method: 'PUT', url: `${upstream.url}/files/a.bin`, body: { type: 'binary', base64: bytes.toString('base64'), contentType: 'application/x-thing' } });
    const seen = echoed(json);
    expect(seen.headers['content-type']).toBe('application/x-thing');
    expect(Buffer.from(seen.body64, 'base64').equals(bytes)).toBe(true);
  });

  it('a binary response as base64, a gzip response decoded', async () => {
    const binary = (await ask(app, { url: `${upstream.url}/binary` })).json;
    expect(binary.bodyEncoding).toBe('base64');
    expect(Buffer.from(binary.body, 'base64').equals(Buffer.from(Array.from({ length: 256 }, (_, i) => i)))).toBe(true);
    const zipped = (await ask(app, { url: `${upstream.url}/gzip` })).json;
    expect(zipped).toMatchObject({ status: 200, body: '{"zipped":true}', bodyEncoding: 'utf8' });
    expect(zipped.headers['content-encoding']).toBeUndefined();
  });

  it('a body labelled gzip that is not, as a 502', async () => {
    const { status, json } = await ask(app, { url: `${upstream.url}/bad-gzip` });
    expect(status).toBe(502);
    expect(json).toEqual({ error: { code: 'proxy/upstream-failed', message: `The API at ${upstream.url} sent a compressed body the proxy could not decode.` } });
  });

  it('through a host name, resolved by the guarded lookup', async () => {
    const { json } = await ask(app, { url: `http://api.test:${upstream.port}/named` });
    expect(echoed(json).headers['host']).toBe(`api.test:${upstream.port}`);
  });

  it('without hop-by-hop request headers', async () => {
    const { json } = await ask(app, {
      url: `${upstream.url}/hop-in`,
      headers: {
        Connection: 'keep-alive, X-Hop-Private',
        'X-Hop-Private': 'secret',
        'Keep-Alive': 'timeout=5',
        'Proxy-Authorization': 'Basic c2VjcmV0',
        'Proxy-Connection': 'keep-alive',
        TE: 'trailers',
        Trailer: 'x-checksum',
        'Transfer-Encoding': 'chunked',
        Upgrade: 'websocket',
        'X-End-To-End': 'kept',
      },
    });
    const seen = echoed(json);
    expect(seen.headers['x-end-to-end']).toBe('kept');
    for (const name of ['x-hop-private', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']) {
      expect(seen.headers[name], name).toBeUndefined();
    }
    // The page's Connection header is not forwarded; the proxy's own connection is kept alive.
    expect(seen.headers['connection']).toBe('keep-alive');
  });

  it('through a pool of kept-alive connections: one reused in turn, at most 32 at once per origin', async () => {
    const own = await startUpstream();
    const pooled = createPlaygroundProxy({ allowAddresses: ['127.0.0.1/32'] });
    try {
      for (let i = 0; i < 20; i += 1) expect((await ask(pooled, { url: `${own.url}/one-by-one` })).json.status).toBe(200);
      expect(own.connections().accepted).toBe(1);
      const answers = await Promise.all(Array.from({ length: 100 }, () => ask(pooled, { url: `${own.url}/at-once` })));
      expect(answers.map((a) => a.json.status)).toEqual(Array(100).fill(200));
      expect(own.received).toHaveLength(120);
      // 100 at once share at most MAX_SOCKETS_PER_ORIGIN connections (the first one included).
      expect(own.connections().accepted).toBeGreaterThan(1);
      expect(own.connections().accepted).toBeLessThanOrEqual(MAX_SOCKETS_PER_ORIGIN);
    } finally {
      await own.close();
    }
  });

  it('closes a connection whose body was cut short, keeping the others', async () => {
    const own = await startUpstream();
    const cut = createPlaygroundProxy({ allowAddresses: ['127.0.0.1/32'], maxResponseBytes: 2_000 });
    try {
      expect((await ask(cut, { url: `${own.url}/first` })).json.status).toBe(200);
      expect(own.connections()).toEqual({ accepted: 1, open: 1 });
      // Truncated on the pooled connection: it is closed (left open, it would stay busy, unread).
      expect((await ask(cut, { url: `${own.url}/big?bytes=100000` })).json.truncated).toBe(true);
      expect((await ask(cut, { url: `${own.url}/after-cut` })).json.status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      expect(own.connections()).toEqual({ accepted: 2, open: 1 });
    } finally {
      await own.close();
    }
  });

  it('without hop-by-hop response headers', async () => {
    const { json } = await ask(app, { url: `${upstream.url}/hop` });
    expect(json.body).toBe('chunked body');
    expect(json.headers).toEqual({ 'content-type': 'text/plain', date: expect.any(String), 'x-kept': 'yes' });
  });

  it("never the caller's own cookies or headers for this site", async () => {
    const { json } = await ask(app, { url: `${upstream.url}/mine` }, { headers: { 'content-type': 'application/json', cookie: 'docs_session=site-secret', authorization: 'Bearer site-admin' } });
    const seen = echoed(json);
    expect(seen.headers['cookie']).toBeUndefined();
    expect(seen.headers['authorization']).toBeUndefined();
  });

  it('redirects, re-sent as fetch does (303 becomes GET without body; 307 keeps both)', async () => {
    const to = encodeURIComponent('/after');
    const seeOther = (await ask(app, { method: 'POST', url: `${upstream.url}/redirect?status=303&to=${to}`, headers: { 'Content-Type': 'application/json' }, body: { type: 'text', text: '{"a":1}' } })).json;
    expect(echoed(seeOther)).toMatchObject({ method: 'GET', path: '/after', body64: '' });
    expect(echoed(seeOther).headers['content-type']).toBeUndefined();
    const temporary = (await ask(app, { method: 'PUT', url: `${upstream.url}/redirect?status=307&to=${to}`, headers: { Authorization: 'Bearer same-origin' }, body: { type: 'text', text: 'kept' } })).json;
    expect(echoed(temporary)).toMatchObject({ method: 'PUT', path: '/after', body64: Buffer.from('kept').toString('base64') });
    expect(echoed(temporary).headers['authorization']).toBe('Bearer same-origin');
  });

  it('drops Authorization and Cookie when a redirect changes origin', async () => {
    const to = encodeURIComponent(`http://api.test:${upstream.port}/elsewhere`);
    const { json } = await ask(app, { url: `${upstream.url}/redirect?to=${to}`, headers: { Authorization: 'Bearer t', Cookie: 'c=1', 'X-Other': 'o' } });
    const seen = echoed(json);
    expect(seen.path).toBe('/elsewhere');
    expect(seen.headers['authorization']).toBeUndefined();
    expect(seen.headers['cookie']).toBeUndefined();
    expect(seen.headers['x-other']).toBe('o');
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 403, 'proxy/blocked-address', 'Redirect 1 (302 from URL) leads to http://169.254.169.254, which is a link-local address (where cloud metadata services answer); the playground proxy only reaches public addresses.'],
    ['http://[::ffff:7f00:2]/', 403, 'proxy/blocked-address', 'Redirect 1 (302 from URL) leads to http://[::ffff:7f00:2], which is a loopback address; the playground proxy only reaches public addresses.'],
    ['http://internal.test/', 403, 'proxy/blocked-address', 'Redirect 1 (302 from URL) leads to http://internal.test, which resolves to an internal address (loopback, private, link-local or another non-public range); the playground proxy only reaches public addresses.'],
    ['file:///etc/passwd', 400, 'proxy/invalid-url', 'Redirect 1 (302 from URL) uses file; only http and https are sent.'],
  ])('a redirect to %s: refused', async (to, status, code, message) => {
    const before = upstream.received.length;
    const res = await ask(app, { url: `${upstream.url}/redirect?to=${encodeURIComponent(to)}` });
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ error: { code, message: message.replace('URL', upstream.url) } });
    expect(upstream.received.length).toBe(before);
  });

  it('at most maxRedirects redirects', async () => {
    const within = await ask(app, { url: `${upstream.url}/redirect?to=${encodeURIComponent('/redirect?to=%2Fredirect%3Fto%3D%252Fend')}` });
    expect(echoed(within.json).path).toBe('/end');
    const { status, json } = await ask(app, { url: `${upstream.url}/loop/0` });
    expect(status).toBe(502);
    expect(json).toEqual({ error: { code: 'proxy/too-many-redirects', message: 'The API redirected more than 3 times; the playground proxy stops there.' } });
  });

  it('within the time limit: no answer, or a body that never ends, is a 504', async () => {
    const hurried = createPlaygroundProxy({ allowAddresses: ['127.0.0.1/32'], timeoutMs: 250 });
    for (const route of ['/hang', '/drip']) {
      const { status, json } = await ask(hurried, { url: `${upstream.url}${route}` });
      expect(status).toBe(504);
      expect(json).toEqual({ error: { code: 'proxy/timeout', message: `The API at ${upstream.url} did not answer within 250 ms.` } });
    }
  });

  it('a body cut at the size limit, marked truncated', async () => {
    const cut = (await ask(app, { url: `${upstream.url}/big?bytes=5000` })).json;
    expect(cut).toMatchObject({ status: 200, truncated: true, bodyEncoding: 'utf8' });
    expect(cut.body).toBe('a'.repeat(1_000));
    const whole = (await ask(app, { url: `${upstream.url}/big?bytes=1000` })).json;
    expect(whole).toMatchObject({ truncated: false, body: 'a'.repeat(1_000) });
    // 1,000 bytes of 2-byte characters: the cut falls between characters, the text stays text.
    const text = (await ask(app, { url: `${upstream.url}/text-cut` })).json;
    expect(text).toMatchObject({ truncated: true, bodyEncoding: 'utf8', body: 'é'.repeat(500) });
  });

  it('a refused connection as a 502 that names the origin only', async () => {
    const closed = await startUpstream();
    await closed.close();
    const { status, json } = await ask(app, { url: `${closed.url}/v1?api_key=secret`, headers: { Authorization: 'Bearer secret' } });
    expect(status).toBe(502);
    expect(json).toEqual({ error: { code: 'proxy/upstream-failed', message: `The API at ${closed.url} could not be reached: connect ECONNREFUSED 127.0.0.1:${closed.port}.` } });
  });

  it('on a real socket, as a host mounts it', async () => {
    const server: Server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/_svc/api/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'docs_session=site-secret' },
        body: JSON.stringify({ method: 'PATCH', url: `${upstream.url}/socket?x=1`, headers: { 'X-Api-Key': 'k' }, body: { type: 'text', text: 'patch' } }),
      });
      expect(res.status).toBe(200);
      const json = (await res.json()) as { body: string };
      const seen = echoed(json);
      expect(seen).toMatchObject({ method: 'PATCH', path: '/socket', query: { x: '1' }, body64: Buffer.from('patch').toString('base64') });
      expect(seen.headers['x-api-key']).toBe('k');
      expect(seen.headers['cookie']).toBeUndefined();
      const get = await fetch(`http://127.0.0.1:${port}/_svc/api/request`);
      expect(get.status).toBe(405);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
