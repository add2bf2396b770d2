import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleManifest } from '../../../src/model/bundle.js';
import { parseHostManifest } from '../../../src/server/host/host-manifest.js';
import { parseRange } from '../../../src/server/host/serve-site.js';
import type { RunningHost } from '../../../src/server/host/start-host.js';
import { hostExample, type HostedExample } from './hosted-example.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A raw request (fetch would decode compressed bodies and add its own Accept-Encoding). */
function get(base: string, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request written byte for byte on a socket of its own; the whole answer as text. */
function rawRequest(base: string, text: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

let work: string;
let host: RunningHost;
let manifest: BundleManifest;
let site: string;
let hosted: HostedExample | undefined;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-serve-site-'));
  site = path.join(work, 'site');
  hosted = await hostExample(work, 'tar.gz', site);
  host = hosted.host;
  manifest = hosted.manifest;
}, 120_000);

afterAll(async () => {
  await hosted?.close();
  await rm(work, { recursive: true, force: true });
});

describe('sheaf host: precompressed copies by Accept-Encoding', () => {
  it('sends brotli, gzip or the file as asked, each with its own ETag and Vary', async () => {
    const original = await readFile(path.join(site, 'index.html'));
    expect(manifest.precompressed?.['index.html']).toEqual(['br', 'gzip']);
    const br = await get(host.url, '/', { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.status, br.headers['content-encoding'], br.headers['vary'], br.headers['content-length']]).toEqual([200, 'br', 'Accept-Encoding', String(br.body.length)]);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gz = await get(host.url, '/', { 'accept-encoding': 'gzip' });
    expect([gz.headers['content-encoding'], gz.headers['vary']]).toEqual(['gzip', 'Accept-Encoding']);
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await get(host.url, '/');
    expect([plain.headers['content-encoding'], plain.headers['vary'], plain.headers['accept-ranges']]).toEqual([undefined, 'Accept-Encoding', 'bytes']);
    expect(plain.body.equals(original)).toBe(true);
    // Compressed copies are smaller, and each representation has its own validator.
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(original.length);
    const etags = [br, gz, plain].map((a) => a.headers['etag']);
    expect(new Set(etags).size).toBe(3);
    // Each tag is its own bytes' SHA-256 (a copy's changes when its bytes do).
    const tag = (b: Buffer) => `"${createHash('sha256').update(b).digest('hex').slice(0, 32)}"`;
    expect(etags).toEqual([tag(br.body), tag(gz.body), tag(original)]);
  });

  it('honours q=0 (in any case) and the other spellings, and reads a list split over two lines', async () => {
    expect((await get(host.url, '/', { 'accept-encoding': 'br;Q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    const br = await get(host.url, '/', { 'accept-encoding': 'br' });
    const split = await rawRequest(host.url, `GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\nIf-None-Match: "other"\r\nIf-None-Match: ${br.headers['etag'] as string}\r\nConnection: close\r\n\r\n`);
    expect(split.split('\r\n')[0]).toBe('HTTP/1.1 304 Not Modified');
    expect((await get(host.url, '/', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(host.url, '/', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    expect((await get(host.url, '/', { 'accept-encoding': 'x-gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(host.url, '/', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 for the validator of the representation it would send', async () => {
    const br = await get(host.url, '/', { 'accept-encoding': 'br' });
    const again = await get(host.url, '/', { 'accept-encoding': 'br', 'if-none-match': br.headers['etag'] as string });
    expect([again.status, again.body.length, again.headers['vary'], again.headers['etag']]).toEqual([304, 0, 'Accept-Encoding', br.headers['etag']]);
    // The same tag asked for without brotli is another representation: sent whole.
    expect((await get(host.url, '/', { 'if-none-match': br.headers['etag'] as string })).status).toBe(200);
  });

  it('never serves a copy at its own path', async () => {
    const copy = await get(host.url, '/index.html.br');
    expect(copy.status).toBe(404);
    expect(copy.body.toString('utf8')).toContain('<html');
  });

  it('sends the 404 page compressed too, with status 404', async () => {
    const missing = await get(host.url, '/no/such/page', { 'accept-encoding': 'br' });
    expect([missing.status, missing.headers['content-encoding'], missing.headers['cache-control']]).toEqual([404, 'br', 'no-cache']);
    expect(brotliDecompressSync(missing.body).equals(await readFile(path.join(site, '404.html')))).toBe(true);
  });
});

describe('sheaf host: request targets', () => {
  it('answers 400 to an absolute-form target that is not a URL, and keeps serving', async () => {
    const bad = await rawRequest(host.url, 'GET http://a:99999/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(bad.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(bad).toContain('"code":"bad-request"');
    expect((await get(host.url, '/')).status).toBe(200);
  });

  it('routes an absolute-form target by its path, and resolves dot segments', async () => {
    const health = await rawRequest(host.url, 'GET http://docs.example/_svc/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(health).toContain(`{"status":"ok","version":"${manifest.version}"}`);
    // The export is of the `html` URL style: the page `/quickstart` is quickstart.html.
    const dotted = await get(host.url, '/guides/../quickstart/%2e/../quickstart');
    expect([dotted.status, dotted.body.equals(await readFile(path.join(site, 'quickstart.html')))]).toEqual([200, true]);
    // `//quickstart` is a path here, not an authority; leading slashes merge (as nginx's merge_slashes).
    const doubled = await get(host.url, '//quickstart');
    expect([doubled.status, doubled.body.equals(await readFile(path.join(site, 'quickstart.html')))]).toEqual([200, true]);
  });
});

describe('sheaf host: byte ranges', () => {
  it('sends one range with 206 and Content-Range, of the file as it is', async () => {
    const original = await readFile(path.join(site, 'index.html'));
    const part = await get(host.url, '/', { range: 'bytes=10-19', 'accept-encoding': 'br' });
    expect([part.status, part.headers['content-range'], part.headers['content-length'], part.headers['content-encoding']]).toEqual([206, `bytes 10-19/${original.length}`, '10', undefined]);
    expect(part.body.equals(original.subarray(10, 20))).toBe(true);
    const tail = await get(host.url, '/', { range: 'bytes=-5' });
    expect([tail.status, tail.headers['content-range']]).toEqual([206, `bytes ${original.length - 5}-${original.length - 1}/${original.length}`]);
    expect(tail.body.equals(original.subarray(-5))).toBe(true);
    const open = await get(host.url, '/', { range: `bytes=${original.length - 3}-` });
    expect(open.body.equals(original.subarray(-3))).toBe(true);
    const past = await get(host.url, '/', { range: 'bytes=5-999999999' });
    expect([past.status, past.headers['content-range']]).toEqual([206, `bytes 5-${original.length - 1}/${original.length}`]);
  });

  it('answers 416 past the end, and the whole file for several ranges, bad syntax or a stale If-Range', async () => {
    const original = await readFile(path.join(site, 'index.html'));
    const after = await get(host.url, '/', { range: `bytes=${original.length}-` });
    expect([after.status, after.headers['content-range'], after.body.length]).toEqual([416, `bytes */${original.length}`, 0]);
    for (const range of ['bytes=0-1,5-6', 'lines=1-2', 'bytes=x-y', 'bytes=9-3']) {
      const whole = await get(host.url, '/', { range });
      expect([range, whole.status, whole.body.length]).toEqual([range, 200, original.length]);
    }
    const etag = (await get(host.url, '/')).headers['etag'] as string;
    expect((await get(host.url, '/', { range: 'bytes=0-3', 'if-range': etag })).status).toBe(206);
    const stale = await get(host.url, '/', { range: 'bytes=0-3', 'if-range': '"old"' });
    expect([stale.status, stale.body.length]).toEqual([200, original.length]);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(host.url, '/', { range: 'bytes=0-9' }, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([206, '10', 0]);
    const whole = await get(host.url, '/', { 'accept-encoding': 'br' }, 'HEAD');
    const sent = await get(host.url, '/', { 'accept-encoding': 'br' });
    expect([whole.status, whole.headers['content-length'], whole.headers['content-encoding'], whole.body.length]).toEqual([200, String(sent.body.length), 'br', 0]);
  });

  it('parses ranges as RFC 9110 reads them', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 10)).toBeUndefined();
    expect(parseRange(' bytes=2-4 ', 10)).toEqual({ start: 2, end: 4 });
    // An empty file has no byte to send.
    expect(['bytes=-5', 'bytes=0-', 'bytes=0-0'].map((r) => parseRange(r, 0))).toEqual(['unsatisfiable', 'unsatisfiable', 'unsatisfiable']);
  });
});

describe('host manifest: precompressed copies', () => {
  const base = { formatVersion: 1, version: 'v1', files: [{ path: 'a.html', sha256: 'a'.repeat(64), size: 1 }, { path: 'a.html.br', sha256: 'b'.repeat(64), size: 1 }] };
  it('accepts copies that are listed, and refuses one that is not or a coding twice', () => {
    expect(parseHostManifest(JSON.stringify({ ...base, precompressed: { 'a.html': ['br'] } })).ok).toBe(true);
    const missing = parseHostManifest(JSON.stringify({ ...base, precompressed: { 'a.html': ['br', 'gzip'] } }));
    expect(missing.ok ? undefined : missing.problem.message).toBe('The bundle’s manifest.json lists a precompressed copy of "a.html" but not the file "a.html.gz".');
    const twice = parseHostManifest(JSON.stringify({ ...base, precompressed: { 'a.html': ['br', 'br'] } }));
    expect(twice.ok ? undefined : twice.problem.message).toBe('The bundle’s manifest.json lists a precompressed copy of "a.html" twice in one coding.');
    const unknown = parseHostManifest(JSON.stringify({ ...base, precompressed: { 'a.html': ['zstd'] } }));
    expect(unknown.ok ? undefined : unknown.problem.code).toBe('host/bad-manifest');
  });
});
