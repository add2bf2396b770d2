import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportBundle } from '../../../src/api/export-bundle.js';
import type { ExportRunner } from '../../../src/server/service/export-runner.js';
import { readTarGz } from '../../bundle/read-archive.js';
import { authed, fakeRunner, makeWorld, type World } from './helpers.js';
import { HAS_MINTLIFY_DOCS, loadExportDocument, STATIC_EXPORT_DOCUMENT, type ExportDocument } from './mintlify-export-document.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PROJECT = path.join(REPO, 'test/bundle/fixtures/export-some-pages');

if (!HAS_MINTLIFY_DOCS) console.info(`mintlify-static-export: ${STATIC_EXPORT_DOCUMENT} is absent, skipping`);

/**
 * The build of `sheaf service` without its child process: `exportBundle` in this process with
 * what the job asks (version, profile, pages), failing with the first error as the child does.
 */
const inProcessRunner: ExportRunner = async (request) => {
  const bundleFile = path.join(request.workDir, 'bundle.tar.gz');
  const { build, archive } = await exportBundle({
    root: request.source,
    output: bundleFile,
    outDir: path.join(request.workDir, 'site'),
    version: request.version,
    cacheDir: false,
    workers: 0,
    ...(request.deployment ? { deployment: request.deployment } : {}),
    ...(request.pages ? { pages: request.pages } : {}),
  });
  if (!archive) {
    const first = build.diagnostics.find((d) => d.severity === 'error');
    return { ok: false, reason: first ? `${first.message} [${first.code}]` : 'The site could not be built.' };
  }
  const searchRecordsFile = path.join(request.workDir, 'search-records.json');
  await cp(path.join(request.workDir, 'site/_sheaf/search-records.json'), searchRecordsFile);
  return { ok: true, bundleFile, bytes: archive.bytes, pageCount: build.stats?.pages ?? 0, searchRecordsFile, errors: build.errorCount, warnings: build.warningCount };
};

describe.skipIf(!HAS_MINTLIFY_DOCS)("the static-export API against Mintlify's document", () => {
  let w: World;
  let doc: ExportDocument;
  const JOBS = '/static-export/jobs';
  const JOB = '/static-export/jobs/{jobId}';
  const BUNDLE = '/static-export/jobs/{jobId}/bundle';
  /** Our path of a document path (the document's server is `…/v1`). */
  const at = (docPath: string, jobId = '') => `${doc.basePath}${docPath.replace('{jobId}', jobId)}`;

  /** A request, its JSON body checked against the document for its status; returns both. */
  async function call(method: string, docPath: string, url: string, init: RequestInit) {
    const res = await w.service.app.request(url, { ...init, method });
    const body = (await res.json()) as Record<string, unknown>;
    expect(doc.check(method, docPath, res.status, body), `${method} ${url} ${res.status} ${JSON.stringify(body)}`).toBe('');
    return { status: res.status, body };
  }
  const start = (body: unknown, key = w.keys.acme) => call('POST', JOBS, at(JOBS), authed(key, { method: 'POST', body }));
  const status = (jobId: string, key = w.keys.acme) => call('GET', JOB, at(JOB, jobId), authed(key));
  const bundle = (jobId: string, key = w.keys.acme) => call('POST', BUNDLE, at(BUNDLE, jobId), authed(key, { method: 'POST' }));

  beforeEach(async () => {
    w = await makeWorld();
    doc = loadExportDocument();
    await cp(PROJECT, w.source, { recursive: true });
  });
  afterEach(async () => {
    await w.cleanup();
  });

  it('gives the statuses this test sends for each operation', () => {
    expect(doc.basePath).toBe('/v1');
    expect(doc.statuses('POST', JOBS)).toEqual(['202', '400', '401', '403']);
    expect(doc.statuses('GET', JOB)).toEqual(['200', '401', '404']);
    expect(doc.statuses('POST', BUNDLE)).toEqual(['200', '401', '404', '409']);
  });

  it('starts a job with version and paths (202), follows it (200) and bundles exactly those pages with the label (200)', async () => {
    w.start(inProcessRunner);
    const started = await start({ domain: 'docs.acme.com', version: '2024-06-01', paths: ['index', '/guides/getting-started'] });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ jobId: 'se_0000000000000001', status: 'queued', progress: 0, pageCount: 0, version: '2024-06-01', paths: ['index', '/guides/getting-started'] });
    await w.service.queue.idle();
    const done = await status('se_0000000000000001');
    expect(done).toMatchObject({ status: 200, body: { status: 'completed', progress: 100, pageCount: 2, version: '2024-06-01' } });
    const link = await bundle('se_0000000000000001');
    expect(link.status).toBe(200);
    const url = new URL(String(link.body['bundleUrl']));
    const download = await w.service.app.request(url.pathname + url.search);
    expect(download.status).toBe(200);
    const file = path.join(w.dir, 'downloaded.tar.gz');
    await writeFile(file, Buffer.from(await download.arrayBuffer()));
    const entries = await readTarGz(file);
    const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.content.toString('utf8')) as { version: string; pageCount: number; pages: { route: string }[] };
    expect([manifest.version, manifest.pageCount, manifest.pages.map((p) => p.route)]).toEqual(['2024-06-01', 2, ['/', '/guides/getting-started']]);
    // The navigation of the pages holds only what was exported; a left-out page is a redirect to the site's domain.
    const home = entries.find((e) => e.name === 'index.html')!.content.toString('utf8');
    expect(home).not.toContain('>More<');
    expect(entries.find((e) => e.name === 'guides/advanced.html')!.content.toString('utf8')).toContain('url=https://docs.acme.com/guides/advanced');
  });

  it('labels a bundle with the job id when the request has no version, and exports every page without paths', async () => {
    w.start(inProcessRunner);
    expect((await start({ domain: 'docs.acme.com' })).status).toBe(202);
    await w.service.queue.idle();
    expect((await status('se_0000000000000001')).body).toMatchObject({ status: 'completed', pageCount: 4 });
  });

  it('fails a job whose paths name no page, its error naming each', async () => {
    w.start(inProcessRunner);
    expect((await start({ domain: 'docs.acme.com', paths: ['index', 'guides/nothing', 'api'] })).status).toBe(202);
    await w.service.queue.idle();
    const failed = await status('se_0000000000000001');
    expect(failed.body['status']).toBe('failed');
    expect(failed.body['error']).toBe('The page paths `guides/nothing`, `api` name no page of the site. [bundle/unknown-page]');
    expect(await bundle('se_0000000000000001')).toEqual({
      status: 409,
      body: { error: 'Job `se_0000000000000001` is failed (The page paths `guides/nothing`, `api` name no page of the site. [bundle/unknown-page]); start a new job.', code: 'job-not-completed' },
    });
  });

  it('refuses bad version and paths entries with 400 naming them, and queues nothing', async () => {
    const runner = fakeRunner();
    w.start(runner);
    const cases: [unknown, string][] = [
      [{ domain: 'docs.acme.com', version: '../2024' }, 'Field `version` "../2024" is not a version label: 1–64 letters, digits, `.`, `_` or `-`, starting with a letter or digit (e.g. `2024-06-01`).'],
      [{ domain: 'docs.acme.com', version: 'v'.repeat(65) }, `Field \`version\` "${'v'.repeat(65)}" is not a version label: 1–64 letters, digits, \`.\`, \`_\` or \`-\`, starting with a letter or digit (e.g. \`2024-06-01\`).`],
      [{ domain: 'docs.acme.com', version: 7 }, 'Field `version` must be a string.'],
      [{ domain: 'docs.acme.com', paths: [] }, 'Field `paths` is empty: name at least one page, or leave `paths` out to export every page.'],
      [{ domain: 'docs.acme.com', paths: 'index' }, 'Field `paths` must be an array.'],
      [{ domain: 'docs.acme.com', paths: ['index', 3] }, 'Field `paths.1` must be a string.'],
      [
        { domain: 'docs.acme.com', paths: ['index', '../secret', 'a b', '../secret', 'x?y'] },
        'Field `paths` has 3 entries that are no page path: "../secret", "a b", "x?y". A page path is the page\'s path as in docs.json (`index`, `guides/getting-started`), at most 200 characters, without white space, `?`, `#`, `\\`, empty, `.` or `..` segments.',
      ],
      [{ domain: 'docs.acme.com', paths: Array.from({ length: 1001 }, () => 'a') }, 'Field `paths` has 1001 entries; at most 1000 are accepted (leave it out to export every page).'],
    ];
    for (const [body, message] of cases) {
      expect(await start(body), JSON.stringify(body).slice(0, 80)).toEqual({ status: 400, body: { error: message, code: 'invalid-body' } });
    }
    expect(await start({ domain: 'docs.nowhere.com' })).toEqual({ status: 400, body: { error: 'No site `docs.nowhere.com` in your organization.', code: 'domain-not-found' } });
    await w.service.queue.idle();
    expect(runner.calls).toEqual([]);
  });

  it('answers 401 and 403 on every operation in the error shape', async () => {
    w.start(fakeRunner());
    const none = { error: 'Send an admin API key: `Authorization: Bearer svc_…`.', code: 'missing-api-key' };
    expect(await call('POST', JOBS, at(JOBS), { body: '{}' })).toEqual({ status: 401, body: none });
    expect(await call('GET', JOB, at(JOB, 'se_0000000000000001'), {})).toEqual({ status: 401, body: none });
    expect(await call('POST', BUNDLE, at(BUNDLE, 'se_0000000000000001'), {})).toEqual({ status: 401, body: none });
    expect(await start({ domain: 'docs.small.com' }, w.keys.small)).toEqual({ status: 403, body: { error: 'Static export requires the Enterprise plan; organization `small` is on the pro plan.', code: 'plan-required' } });
    const assistant = { error: 'This is an assistant key (`svc_dsc_…`); the static export API needs an admin key (`svc_…`).', code: 'admin-key-required' };
    expect(await start({ domain: 'docs.acme.com' }, w.keys.acmeAssistant)).toEqual({ status: 403, body: assistant });
    expect(await status('se_0000000000000001', w.keys.acmeAssistant)).toEqual({ status: 403, body: assistant });
  });

  it('answers 404 for an unknown, another organization\'s or a malformed job id, and 409 until the job is completed', async () => {
    const runner = fakeRunner({ hold: true });
    w.start(runner);
    expect((await start({ domain: 'docs.acme.com' })).status).toBe(202);
    for (const op of [status, bundle]) {
      expect(await op('se_ffffffffffffffff')).toEqual({ status: 404, body: { error: 'No job `se_ffffffffffffffff` in your organization.', code: 'job-not-found' } });
      expect(await op('se_0000000000000001', w.keys.beta)).toEqual({ status: 404, body: { error: 'No job `se_0000000000000001` in your organization.', code: 'job-not-found' } });
      expect(await op('not-a-job')).toEqual({ status: 404, body: { error: 'No job `not-a-job`: a job id is `se_` followed by 16 hexadecimal digits.', code: 'invalid-job-id' } });
    }
    await vi.waitFor(async () => expect((await status('se_0000000000000001')).body['status']).toBe('running'));
    expect(await bundle('se_0000000000000001')).toEqual({ status: 409, body: { error: 'Job `se_0000000000000001` is running; poll its status until it is completed.', code: 'job-not-completed' } });
    runner.release();
    await w.service.queue.idle();
    expect((await bundle('se_0000000000000001')).status).toBe(200);
  });

  it('keeps the error shape for the statuses the document does not list: 413, 415, 429 and 500', async () => {
    w.start(fakeRunner(), { jobsPerWindow: 1, bodyBytes: 1024 }, (app) => app.get('/v1/static-export/explode', () => Promise.reject(new Error('boom at /secret/path'))));
    expect(await call('POST', JOBS, at(JOBS), authed(w.keys.acme, { method: 'POST', body: { domain: 'x'.repeat(2000) } }))).toEqual({ status: 413, body: { error: 'The body is larger than 1024 bytes.', code: 'payload-too-large' } });
    expect(await call('POST', JOBS, at(JOBS), authed(w.keys.acme, { method: 'POST', body: 'domain=docs.acme.com', headers: { 'Content-Type': 'text/plain' } }))).toEqual({
      status: 415,
      body: { error: 'The body must be JSON: send `Content-Type: application/json`.', code: 'unsupported-media-type' },
    });
    expect((await start({ domain: 'docs.acme.com' })).status).toBe(202);
    expect(await start({ domain: 'docs.acme.com' })).toEqual({ status: 429, body: { error: 'Too many export jobs: at most 1 per 3600 seconds per organization; retry in 3600 seconds.', code: 'rate-limited' } });
    const res = await w.service.app.request('/v1/static-export/explode');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(doc.check('GET', JOB, 500, body)).toBe('');
    expect(body).toEqual({ error: 'The service failed to handle the request; try again later.', code: 'internal' });
  });
});
