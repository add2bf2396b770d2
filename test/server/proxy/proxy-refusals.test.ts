import { describe, expect, it } from 'vitest';
import { createPlaygroundProxy, PROXY_ERRORS } from '../../../src/server/proxy/index.js';
import { ask, fakeLookup } from './proxy-client.js';

/**
 * Refusals through `app.request()`: none of these requests leaves the process (literal addresses
 * are refused before any socket, host names by the injected lookup before connecting).
 */

const PATH = '/_svc/api/request';

describe('the playground proxy refuses', () => {
  const calls: string[] = [];
  const app = createPlaygroundProxy({
    maxRequestBytes: 2_000,
    lookup: fakeLookup(
      {
        'loopback.test': ['127.0.0.1'],
        'metadata.test': ['169.254.169.254'],
        'mapped.test': ['::ffff:10.0.0.7'],
        'imds6.test': ['fd00:ec2::254'],
        'alibaba.test': ['100.100.100.200'],
        'mixed.test': ['93.184.216.34', '10.0.0.1'],
      },
      calls,
    ),
  });

  it('other methods on its path with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await app.request(PATH, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({ error: { code: 'proxy/method-not-allowed', message: 'The playground proxy answers POST only.' } });
    }
  });

  it('a body that is not application/json with 415', async () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await app.request(PATH, { method: 'POST', headers: type ? { 'content-type': type } : {}, body: '{}' });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: { code: 'proxy/unsupported-media-type', message: 'Send the playground request as application/json.' } });
    }
  });

  it('an envelope over the size limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ method: 'POST', url: 'https://api.example.com/', headers: {}, body: { type: 'text', text: 'x'.repeat(3_000) } });
    const declared = await app.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: { code: 'proxy/request-too-large', message: 'The playground request is larger than 2000 bytes.' } });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await app.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('a malformed envelope with 400 naming the field', async () => {
    const res = await app.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', url: 'https://a.example/', headers: {}, body: { type: 'form' } }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'proxy/invalid-request', message: 'The playground request is malformed: `body.fields`: Invalid input: expected record, received undefined.' } });
    const notJson = await app.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'method=GET' });
    expect(notJson.status).toBe(400);
  });

  it.each([
    ['ftp://files.example.com/a', 'The URL uses ftp; only http and https are sent.'],
    ['file:///etc/passwd', 'The URL uses file; only http and https are sent.'],
    ['gopher://127.0.0.1:6379/_INFO', 'The URL uses gopher; only http and https are sent.'],
    ['/relative/path', '`url` is not an absolute URL.'],
    ['https://user:pass@api.example.com/', 'The URL holds a user name or password; send credentials in a header instead.'],
    ['https://token@api.example.com/', 'The URL holds a user name or password; send credentials in a header instead.'],
  ])('the URL %s with 400', async (url, message) => {
    const { status, json } = await ask(app, { url });
    expect(status).toBe(400);
    expect(json).toEqual({ error: { code: 'proxy/invalid-url', message } });
  });

  it.each([
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080 is a loopback address'],
    ['https://127.0.0.1/', 'https://127.0.0.1 is a loopback address'],
    ['http://2130706433/', 'http://127.0.0.1 is a loopback address'],
    ['http://0x7f000001/', 'http://127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/', 'http://127.0.0.1 is a loopback address'],
    ['http://127.1/', 'http://127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', 'http://127.0.0.1 is a loopback address'],
    ['http://127.0.0.1./', 'http://127.0.0.1 is a loopback address'],
    ['http://[::1]/', 'http://[::1] is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1] is a loopback address'],
    ['http://[::ffff:7f00:1]/', 'http://[::ffff:7f00:1] is a loopback address'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'http://[::ffff:7f00:1] is a loopback address'],
    ['http://[::127.0.0.1]/', 'http://[::7f00:1] is an IPv4-compatible address'],
    ['http://0/', 'http://0.0.0.0 is the unspecified address'],
    ['http://[::]/', 'http://[::] is the unspecified address'],
    ['http://10.0.0.1/', 'http://10.0.0.1 is a private (RFC 1918) address'],
    ['http://172.16.5.4/', 'http://172.16.5.4 is a private (RFC 1918) address'],
    ['http://192.168.1.1/', 'http://192.168.1.1 is a private (RFC 1918) address'],
    ['http://169.254.169.254/latest/meta-data/', 'http://169.254.169.254 is a link-local address (where cloud metadata services answer)'],
    ['http://0xa9fea9fe/', 'http://169.254.169.254 is a link-local address (where cloud metadata services answer)'],
    ['http://[::ffff:169.254.169.254]/', 'http://[::ffff:a9fe:a9fe] is a link-local address (where cloud metadata services answer)'],
    ['http://[fe80::1]/', 'http://[fe80::1] is a link-local address (where cloud metadata services answer)'],
    ['http://[fd00:ec2::254]/', 'http://[fd00:ec2::254] is a unique-local (private IPv6) address'],
    ['http://100.100.100.200/', 'http://100.100.100.200 is a carrier-grade NAT address'],
    ['http://224.0.0.1/', 'http://224.0.0.1 is a multicast address'],
    ['http://[ff02::1]/', 'http://[ff02::1] is a multicast address'],
    ['http://255.255.255.255/', 'http://255.255.255.255 is the broadcast address'],
    ['http://240.0.0.1/', 'http://240.0.0.1 is a reserved address'],
    ['http://[2002:7f00:1::]/', 'http://[2002:7f00:1::] is a 6to4 address'],
    ['http://[64:ff9b::7f00:1]/', 'http://[64:ff9b::7f00:1] is a NAT64 address'],
    ['http://[2001::1]/', 'http://[2001::1] is a Teredo address'],
  ])('the internal address %s with 403 before any connection', async (url, said) => {
    calls.length = 0;
    const { status, json } = await ask(app, { url });
    expect(status).toBe(403);
    expect(json).toEqual({ error: { code: 'proxy/blocked-address', message: `${said}; the playground proxy only reaches public addresses.` } });
    expect(calls).toEqual([]);
  });

  it.each(['loopback.test', 'metadata.test', 'mapped.test', 'imds6.test', 'alibaba.test', 'mixed.test'])(
    'a host name resolving to an internal address (%s) at connect time, with 403',
    async (host) => {
      calls.length = 0;
      const { status, json } = await ask(app, { url: `http://${host}:8080/v1/x?key=secret`, headers: { Authorization: 'Bearer secret' } });
      expect(status).toBe(403);
      expect(json).toEqual({
        error: {
          code: 'proxy/blocked-address',
          message: `http://${host}:8080 resolves to an internal address (loopback, private, link-local or another non-public range); the playground proxy only reaches public addresses.`,
        },
      });
      // Resolved once, by the connecting socket: no second resolution a rebinding DNS could answer differently.
      expect(calls).toEqual([host]);
      expect(JSON.stringify(json)).not.toContain('secret');
    },
  );

  it('a host name that does not resolve, with 502', async () => {
    const { status, json } = await ask(app, { url: 'https://nowhere.test/' });
    expect(status).toBe(502);
    expect(json).toEqual({ error: { code: 'proxy/dns-failed', message: 'The host name nowhere.test could not be resolved (ENOTFOUND).' } });
  });

  it('hosts outside the allowlist, with 403, and still guards the hosts in it', async () => {
    const limited = createPlaygroundProxy({ allowHosts: ['api.example.com', '*.acme.test'], lookup: fakeLookup({ 'eu.acme.test': ['10.1.1.1'] }) });
    const other = await ask(limited, { url: 'https://evil.example.net/' });
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ error: { code: 'proxy/host-not-allowed', message: 'https://evil.example.net is not among the hosts this playground proxy may reach.' } });
    expect((await ask(limited, { url: 'https://acme.test.evil.net/' })).json.error.code).toBe('proxy/host-not-allowed');
    expect((await ask(limited, { url: 'https://notacme.test/' })).json.error.code).toBe('proxy/host-not-allowed');
    expect((await ask(limited, { url: 'http://127.0.0.1/' })).json.error.code).toBe('proxy/host-not-allowed');
    const inList = await ask(limited, { url: 'https://EU.acme.test/' });
    expect(inList.status).toBe(403);
    expect(inList.json.error.code).toBe('proxy/blocked-address');
  });

  it('its own defects with a 500 that gives no internals', async () => {
    const broken = createPlaygroundProxy({
      now: () => {
        throw new Error('clock at /srv/secret failed');
      },
    });
    const { status, json } = await ask(broken, { url: 'https://93.184.216.34/' });
    expect(status).toBe(500);
    expect(json).toEqual({ error: { code: 'proxy/internal', message: 'The playground proxy failed; the request was not completed.' } });
  });

  it('with the status its code documents, and never cached', async () => {
    const { status, headers, json } = await ask(app, { url: 'http://[::1]/' });
    expect(status).toBe(PROXY_ERRORS['proxy/blocked-address'].status);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(json)).toEqual(['error']);
  });
});
