import { lstat, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHost, type HostOptions, type RunningHost } from '../../../src/server/host/start-host.js';
import { startEchoServer } from '../../e2e/echo-server.js';
import { bundleEntries, packTarGz, packZip, S3_EXPIRED, SIGNED, startBundleServer, type SiteFiles } from './make-bundle.js';

const site = (label: string): SiteFiles => ({
  'index.html': `<h1>Home ${label}</h1>`,
  'guide/index.html': `<h1>Guide ${label}</h1>`,
  'guide.md': `# Guide ${label}\n`,
  'guide/deep/index.html': '<h1>Deep</h1>',
  '_sheaf/sheaf.0123456789.css': 'body{color:red}',
  '_sheaf/search-records.json': '[]',
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'llms.txt': '# Test site\n',
  '404.html': '<h1>Not here</h1>',
  '_redirects': '/getting-started /guide 308\n/old/* /guide/:splat 307\n/away https://example.com/x 301\n',
});

let work: string;
let dataDir: string;
let hosts: RunningHost[];
let closers: (() => Promise<void>)[];
let logs: string[];

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-start-'));
  dataDir = path.join(work, 'data');
  hosts = [];
  closers = [];
  logs = [];
});
afterEach(async () => {
  for (const h of hosts) await h.close();
  for (const c of closers) await c();
  await rm(work, { recursive: true, force: true });
});

async function storage(routes: Parameters<typeof startBundleServer>[0] = {}, hang: string[] = []) {
  const server = await startBundleServer(routes, hang);
  closers.push(server.close);
  return server;
}

async function start(bundleUrl: string, extra: Partial<HostOptions> = {}) {
  const result = await startHost({ bundleUrl, port: 0, hostname: '127.0.0.1', dataDir, log: (l) => logs.push(l), ...extra });
  if (result.ok) hosts.push(result.value);
  return result;
}

async function started(bundleUrl: string, extra: Partial<HostOptions> = {}): Promise<RunningHost> {
  const result = await start(bundleUrl, extra);
  if (!result.ok) throw new Error(`host did not start: ${result.problem.message}`);
  return result.value;
}

/** A raw GET with the path exactly as given (fetch would normalise `..` and backslashes). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Node's own Response, as this file found it before any host started. */
const NODE_RESPONSE = globalThis.Response;

describe('sheaf host: the whole path over HTTP', () => {
  // @hono/node-server replaces the process's global Response and Request unless told not to;
  // other code in the process (shiki's inlined WebAssembly reads `new Response(stream).bytes()`)
  // then failed with "Cannot read properties of undefined (reading 'body')".
  it('leaves the global Response and Request of the process as they were', async () => {
    const store = await storage({ '/g/bundle.tar.gz': { body: await packTarGz(bundleEntries(site('g'), 'g')) } });
    const host = await started(`${store.url}/g/bundle.tar.gz${SIGNED}`);
    expect((await fetch(`${host.url}/`)).status).toBe(200);
    expect(globalThis.Response).toBe(NODE_RESPONSE);
    expect([...(await new Response(new Blob(['ok']).stream()).bytes())]).toEqual([111, 107]);
  });

  it('downloads a tar.gz bundle, checks it, switches to it and serves it', async () => {
    const store = await storage({ '/se_1/bundle.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'se_1')) } });
    const host = await started(`${store.url}/se_1/bundle.tar.gz${SIGNED}`);
    expect(host.version()).toBe('se_1');
    expect(await readlink(path.join(dataDir, 'current'))).toBe(path.join('versions', 'se_1'));
    expect((await readdir(path.join(dataDir, 'versions'))).sort()).toEqual(['se_1']);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);

    const home = await fetch(`${host.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await home.text()).toBe('<h1>Home one</h1>');

    for (const p of ['/guide', '/guide/', '/guide/index.html']) {
      const r = await fetch(`${host.url}${p}`);
      expect([p, r.status, await r.text()]).toEqual([p, 200, '<h1>Guide one</h1>']);
    }
    const md = await fetch(`${host.url}/guide.md`);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await md.text()).toBe('# Guide one\n');
    expect((await fetch(`${host.url}/logo.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${host.url}/llms.txt`)).headers.get('content-type')).toBe('text/plain; charset=utf-8');

    const css = await fetch(`${host.url}/_sheaf/sheaf.0123456789.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${host.url}/_sheaf/search-records.json`)).headers.get('cache-control')).toBe('no-cache');

    const etag = home.headers.get('etag') as string;
    const again = await fetch(`${host.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(`${host.url}/`, { headers: { 'if-none-match': `W/${etag}, "other"` } })).status).toBe(304);
    expect((await fetch(`${host.url}/`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);

    const head = await fetch(`${host.url}/guide`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String('<h1>Guide one</h1>'.length));
    expect(await head.text()).toBe('');

    const missing = await fetch(`${host.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await missing.text()).toBe('<h1>Not here</h1>');

    const redirect = await fetch(`${host.url}/getting-started`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/guide']);
    const splat = await fetch(`${host.url}/old/deep?tab=2`, { redirect: 'manual' });
    expect([splat.status, splat.headers.get('location')]).toEqual([307, '/guide/deep?tab=2']);
    expect((await fetch(`${host.url}/away`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/x');

    const post = await fetch(`${host.url}/guide`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toEqual({ error: { code: 'method-not-allowed', message: 'POST is not allowed here; use GET or HEAD.' } });

    const health = await fetch(`${host.url}/_svc/health`);
    expect(await health.json()).toEqual({ status: 'ok', version: 'se_1' });
    expect((await fetch(`${host.url}/_svc/nothing`)).status).toBe(404);

    // The signature went to storage and nowhere else.
    expect(store.requests).toEqual([`/se_1/bundle.tar.gz${SIGNED}`]);
    expect(logs.join('\n')).toContain(`${store.url}/se_1/bundle.tar.gz?…`);
    expect(logs.join('\n')).not.toContain('f00dfeed');
  });

  it('streams a file over the in-memory limit, with ranges and HEAD', async () => {
    // 2 MB of varying bytes: larger than MAX_CACHED_FILE, so it is read from disk each time.
    const big = Array.from({ length: 2 * 1024 * 1024 / 16 }, (_, i) => i.toString(16).padStart(16, '0')).join('');
    const store = await storage({ '/big.tar.gz': { body: await packTarGz(bundleEntries({ ...site('big'), 'data.json': big }, 'big1')) } });
    const host = await started(`${store.url}/big.tar.gz`);
    const whole = await fetch(`${host.url}/data.json`);
    expect([whole.status, whole.headers.get('content-length')]).toEqual([200, String(big.length)]);
    expect(await whole.text()).toBe(big);
    const part = await fetch(`${host.url}/data.json`, { headers: { range: 'bytes=1048570-1048589' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 1048570-1048589/${big.length}`]);
    expect(await part.text()).toBe(big.slice(1048570, 1048590));
    const head = await fetch(`${host.url}/data.json`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(big.length), '']);
  });

  it('serves a zip bundle the same way', async () => {
    const store = await storage({ '/b.zip': { body: packZip(bundleEntries(site('zip'), 'v-zip')) } });
    const host = await started(`${store.url}/b.zip`);
    expect(await (await fetch(`${host.url}/guide`)).text()).toBe('<h1>Guide zip</h1>');
  });

  it('does not serve the manifest, `_redirects`, folders without index.html, or files outside the manifest', async () => {
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    const host = await started(`${store.url}/b.tar.gz`);
    await writeFile(path.join(dataDir, 'versions', 'v1', 'planted.txt'), 'planted');
    for (const p of ['/manifest.json', '/_redirects', '/_sheaf/', '/_sheaf', '/planted.txt']) {
      const r = await fetch(`${host.url}${p}`);
      expect([p, r.status, await r.text()]).toEqual([p, 404, '<h1>Not here</h1>']);
    }
  });

  it('keeps every request path inside the version folder', async () => {
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    const host = await started(`${store.url}/b.tar.gz`);
    await writeFile(path.join(dataDir, 'secret.txt'), 'TOP-SECRET');
    await writeFile(path.join(dataDir, 'versions', 'secret.txt'), 'TOP-SECRET');
    const attempts = [
      '/../secret.txt',
      '/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/guide/%2e%2e/%2e%2e/secret.txt',
      '/guide%2f..%2f..%2fsecret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/..%5c..%5csecret.txt',
      '/..\\secret.txt',
      '/guide\\..\\..\\secret.txt',
      '/secret.txt%00.html',
      '/guide%00/index.html',
      '/%c0%ae%c0%ae/secret.txt',
      '/%252e%252e/secret.txt',
      '//etc/passwd',
      '/etc/passwd',
    ];
    for (const attempt of attempts) {
      const r = await rawGet(host.url, attempt);
      expect([attempt, r.status === 400 || r.status === 404]).toEqual([attempt, true]);
      expect(r.body).not.toContain('TOP-SECRET');
      expect(r.body).not.toContain('root:');
    }
  });

  it('mounts the playground proxy: an internal address is refused, an allowed one answered', async () => {
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    const echo = await startEchoServer();
    closers.push(echo.close);
    const host = await started(`${store.url}/b.tar.gz`);
    const ask = (h: RunningHost, url: string) =>
      fetch(`${h.url}/_svc/api/request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', url, headers: {}, body: { type: 'none' } }) });
    const refused = await ask(host, `${echo.url}/x`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('proxy/blocked-address');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(echo.received).toEqual([]);
    expect((await fetch(`${host.url}/_svc/api/request`)).status).toBe(405);

    const open = await started(`${store.url}/b.tar.gz`, { proxy: { allowAddresses: ['127.0.0.1/32'] } });
    const answered = await ask(open, `${echo.url}/notes?limit=2`);
    expect(answered.status).toBe(200);
    const body = (await answered.json()) as { status: number; body: string };
    expect(body.status).toBe(200);
    expect(JSON.parse(body.body)).toMatchObject({ method: 'GET', path: '/notes', query: { limit: '2' } });
  });
});

describe('sheaf host: bad bundles are refused and nothing is served', () => {
  it('refuses a bundle with a `../` entry', async () => {
    const entries = [...bundleEntries(site('one'), 'v1'), { name: '../../escaped.html', content: 'x' }];
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(entries) } });
    const result = await start(`${store.url}/b.tar.gz`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.code).toBe('host/unsafe-entry');
    expect(result.problem.message).toBe('The bundle entry "../../escaped.html" is refused: a `..` segment (path traversal). Nothing was served.');
    expect(await readdir(path.join(dataDir, 'versions'))).toEqual([]);
    expect(await readdir(work)).toEqual(['data']);
    await expect(lstat(path.join(dataDir, 'current'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a bundle with a symlink entry', async () => {
    const entries = [...bundleEntries(site('one'), 'v1'), { name: 'passwd.html', type: 'symlink' as const, linkname: '/etc/passwd' }];
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(entries) } });
    const result = await start(`${store.url}/b.tar.gz`);
    expect(result.ok ? undefined : result.problem.message).toBe('The bundle entry "passwd.html" is refused: it is a symbolic link. Nothing was served.');
  });

  it('refuses a tampered file, even when a cached version exists', async () => {
    const store = await storage({ '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    await (await started(`${store.url}/v1.tar.gz`)).close();
    hosts = [];
    // Same size as `# Guide two\n`: only the hash can tell.
    const entries = bundleEntries(site('two'), 'v2').map((e) => (e.name === 'guide.md' ? { ...e, content: '# Guide owt\n' } : e));
    store.routes['/v2.tar.gz'] = { body: await packTarGz(entries) };
    const result = await start(`${store.url}/v2.tar.gz`);
    expect(result.ok ? undefined : result.problem).toEqual({
      code: 'host/file-mismatch',
      message: '`guide.md` does not match the SHA-256 in the manifest: the bundle was altered or damaged. Nothing was served.',
      hint: 'Generate a new bundle with `sheaf export` or the export job API; do not repack it by hand.',
    });
    expect((await readdir(path.join(dataDir, 'versions'))).sort()).toEqual(['v1']);
  });

  it('says when the data folder cannot be used', async () => {
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    await writeFile(path.join(work, 'a-file'), 'not a folder');
    const result = await start(`${store.url}/b.tar.gz`, { dataDir: path.join(work, 'a-file', 'data') });
    expect(result.ok ? undefined : result.problem).toEqual({
      code: 'host/write-failed',
      message: `Cannot use the data folder ${path.join(work, 'a-file', 'data')} (ENOTDIR on mkdir).`,
      hint: 'Check that the data folder (--data-dir) is writable and its disk has room.',
    });
    expect(store.requests).toEqual([]);
  });

  it('says when the port is taken', async () => {
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    const first = await started(`${store.url}/b.tar.gz`);
    const second = await start(`${store.url}/b.tar.gz`, { port: first.port });
    expect(second.ok ? undefined : second.problem.message).toBe(`Cannot listen on 127.0.0.1:${first.port} (EADDRINUSE).`);
  });

  it('refuses a download that is not an archive', async () => {
    const store = await storage({ '/b.tar.gz': { body: '<html>Sign in</html>', headers: { 'content-type': 'text/html' } } });
    const result = await start(`${store.url}/b.tar.gz`);
    expect(result.ok ? undefined : result.problem.code).toBe('host/bad-archive');
  });

  it('refuses links that are not http(s), downloads over the size limit, and downloads past the time limit', async () => {
    expect(((await start('file:///etc/passwd')) as { problem: { message: string } }).problem.message).toBe('The bundle link must be http or https, not file.');
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } }, ['/slow.tar.gz']);
    const big = await start(`${store.url}/b.tar.gz`, { downloadLimits: { maxBytes: 100, timeoutMs: 10_000 } });
    expect(big.ok ? undefined : big.problem.code).toBe('host/bundle-too-large');
    const slow = await start(`${store.url}/slow.tar.gz${SIGNED}`, { downloadLimits: { maxBytes: 10_000_000, timeoutMs: 300 } });
    expect(slow.ok ? undefined : slow.problem.code).toBe('host/download-timeout');
    expect(slow.ok ? undefined : slow.problem.message).toBe(`The bundle download from ${store.url}/slow.tar.gz?… took longer than 300 ms. No cached version is in ${path.join(dataDir, 'versions')}, so there is nothing to serve.`);
  });
});

describe('sheaf host: expired links and the version cache', () => {
  const expired = { status: 403, body: S3_EXPIRED, headers: { 'content-type': 'application/xml' } };

  it('fails with a clear message when the link has expired and nothing is cached', async () => {
    const store = await storage({ '/b.tar.gz': expired });
    const result = await start(`${store.url}/b.tar.gz${SIGNED}`, { version: 'v1' });
    expect(result.ok ? undefined : result.problem).toEqual({
      code: 'host/link-expired',
      message: `The bundle link has expired (HTTP 403 from ${store.url}/b.tar.gz?…); generate a new bundle and upgrade. No cached copy of version v1 is in ${path.join(dataDir, 'versions')}, so there is nothing to serve.`,
      hint: 'Generate a new bundle (POST /v1/static-export/jobs/{jobId}/bundle) and upgrade with the new link.',
    });
    const unpinned = await start(`${store.url}/b.tar.gz`);
    expect(unpinned.ok ? undefined : unpinned.problem.message).toContain('No cached version is in');
  });

  it('says "refused" for a 403 that does not say it expired', async () => {
    const store = await storage({ '/b.tar.gz': { status: 403, body: '<Error><Code>SignatureDoesNotMatch</Code></Error>' } });
    const result = await start(`${store.url}/b.tar.gz`);
    expect(result.ok ? undefined : result.problem.message).toMatch(/^The bundle link was refused \(HTTP 403 from .*\): it has expired or was altered/);
  });

  it('serves the pinned cached version when the link has expired, and says so', async () => {
    const store = await storage({ '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    await (await started(`${store.url}/v1.tar.gz`, { version: 'v1' })).close();
    hosts = [];
    store.routes['/v1.tar.gz'] = expired;
    logs = [];
    const host = await started(`${store.url}/v1.tar.gz${SIGNED}`, { version: 'v1' });
    expect(await (await fetch(`${host.url}/`)).text()).toBe('<h1>Home one</h1>');
    expect(logs.slice(1, 3)).toEqual([
      `sheaf host: The bundle link has expired (HTTP 403 from ${store.url}/v1.tar.gz?…); generate a new bundle and upgrade.`,
      'sheaf host: serving the cached copy of version v1 (checked against its manifest).',
    ]);
    expect(logs.join('\n')).not.toContain('f00dfeed');
  });

  it('does not serve a cached copy of another version than the pin', async () => {
    const store = await storage({ '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    await (await started(`${store.url}/v1.tar.gz`)).close();
    hosts = [];
    store.routes['/v1.tar.gz'] = expired;
    const result = await start(`${store.url}/v1.tar.gz`, { version: 'v3' });
    expect(result.ok ? undefined : result.problem.message).toContain(`No cached copy of version v3 is in ${path.join(dataDir, 'versions')}`);
  });

  it('without a pin, serves the most recently installed cached version with a warning', async () => {
    const store = await storage({
      '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) },
      '/v2.tar.gz': { body: await packTarGz(bundleEntries(site('two'), 'v2')) },
    });
    await (await started(`${store.url}/v2.tar.gz`, { now: () => new Date('2026-01-01T00:00:00Z') })).close();
    await (await started(`${store.url}/v1.tar.gz`, { now: () => new Date('2026-02-01T00:00:00Z') })).close();
    hosts = [];
    store.routes['/v1.tar.gz'] = expired;
    const host = await started(`${store.url}/v1.tar.gz`);
    expect(host.version()).toBe('v1');
    expect(logs).toContain('sheaf host: warning: serving the most recent cached version, v1 (checked against its manifest); it may be out of date.');
  });

  it('falls back to the cache when storage cannot be reached', async () => {
    const store = await storage({ '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    await (await started(`${store.url}/v1.tar.gz`)).close();
    hosts = [];
    const gone = store.url;
    await store.close();
    closers = [];
    const host = await started(`${gone}/v1.tar.gz`, { version: 'v1' });
    expect(host.version()).toBe('v1');
    expect(logs.some((l) => l.startsWith(`sheaf host: Could not download the bundle from ${gone}/v1.tar.gz (ECONNREFUSED)`))).toBe(true);
  });

  it('does not serve a cached copy that was altered on disk', async () => {
    const store = await storage({ '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) } });
    await (await started(`${store.url}/v1.tar.gz`)).close();
    hosts = [];
    await writeFile(path.join(dataDir, 'versions', 'v1', 'index.html'), '<h1>Home EVIL</h1>');
    store.routes['/v1.tar.gz'] = expired;
    const result = await start(`${store.url}/v1.tar.gz`, { version: 'v1' });
    expect(result.ok ? undefined : result.problem.message).toContain('The cached version `v1` is damaged: `index.html` has 18 bytes, not 17. There is nothing else to serve.');
  });

  it('refuses a bundle of another version than the pin', async () => {
    const store = await storage({ '/b.tar.gz': { body: await packTarGz(bundleEntries(site('two'), 'v2')) } });
    const result = await start(`${store.url}/b.tar.gz`, { version: 'v1' });
    expect(result.ok ? undefined : result.problem).toEqual({
      code: 'host/version-mismatch',
      message: 'The bundle is version `v2`, but --version pins `v1`. Nothing was served.',
      hint: 'Pass the link of a bundle of version v1, or change the pin (staticExport.version) to v2.',
    });
    expect(await readdir(path.join(dataDir, 'versions'))).toEqual([]);
  });
});

describe('sheaf host: switching versions', () => {
  it('switches to a second version atomically and keeps serving the current one when an update is bad', async () => {
    const store = await storage({
      '/v1.tar.gz': { body: await packTarGz(bundleEntries(site('one'), 'v1')) },
      '/v2.tar.gz': { body: await packTarGz(bundleEntries(site('two'), 'v2')) },
      '/bad.tar.gz': { body: await packTarGz([...bundleEntries(site('three'), 'v3'), { name: 'x', type: 'symlink', linkname: '/' }]) },
    });
    const host = await started(`${store.url}/v1.tar.gz`);
    expect(await (await fetch(`${host.url}/guide`)).text()).toBe('<h1>Guide one</h1>');

    const updated = await host.update(`${store.url}/v2.tar.gz`);
    expect(updated.ok).toBe(true);
    expect(await (await fetch(`${host.url}/guide`)).text()).toBe('<h1>Guide two</h1>');
    expect(await (await fetch(`${host.url}/_svc/health`)).json()).toEqual({ status: 'ok', version: 'v2' });
    expect(await readlink(path.join(dataDir, 'current'))).toBe(path.join('versions', 'v2'));
    expect(await readFile(path.join(dataDir, 'current', 'index.html'), 'utf8')).toBe('<h1>Home two</h1>');
    expect((await readdir(dataDir)).sort()).toEqual(['current', 'tmp', 'versions']);
    expect((await readdir(path.join(dataDir, 'versions'))).sort()).toEqual(['v1', 'v2']);

    const bad = await host.update(`${store.url}/bad.tar.gz`);
    expect(bad.ok ? undefined : bad.problem.code).toBe('host/unsafe-entry');
    expect(host.version()).toBe('v2');
    expect(await (await fetch(`${host.url}/guide`)).text()).toBe('<h1>Guide two</h1>');
    expect((await readdir(path.join(dataDir, 'versions'))).sort()).toEqual(['v1', 'v2']);
  });

  it('keeps the three most recent versions', async () => {
    const routes: Record<string, { body: Buffer }> = {};
    for (const v of ['v1', 'v2', 'v3', 'v4']) routes[`/${v}.tar.gz`] = { body: await packTarGz(bundleEntries(site(v), v)) };
    const store = await storage(routes);
    let day = 1;
    const now = () => new Date(Date.UTC(2026, 0, day++));
    const host = await started(`${store.url}/v1.tar.gz`, { now });
    for (const v of ['v2', 'v3', 'v4']) expect((await host.update(`${store.url}/${v}.tar.gz`)).ok).toBe(true);
    expect((await readdir(path.join(dataDir, 'versions'))).sort()).toEqual(['v2', 'v3', 'v4']);
  });
});
