import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExtractiveProvider } from '../../../src/server/assistant/index.js';
import { childProcessRunner } from '../../../src/server/service/export-runner.js';
import { silentLog } from '../../../src/server/service/service-log.js';
import { startService, type RunningService } from '../../../src/server/service/start-service.js';
import { openStore } from '../../../src/server/store/open-store.js';
import { FAKE_BUNDLE, fakeRunner } from './helpers.js';
import { readJob, seedDataDir, startServiceProcess, type ServiceProcess } from './service-process.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const JOBS = '/v1/static-export/jobs';
/** The paths the search endpoint finds first for `create a note` in the example. */
const SEARCHED = ['/api-reference/notes/create-a-note#responses', '/guides/components#create-a-note', '/api-reference/notes/create-a-note'];

let dir: string;
let service: RunningService | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-http-'));
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await rm(dir, { recursive: true, force: true });
});

interface Keys {
  admin: string;
  assistant: string;
  pro: string;
}

/** The data folder of `seedDataDir` plus an assistant key and a Pro organization. */
async function seed(data: string, source: string): Promise<Keys> {
  const admin = await seedDataDir(data, source);
  const store = await openStore({ kind: 'sqlite', file: path.join(data, 'sheaf.db') });
  try {
    await store.createOrganization({ id: 'small', name: 'Small', plan: 'pro' });
    await store.addSite({ domain: 'docs.small.com', orgId: 'small', source });
    const assistant = await store.createApiKey('acme', 'assistant');
    const pro = await store.createApiKey('small', 'admin');
    if (!assistant.ok || !pro.ok) throw new Error('seed failed');
    return { admin, assistant: assistant.key, pro: pro.key };
  } finally {
    await store.close();
  }
}

/** A raw request, path sent byte for byte (fetch would normalize `..`). */
function rawRequest(url: string, rawPath: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (options.chunked && options.body !== undefined) {
      const b = Buffer.from(options.body);
      for (let i = 0; i < b.length; i += 4096) req.write(b.subarray(i, i + 4096));
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

/** Node's own Response, as this file found it before any server started. */
const NODE_RESPONSE = globalThis.Response;

describe('the service over HTTP on 127.0.0.1 (fake builds)', () => {
  let keys: Keys;
  beforeEach(async () => {
    const data = path.join(dir, 'data');
    const source = path.join(dir, 'project');
    await mkdir(source);
    keys = await seed(data, source);
    service = await startService({ dataDir: data, port: 0, host: '127.0.0.1', env: {}, log: silentLog, runner: fakeRunner(), limits: { bodyBytes: 1024 } });
  });
  const auth = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });

  // @hono/node-server replaces the process's global Response and Request with its own classes
  // unless told not to; code sharing the process (shiki's inlined WebAssembly, read through
  // `new Response(stream).bytes()`) then failed with "Cannot read properties of undefined".
  it('leaves the global Response and Request of the process as they were', async () => {
    expect((await fetch(`${service!.url}/openapi.json`)).status).toBe(200);
    expect(globalThis.Response).toBe(NODE_RESPONSE);
    expect([...(await new Response(new Blob(['ok']).stream()).bytes())]).toEqual([111, 107]);
  });

  it('runs the workflow: start, poll, bundle, download whole and in ranges', async () => {
    const url = service!.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const started = await fetch(`${url}${JOBS}`, { method: 'POST', headers: auth(keys.admin), body: JSON.stringify({ domain: 'docs.acme.com' }) });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    expect(jobId).toMatch(/^se_[0-9a-f]{16}$/);
    await expect.poll(async () => ((await (await fetch(`${url}${JOBS}/${jobId}`, { headers: auth(keys.admin) })).json()) as { status: string }).status, { timeout: 10_000, interval: 50 }).toBe('completed');
    const link = (await (await fetch(`${url}${JOBS}/${jobId}/bundle`, { method: 'POST', headers: auth(keys.admin) })).json()) as { bundleUrl: string; sizeBytes: number };
    expect(link.bundleUrl.startsWith(`${url}/v1/static-export/bundles/${jobId}/bundle.tar.gz?X-Sheaf-Expires=`)).toBe(true);
    expect(link.sizeBytes).toBe(1000);
    const whole = await fetch(link.bundleUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(FAKE_BUNDLE);
    const part = await fetch(link.bundleUrl, { headers: { Range: 'bytes=500-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 500-999/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(FAKE_BUNDLE.subarray(500));
    const none = await fetch(link.bundleUrl, { headers: { Range: 'bytes=4000-' } });
    expect(none.status).toBe(416);
    expect(((await none.json()) as { code: string }).code).toBe('range-not-satisfiable');
    const tampered = await fetch(link.bundleUrl.replace(/X-Sheaf-Expires=(\d+)/, (_, s: string) => `X-Sheaf-Expires=${Number(s) + 1}`));
    expect(tampered.status).toBe(403);
    expect(tampered.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await tampered.json()) as { code: string }).code).toBe('link-invalid');
  });

  it('refuses every auth and plan failure with the error shape', async () => {
    const url = service!.url;
    const post = (headers: Record<string, string>) => fetch(`${url}${JOBS}`, { method: 'POST', headers, body: '{"domain":"docs.acme.com"}' });
    const codes = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];
    expect(await codes(await post({ 'Content-Type': 'application/json' }))).toEqual([401, 'missing-api-key']);
    expect(await codes(await post(auth('svc_unknown')))).toEqual([401, 'invalid-api-key']);
    expect(await codes(await post(auth(keys.assistant)))).toEqual([403, 'admin-key-required']);
    const pro = await fetch(`${url}${JOBS}`, { method: 'POST', headers: auth(keys.pro), body: '{"domain":"docs.small.com"}' });
    expect(pro.status).toBe(403);
    expect(((await pro.json()) as { error: string }).error).toMatch(/^Static export requires the Enterprise plan/);
  });

  it('refuses malformed, unknown-field and oversized bodies (with Content-Length or chunked)', async () => {
    const url = service!.url;
    const malformed = await rawRequest(url, JOBS, { method: 'POST', headers: auth(keys.admin), body: '{"domain"' });
    expect([malformed.status, JSON.parse(malformed.body).code]).toEqual([400, 'invalid-json']);
    const unknown = await rawRequest(url, JOBS, { method: 'POST', headers: auth(keys.admin), body: '{"domain":"docs.acme.com","pages":["x"]}' });
    expect([unknown.status, JSON.parse(unknown.body).error]).toEqual([400, 'Unknown field `pages` in the body.']);
    const big = JSON.stringify({ domain: 'x'.repeat(20_000) });
    const sized = await rawRequest(url, JOBS, { method: 'POST', headers: { ...auth(keys.admin), 'Content-Length': String(big.length) }, body: big });
    expect([sized.status, JSON.parse(sized.body).code]).toEqual([413, 'payload-too-large']);
    const chunked = await rawRequest(url, JOBS, { method: 'POST', headers: auth(keys.admin), body: big, chunked: true });
    expect([chunked.status, JSON.parse(chunked.body).code]).toEqual([413, 'payload-too-large']);
  });

  it('reads a small chunked body, and a POST that sends no body and no length (curl -X POST)', async () => {
    // A runner that holds the build: the job stays unfinished for the bundle request below.
    await service!.close();
    service = await startService({ dataDir: path.join(dir, 'data'), port: 0, host: '127.0.0.1', env: {}, log: silentLog, runner: fakeRunner({ hold: true }), limits: { bodyBytes: 1024 } });
    const url = service.url;
    const chunked = await rawRequest(url, JOBS, { method: 'POST', headers: { ...auth(keys.admin), 'Content-Type': 'application/json' }, body: '{"domain":"docs.acme.com"}', chunked: true });
    expect([chunked.status, JSON.parse(chunked.body).status]).toEqual([202, 'queued']);
    const jobId = JSON.parse(chunked.body).jobId as string;
    // What curl -X POST sends: neither Content-Length nor Transfer-Encoding.
    const { hostname, port } = new URL(url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`POST ${JOBS}/${jobId}/bundle HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${keys.admin}\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      socket.setEncoding('utf8').on('data', (d: string) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    // The job is not built yet (the runner holds it): the body-less request reached the handler.
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 409 Conflict');
    expect(answer).toContain('"code":"job-not-completed"');
  });

  it('never lets a job id reach the file system: raw and encoded traversal', async () => {
    const url = service!.url;
    const headers = auth(keys.admin);
    const dotted = await rawRequest(url, `${JOBS}/../../../sheaf.db`, { headers });
    expect([dotted.status, JSON.parse(dotted.body).code]).toEqual([404, 'not-found']);
    const encoded = await rawRequest(url, `${JOBS}/..%2F..%2Fsheaf.db`, { headers });
    expect([encoded.status, JSON.parse(encoded.body).code]).toEqual([404, 'invalid-job-id']);
    const backslash = await rawRequest(url, `${JOBS}/..%5C..%5Csheaf.db/bundle`, { method: 'POST', headers });
    expect([backslash.status, JSON.parse(backslash.body).code]).toEqual([404, 'invalid-job-id']);
    const download = await rawRequest(url, `/v1/static-export/bundles/..%2F..%2Fsheaf.db/bundle.tar.gz?X-Sheaf-Expires=9999999999&X-Sheaf-Signature=${'0'.repeat(64)}`);
    expect([download.status, JSON.parse(download.body).code]).toEqual([403, 'link-invalid']);
  });
});

const runnerReady = existsSync(path.join(REPO, 'src/export/run-export-child.ts')) && existsSync(path.join(REPO, 'dist/export/export-child.js'));
if (!runnerReady) console.warn('Skipping the real-build service tests: src/export/run-export-child.ts or dist/export/export-child.js is missing (run `npm run build`).');

/** A copy of fixtures/example without build output, as a site's source. */
async function exampleCopy(to: string) {
  await cp(path.join(REPO, 'fixtures/example'), to, { recursive: true, filter: (f) => !/[\\/](_site|\.sheaf)$/.test(f) });
}

async function tarEntries(gz: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => {
        chunks.push(c as Buffer);
      });
      stream.on('end', () => {
        entries.set(header.name, Buffer.concat(chunks));
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(gunzipSync(gz));
  await done;
  return entries;
}

describe.skipIf(!runnerReady)('the service with real builds of fixtures/example', () => {
  let source: string;
  let data: string;
  let key: string;
  let proc: ServiceProcess | undefined;
  beforeAll(async () => {
    source = path.join(os.tmpdir(), `sheaf-service-example-${process.pid}`);
    await rm(source, { recursive: true, force: true });
    await exampleCopy(source);
  });
  afterAll(async () => {
    await rm(source, { recursive: true, force: true });
  });
  beforeEach(async () => {
    data = path.join(dir, 'data');
    key = await seedDataDir(data, source);
  });
  afterEach(async () => {
    await proc?.kill();
    proc = undefined;
  });

  it('exports the example through the API; the downloaded archive holds manifest.json with the job id as version; search and page read the export', async () => {
    service = await startService({ dataDir: data, port: 0, host: '127.0.0.1', env: {}, log: silentLog, runner: childProcessRunner, assistant: { provider: createExtractiveProvider() } });
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const { jobId } = (await (await fetch(`${service.url}${JOBS}`, { method: 'POST', headers, body: '{"domain":"docs.acme.com"}' })).json()) as { jobId: string };
    let job: { status: string; pageCount: number; progress: number; error?: string } = { status: 'queued', pageCount: 0, progress: 0 };
    for (let i = 0; i < 600 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await (await fetch(`${service.url}${JOBS}/${jobId}`, { headers })).json()) as typeof job;
    }
    expect(job.error).toBeUndefined();
    expect(job.status).toBe('completed');
    expect(job.progress).toBe(100);
    const { bundleUrl, sizeBytes } = (await (await fetch(`${service.url}${JOBS}/${jobId}/bundle`, { method: 'POST', headers })).json()) as { bundleUrl: string; sizeBytes: number };
    const res = await fetch(bundleUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(sizeBytes);
    const entries = await tarEntries(bytes);
    expect(entries.has('manifest.json')).toBe(true);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { version: string; pageCount: number; name: string; urlStyle: string };
    expect(manifest.version).toBe(jobId);
    expect(manifest.name).toBe('Acme Notes');
    expect(manifest.pageCount).toBe(job.pageCount);
    expect(entries.has('index.html')).toBe(true);
    // Mintlify's static-export layout: pages are `route.html` files.
    expect(manifest.urlStyle).toBe('html');
    expect([entries.has('guides/notes.html'), entries.has('guides/notes/index.html')]).toEqual([true, false]);
    // The search and page endpoints read the job's search records and page texts.
    const assistant = await service.store.createApiKey('acme', 'assistant');
    if (!assistant.ok) throw new Error(assistant.message);
    const discovery = (endpoint: string, body: unknown) =>
      fetch(`${service!.url}/discovery/v1/${endpoint}/docs.acme.com`, { method: 'POST', headers: { ...headers, Authorization: `Bearer ${assistant.key}` }, body: JSON.stringify(body) });
    const hits = (await (await discovery('search', { query: 'create a note', pageSize: 3 })).json()) as { path: string; metadata: { score: number } }[];
    expect(hits.map((h) => h.path)).toEqual(SEARCHED);
    expect(hits[0]!.metadata.score).toBe(1);
    for (const hit of hits) {
      const page = await discovery('page', { path: hit.path });
      expect(page.status).toBe(200);
      const route = hit.path.split('#')[0]!;
      // The Markdown copy the bundle holds for that page.
      expect(((await page.json()) as { content: string }).content).toBe(entries.get(route === '/' ? 'index.md' : `${route.slice(1)}.md`)!.toString('utf8'));
    }
  }, 180_000);

  it('exports the example for the air-gapped profile: the job status and the manifest of the downloaded archive say so', async () => {
    service = await startService({ dataDir: data, port: 0, host: '127.0.0.1', env: {}, log: silentLog, runner: childProcessRunner });
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const started = await fetch(`${service.url}${JOBS}`, { method: 'POST', headers, body: '{"domain":"docs.acme.com","deployment":"air-gapped"}' });
    expect(started.status).toBe(202);
    const { jobId, deployment } = (await started.json()) as { jobId: string; deployment: string };
    expect(deployment).toBe('air-gapped');
    let job: { status: string; deployment: string; pageCount: number; error?: string } = { status: 'queued', deployment: '', pageCount: 0 };
    for (let i = 0; i < 600 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await (await fetch(`${service.url}${JOBS}/${jobId}`, { headers })).json()) as typeof job;
    }
    expect(job.error).toBeUndefined();
    expect(job).toMatchObject({ status: 'completed', deployment: 'air-gapped' });
    const { bundleUrl } = (await (await fetch(`${service.url}${JOBS}/${jobId}/bundle`, { method: 'POST', headers })).json()) as { bundleUrl: string };
    const res = await fetch(bundleUrl);
    expect(res.status).toBe(200);
    const entries = await tarEntries(Buffer.from(await res.arrayBuffer()));
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { version: string; deployment: string; features: Record<string, boolean>; pageCount: number };
    expect(manifest.version).toBe(jobId);
    expect(manifest.deployment).toBe('air-gapped');
    expect(manifest.features).toEqual({ search: true, assistant: false, analytics: false, playground: true });
    expect(manifest.pageCount).toBe(job.pageCount);
  }, 180_000);

  it('survives a SIGKILL of the service mid-build: after a restart the job ends completed, never stuck running', async () => {
    proc = await startServiceProcess(data, 'real');
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const { jobId } = (await (await fetch(`${proc.url}${JOBS}`, { method: 'POST', headers, body: '{"domain":"docs.acme.com"}' })).json()) as { jobId: string };
    await expect.poll(async () => (await readJob(data, jobId))?.status, { timeout: 30_000, interval: 50 }).toBe('running');
    await proc.kill();
    expect((await readJob(data, jobId))?.status).toBe('running');
    proc = await startServiceProcess(data, 'real');
    await expect.poll(async () => (await readJob(data, jobId))?.status, { timeout: 150_000, interval: 250 }).toMatch(/^(completed|failed)$/);
    expect(await readJob(data, jobId)).toMatchObject({ status: 'completed', attempts: 2 });
  }, 240_000);
});
