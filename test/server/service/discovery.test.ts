import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvDraft04Module from 'ajv-draft-04';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/api/build.js';
import { writePageTexts } from '../../../src/export/page-texts.js';
import { createExtractiveProvider } from '../../../src/server/assistant/index.js';
import type { ExportRunner } from '../../../src/server/service/export-runner.js';
import { silentLog } from '../../../src/server/service/service-log.js';
import { startService, type RunningService } from '../../../src/server/service/start-service.js';
import { openStore } from '../../../src/server/store/open-store.js';
import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo, Server } from 'node:net';
import type { BlobStore } from '../../../src/server/service/blob-store.js';
import { mountAssistant } from '../../../src/server/service/mount-assistant.js';
import { authed, makeWorld } from './helpers.js';
import { serviceOpenApiDocument } from '../../../src/server/service/service-openapi.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIXTURE = path.join(REPO, 'test/fixtures/discovery-site');
/** Mintlify's discovery API document, read in place from the corpus (never copied into the repository). */
const DISCOVERY_OPENAPI = path.resolve(REPO, '../shared/corpus/mintlify/mintlify__docs/discovery-openapi.json');
const HAS_CORPUS = existsSync(DISCOVERY_OPENAPI);
const AjvDraft04 = AjvDraft04Module.default;
// In CI the document must be there: a check against it may not silently stop checking.
if (!HAS_CORPUS && process.env['CI'] === 'true') throw new Error(`${DISCOVERY_OPENAPI} not found: the corpus (../shared/corpus) is needed to check answers against Mintlify's document.`);
if (!HAS_CORPUS) console.warn(`discovery.test.ts: ${DISCOVERY_OPENAPI} not found; responses are not validated against Mintlify's document (the corpus lives in ../shared/corpus).`);

const JOBS = '/v1/static-export/jobs';
const SEARCH = '/discovery/v1/search/docs.acme.com';
const PAGE = '/discovery/v1/page/docs.acme.com';

interface Hit {
  path: string;
  content: string;
  metadata: { title: string; section: string; version?: string; language?: string; tag?: string; score: number };
}

/** Validators of Mintlify's request and response schemas of the two endpoints. */
interface Schemas {
  searchRequest: ValidateFunction;
  searchResponse: ValidateFunction;
  pageRequest: ValidateFunction;
  pageResponse: ValidateFunction;
  pageNotFound: ValidateFunction;
}
let schemas: Schemas | undefined;

/** `value` is valid by the schema of Mintlify's document (when the corpus is there). */
function expectValid(schema: keyof Schemas, value: unknown): void {
  const validate = schemas?.[schema];
  if (!validate) return;
  expect(validate(value), `${schema}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

/** The code and message of an error body: Mintlify's `{error: message, code}`, with the message also as `message`. */
function errorOf(body: unknown): { code: string; message: string } {
  const b = body as { error: string; code: string; message: string };
  expect(Object.keys(b).sort()).toEqual(['code', 'error', 'message']);
  expect(b.message).toBe(b.error);
  return { code: b.code, message: b.error };
}

let tmp: string;
let siteDir: string;
let recordsFile: string;
let textsFile: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sheaf-discovery-'));
  siteDir = path.join(tmp, 'site');
  const result = await build({ root: FIXTURE, outDir: siteDir, cacheDir: false });
  expect(result.errorCount).toBe(0);
  recordsFile = path.join(siteDir, '_sheaf/search-records.json');
  textsFile = path.join(tmp, 'page-texts.json');
  // What the export process writes beside the records (export-child.ts).
  await writePageTexts(siteDir, recordsFile, textsFile);
  if (HAS_CORPUS) {
    const doc = JSON.parse(await readFile(DISCOVERY_OPENAPI, 'utf8')) as {
      paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: object } } }; responses: Record<string, { content: { 'application/json': { schema: object } } }> } }>;
    };
    const ajv = new AjvDraft04({ strict: false, allErrors: true });
    const op = (p: string) => doc.paths[p]!.post;
    const search = op('/v1/search/{domain}');
    const page = op('/v1/page/{domain}');
    schemas = {
      searchRequest: ajv.compile(search.requestBody.content['application/json'].schema),
      searchResponse: ajv.compile(search.responses['200']!.content['application/json'].schema),
      pageRequest: ajv.compile(page.requestBody.content['application/json'].schema),
      pageResponse: ajv.compile(page.responses['200']!.content['application/json'].schema),
      pageNotFound: ajv.compile(page.responses['404']!.content['application/json'].schema),
    };
  }
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A runner that "builds" the fixture: the prebuilt site's records, and its page texts unless `texts` is false (a job of an earlier Sheaf). */
const fixtureRunner =
  (texts: boolean): ExportRunner =>
  async (request) => {
    const bundleFile = path.join(request.workDir, 'site.tar.gz');
    const searchRecordsFile = path.join(request.workDir, 'search-records.json');
    const pageTextsFile = path.join(request.workDir, 'page-texts.json');
    await writeFile(bundleFile, 'bundle');
    await copyFile(recordsFile, searchRecordsFile);
    if (texts) await copyFile(textsFile, pageTextsFile);
    return { ok: true, bundleFile, bytes: 6, pageCount: 6, searchRecordsFile, ...(texts ? { pageTextsFile } : {}), errors: 0, warnings: 0 };
  };

interface Running {
  service: RunningService;
  url: string;
  admin: string;
  assistant: string;
  /** An assistant key of another organization (`beta`, owning `docs.beta.com`). */
  betaAssistant: string;
}

/**
 * `sheaf service` on 127.0.0.1 with the assistant and the discovery endpoints: organization `acme`
 * with `docs.acme.com` (exported once through the API unless `exported` is false) and
 * `docs.unbuilt.com` (never exported), organization `beta` with `docs.beta.com`.
 */
async function startDiscovery(options: { texts?: boolean; exported?: boolean; orgPerHour?: number; ipPerDay?: number } = {}): Promise<Running> {
  const data = await mkdtemp(path.join(tmp, 'data-'));
  const store = await openStore({ kind: 'sqlite', file: path.join(data, 'sheaf.db') });
  const must = <T extends { ok: boolean }>(r: T) => {
    if (!r.ok) throw new Error(JSON.stringify(r));
    return r as Extract<T, { ok: true }>;
  };
  let keys;
  try {
    must(await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' }));
    must(await store.createOrganization({ id: 'beta', name: 'Beta', plan: 'enterprise' }));
    for (const [domain, orgId] of [['docs.acme.com', 'acme'], ['docs.unbuilt.com', 'acme'], ['docs.beta.com', 'beta']] as const) must(await store.addSite({ domain, orgId, source: FIXTURE }));
    keys = {
      admin: must(await store.createApiKey('acme', 'admin')).key,
      assistant: must(await store.createApiKey('acme', 'assistant')).key,
      betaAssistant: must(await store.createApiKey('beta', 'assistant')).key,
    };
  } finally {
    await store.close();
  }
  const service = await startService({
    dataDir: data,
    port: 0,
    host: '127.0.0.1',
    env: {},
    log: silentLog,
    runner: fixtureRunner(options.texts ?? true),
    assistant: { provider: createExtractiveProvider(), ...(options.orgPerHour ? { orgPerHour: options.orgPerHour } : {}), ...(options.ipPerDay ? { ipPerDay: options.ipPerDay } : {}) },
  });
  const running = { service, url: service.url, ...keys };
  if (options.exported !== false) {
    const started = await fetch(`${service.url}${JOBS}`, { method: 'POST', headers: json(keys.admin), body: JSON.stringify({ domain: 'docs.acme.com' }) });
    const { jobId } = (await started.json()) as { jobId: string };
    for (let i = 0; ; i++) {
      const job = (await (await fetch(`${service.url}${JOBS}/${jobId}`, { headers: json(keys.admin) })).json()) as { status: string };
      if (job.status === 'completed') break;
      if (i === 500) throw new Error(`the export did not complete: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return running;
}

/** A body valid for both endpoints (each ignores the other's field). */
const BOTH = { query: 'widget', path: '/' };

const json = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });

describe('the search and page endpoints of `sheaf service`', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startDiscovery();
  });
  afterAll(async () => {
    await s.service.close();
  });

  /** A search with a valid body (checked against Mintlify's request schema); the answer, checked against its response schema. */
  const search = async (body: Record<string, unknown>, key = s.assistant): Promise<Hit[]> => {
    expectValid('searchRequest', body);
    const res = await fetch(`${s.url}${SEARCH}`, { method: 'POST', headers: json(key), body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const hits = (await res.json()) as Hit[];
    expectValid('searchResponse', hits);
    return hits;
  };
  const page = async (body: Record<string, unknown>): Promise<Response> => {
    expectValid('pageRequest', body);
    return fetch(`${s.url}${PAGE}`, { method: 'POST', headers: json(s.assistant), body: JSON.stringify(body) });
  };
  const summary = (hits: Hit[]) => hits.map((h) => `${h.path} ${h.metadata.score}`);

  it.skipIf(!HAS_CORPUS)('checks against Mintlify’s schemas, which refuse wrong answers', () => {
    expect(schemas!.searchResponse([{ path: '/a', content: 'x', metadata: {} }])).toBe(true);
    expect(schemas!.searchResponse([{ path: '/a', content: 5, metadata: {} }])).toBe(false);
    expect(schemas!.searchResponse({ results: [] })).toBe(false);
    expect(schemas!.pageResponse({ path: '/a', content: ['x'] })).toBe(false);
    expect(schemas!.pageNotFound({ message: 5 })).toBe(false);
    expect(schemas!.searchRequest({ query: 'x', pageSize: 51 })).toBe(false);
    expect(schemas!.pageRequest({})).toBe(false);
  });

  it('searches the records of the latest export: paths, content, metadata and normalized scores', async () => {
    const hits = await search({ query: 'install the widget' });
    expect(summary(hits)).toEqual([
      '/v2/en/quickstart#install-the-widget 1',
      '/v2/fr/quickstart 0.3381',
      '/v1/quickstart 0.2505',
      // One term of two, in a longer text than the best result's.
      '/v2/en/quickstart#configure-the-widget 0.085',
      '/ 0.0089',
      '/v2/en/quickstart 0.0086',
      '/v2/en/webhooks 0.0083',
    ]);
    expect(hits[0]).toEqual({
      path: '/v2/en/quickstart#install-the-widget',
      content: 'Install the widget with npm install acme-widget.',
      metadata: { title: 'Quickstart', section: 'Install the widget', version: 'v2', language: 'en', tag: 'NEW', score: 1 },
    });
    expect(hits[1]).toEqual({
      path: '/v2/fr/quickstart',
      content: 'Installez le widget avec npm install acme-widget.',
      metadata: { title: 'Démarrage rapide', section: '', version: 'v2', language: 'fr', tag: 'NEW', score: 0.3381 },
    });
    expect(hits[2]).toEqual({
      path: '/v1/quickstart',
      content: 'Install the legacy widget with npm install acme-widget@1.',
      metadata: { title: 'Quickstart', section: '', version: 'v1', score: 0.2505 },
    });
    // Scores are in 0–1 and never rise down the list.
    for (const [i, hit] of hits.entries()) {
      expect(hit.metadata.score).toBeGreaterThan(0);
      expect(hit.metadata.score).toBeLessThanOrEqual(i === 0 ? 1 : hits[i - 1]!.metadata.score);
    }
    // Stopwords alone search nothing.
    expect(await search({ query: 'how do I' })).toEqual([]);
    expect(await search({ query: '' })).toEqual([]);
  });

  it('takes pageSize (default 10) and scoreThreshold (at or above)', async () => {
    const all = await search({ query: 'widget' });
    // Every record but the legacy page's.
    expect(all).toHaveLength(7);
    expect(await search({ query: 'widget', pageSize: 3 })).toEqual(all.slice(0, 3));
    expect(await search({ query: 'widget', pageSize: 1 })).toEqual(all.slice(0, 1));
    expect(await search({ query: 'widget', pageSize: 50 })).toEqual(all);
    const full = await search({ query: 'install the widget' });
    expect(summary(await search({ query: 'install the widget', scoreThreshold: 0.3 }))).toEqual(['/v2/en/quickstart#install-the-widget 1', '/v2/fr/quickstart 0.3381']);
    // At the threshold counts: a result scoring exactly 0.3381 stays.
    expect(await search({ query: 'install the widget', scoreThreshold: 0.3381 })).toEqual(full.slice(0, 2));
    expect(await search({ query: 'install the widget', scoreThreshold: 0.3382 })).toEqual(full.slice(0, 1));
    expect(await search({ query: 'install the widget', scoreThreshold: 0.01 })).toEqual(full.slice(0, 4));
    expect(await search({ query: 'install the widget', scoreThreshold: 1 })).toEqual(full.slice(0, 1));
    expect(await search({ query: 'install the widget', scoreThreshold: 0 })).toEqual(full);
    expect(await search({ query: 'install the widget', scoreThreshold: 0.2, pageSize: 2 })).toEqual(full.slice(0, 2));
  });

  it('filters by version, language and tag; groups change nothing', async () => {
    const paths = async (filter: Record<string, unknown>) => (await search({ query: 'widget', filter })).map((h) => h.path).sort();
    expect(await paths({ version: 'v1' })).toEqual(['/v1/quickstart']);
    expect(await paths({ version: 'v2' })).toEqual(['/', '/v2/en/quickstart', '/v2/en/quickstart#configure-the-widget', '/v2/en/quickstart#install-the-widget', '/v2/en/webhooks', '/v2/fr/quickstart']);
    expect(await paths({ version: 'v3' })).toEqual([]);
    // Records without a language (the v1 pages) are shared by every language.
    expect(await paths({ language: 'fr' })).toEqual(['/v1/quickstart', '/v2/fr/quickstart']);
    expect(await paths({ version: 'v2', language: 'fr' })).toEqual(['/v2/fr/quickstart']);
    expect(await paths({ tag: 'NEW' })).toEqual(['/v2/en/quickstart', '/v2/en/quickstart#configure-the-widget', '/v2/en/quickstart#install-the-widget', '/v2/fr/quickstart']);
    expect(await paths({ tag: 'BETA' })).toEqual(['/v2/en/webhooks']);
    expect(await paths({ tag: 'new' })).toEqual([]);
    expect(await paths({ tag: 'NEW', language: 'fr' })).toEqual(['/v2/fr/quickstart']);
    // Sheaf sites have no reader authentication: every page is public, whatever the groups.
    const all = await search({ query: 'widget' });
    expect(await search({ query: 'widget', filter: { groups: ['admins'] } })).toEqual(all);
    expect(await search({ query: 'widget', filter: { groups: [] } })).toEqual(all);
    // The best result within the filter scores 1.
    expect((await search({ query: 'webhooks', filter: { version: 'v1' } })).map((h) => `${h.path} ${h.metadata.score}`)).toEqual(['/v1/legacy 1']);
  });

  it('answers a page’s full Markdown copy for every path search returns, in every form', async () => {
    const markdown = await readFile(path.join(siteDir, 'v2/en/quickstart.md'), 'utf8');
    expect(markdown).toContain('## Install the widget');
    for (const p of [
      '/v2/en/quickstart',
      'v2/en/quickstart',
      '/v2/en/quickstart#install-the-widget',
      'v2/en/quickstart#configure-the-widget',
      '/v2/en/quickstart/',
      '/v2/en/quickstart.md',
      '/v2/en/quickstart.html',
      '/v2/en/quickstart/index.html',
      'https://docs.acme.com/v2/en/quickstart?ref=x#install-the-widget',
      // Under a base path: leading segments go until a page matches.
      '/docs/v2/en/quickstart',
    ]) {
      const res = await page({ path: p });
      expect(res.status, p).toBe(200);
      const body = (await res.json()) as { path: string; content: string };
      expectValid('pageResponse', body);
      expect(body, p).toEqual({ path: p, content: markdown });
    }
    const welcome = await readFile(path.join(siteDir, 'index.md'), 'utf8');
    for (const p of ['/', '', 'index.md', '/index.html']) expect(await (await page({ path: p })).json(), p).toEqual({ path: p, content: welcome });
    // Each result of a search names a page the page endpoint answers.
    const hits = await search({ query: 'widget webhooks', pageSize: 50 });
    expect(hits).toHaveLength(8);
    for (const hit of hits) {
      const res = await page({ path: hit.path, groups: ['admins'] });
      expect(res.status, hit.path).toBe(200);
      const route = hit.path.split('#')[0]!;
      expect(((await res.json()) as { content: string }).content).toBe(await readFile(path.join(siteDir, route === '/' ? 'index.md' : `${route.slice(1)}.md`), 'utf8'));
    }
  });

  it('answers 404 with a message for a page not in the index', async () => {
    for (const p of ['/nope', '/v2/en/quickstart.txt', '/v2/en']) {
      const res = await page({ path: p });
      expect(res.status, p).toBe(404);
      const body = (await res.json()) as { message: string };
      expectValid('pageNotFound', body);
      expect(body.message).toBe(`No page \`${p}\` is in the search index of \`docs.acme.com\`. Pass a \`path\` as the search endpoint returns it.`);
      expect(errorOf(body)).toEqual({ code: 'page/not-found', message: body.message });
    }
  });

  it('refuses bad bodies with 400 naming the field, 413, 415 and other methods with 405', async () => {
    const post = (url: string, body: string, headers: Record<string, string> = json(s.assistant)) => fetch(`${s.url}${url}`, { method: 'POST', headers, body });
    const refusal = async (res: Response) => [res.status, errorOf(await res.json())];
    const invalid = (message: string) => [400, { code: 'request/invalid-body', message: `Invalid request body: ${message}.` }];
    const cases: [string, unknown, string][] = [
      [SEARCH, {}, 'query: is required'],
      [SEARCH, { query: 5 }, 'query: Invalid input: expected string, received number'],
      [SEARCH, { query: 'x', pageSize: 0 }, 'pageSize: Too small: expected number to be >=1'],
      [SEARCH, { query: 'x', pageSize: 51 }, 'pageSize: Too big: expected number to be <=50'],
      [SEARCH, { query: 'x', pageSize: 2.5 }, 'pageSize: Invalid input: expected int, received number'],
      [SEARCH, { query: 'x', pageSize: '10' }, 'pageSize: Invalid input: expected number, received string'],
      [SEARCH, { query: 'x', scoreThreshold: 1.5 }, 'scoreThreshold: Too big: expected number to be <=1'],
      [SEARCH, { query: 'x', scoreThreshold: -0.1 }, 'scoreThreshold: Too small: expected number to be >=0'],
      [SEARCH, { query: 'x', filter: { tag: 5 } }, 'filter.tag: Invalid input: expected string, received number'],
      [SEARCH, { query: 'x', filter: { groups: 'admins' } }, 'filter.groups: Invalid input: expected array, received string'],
      [SEARCH, { query: 'x', filter: null }, 'filter: Invalid input: expected object, received null'],
      [SEARCH, [], '(body): Invalid input: expected object, received array'],
      [PAGE, {}, 'path: is required'],
      [PAGE, { path: ['/a'] }, 'path: Invalid input: expected string, received array'],
      [PAGE, { path: '/a', groups: [1] }, 'groups[0]: Invalid input: expected string, received number'],
    ];
    for (const [url, body, message] of cases) {
      // Each body is refused by Mintlify's schema too.
      if (schemas) expect(schemas[url === SEARCH ? 'searchRequest' : 'pageRequest'](body), JSON.stringify(body)).toBe(false);
      expect(await refusal(await post(url, JSON.stringify(body))), `${url} ${JSON.stringify(body)}`).toEqual(invalid(message));
    }
    expect(await refusal(await post(SEARCH, JSON.stringify({ query: 'x', pageSize: 0, scoreThreshold: 2 })))).toEqual(
      invalid('pageSize: Too small: expected number to be >=1; scoreThreshold: Too big: expected number to be <=1'),
    );
    for (const url of [SEARCH, PAGE]) {
      expect(await refusal(await post(url, '{"query"'))).toEqual([400, { code: 'request/invalid-json', message: 'The request body is not valid JSON.' }]);
      expect((await refusal(await post(url, '{}', { ...json(s.assistant), 'Content-Type': 'text/plain' })))[1]).toMatchObject({ code: 'request/unsupported-media-type' });
      const large = await post(url, JSON.stringify({ query: 'x'.repeat(1_048_576), path: 'x' }));
      expect(large.status).toBe(413);
      expect(large.headers.get('connection')).toBe('close');
      expect(errorOf(await large.json()).code).toBe('request/too-large');
      const get = await fetch(`${s.url}${url}`);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST, OPTIONS');
      expect(errorOf(await get.json()).code).toBe('request/method-not-allowed');
    }
    // Fields the document does not name are accepted and ignored.
    expect(await search({ query: 'webhooks', filter: { version: 'v1', product: 'x' }, extra: true })).toHaveLength(1);
  });

  it('takes the assistant key only, and tells unknown, foreign and unbuilt sites apart', async () => {
    expectValid('searchRequest', BOTH);
    expectValid('pageRequest', BOTH);
    const refusal = async (url: string, headers: Record<string, string>) => {
      const res = await fetch(`${s.url}${url}`, { method: 'POST', headers, body: JSON.stringify(BOTH) });
      const body = await res.json();
      if (res.status === 404) expectValid('pageNotFound', body);
      return [res.status, errorOf(body).code, res.headers.get('www-authenticate')];
    };
    for (const url of [SEARCH, PAGE]) {
      expect(await refusal(url, { 'Content-Type': 'application/json' })).toEqual([401, 'auth/missing-key', 'Bearer realm="assistant"']);
      expect(await refusal(url, { ...json(s.assistant), Authorization: `Basic ${s.assistant}` })).toEqual([401, 'auth/malformed-key', 'Bearer realm="assistant"']);
      expect(await refusal(url, json('svc_dsc_unknown0000000000000000000000'))).toEqual([401, 'auth/unknown-key', 'Bearer realm="assistant"']);
      expect(await refusal(url, json(s.admin))).toEqual([403, 'auth/admin-key', null]);
      const other = url.replace('docs.acme.com', 'docs.nowhere.com');
      expect(await refusal(other, json(s.assistant))).toEqual([404, 'site/not-found', null]);
      // Another organization's site answers as an unknown one.
      expect(await refusal(url, json(s.betaAssistant))).toEqual([404, 'site/not-found', null]);
      const unbuilt = await fetch(`${s.url}${url.replace('docs.acme.com', 'docs.unbuilt.com')}`, { method: 'POST', headers: json(s.assistant), body: JSON.stringify(BOTH) });
      expect(unbuilt.status).toBe(404);
      const body = (await unbuilt.json()) as { message: string };
      expectValid('pageNotFound', body);
      expect(errorOf(body)).toEqual({ code: 'site/not-built', message: 'The site `docs.unbuilt.com` has no completed export yet, so it has no search index. Export the site first.' });
      expect(body.message).toBe(errorOf(body).message);
    }
  });

  it('answers browsers from any origin (CORS), as the assistant endpoint does', async () => {
    for (const url of [SEARCH, PAGE]) {
      const preflight = await fetch(`${s.url}${url}`, { method: 'OPTIONS', headers: { Origin: 'https://docs.acme.com', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST,OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type');
      const res = await fetch(`${s.url}${url}`, { method: 'POST', headers: { ...json(s.assistant), Origin: 'https://docs.acme.com' }, body: JSON.stringify(BOTH) });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After,RateLimit-Limit,RateLimit-Remaining,RateLimit-Reset,RateLimit-Policy');
      expect(res.headers.get('ratelimit-policy')).toBe('10000;w=3600, 10000;w=86400');
    }
  });
});

describe('the service’s OpenAPI document of the two endpoints', () => {
  interface Operation {
    description: string;
    requestBody: { content: { 'application/json': { example: Record<string, unknown> } } };
    responses: Record<string, { description: string; content?: { 'application/json': { example?: unknown } } }>;
  }
  const doc = serviceOpenApiDocument('http://x') as unknown as { paths: Record<string, Record<string, Operation>> };
  const SEARCH_DOC = '/discovery/v1/search/{domain}';
  const PAGE_DOC = '/discovery/v1/page/{domain}';

  it('lists every code the endpoints send under the status they send it with', async () => {
    const source = await readFile(path.join(REPO, 'src/server/assistant/discovery-routes.ts'), 'utf8');
    const admission = await readFile(path.join(REPO, 'src/server/assistant/admission.ts'), 'utf8');
    const sent = new Set([...source.matchAll(/discoveryError\(\s*(\d{3}),\s*'([a-z/-]+)'/g), ...admission.matchAll(/\berror\(\s*(\d{3}),\s*'([a-z/-]+)'/g)].map((m) => `${m[1]} ${m[2]}`));
    // authenticate's codes (sent as auth.status, auth.code).
    for (const code of ['401 auth/missing-key', '401 auth/malformed-key', '401 auth/unknown-key', '403 auth/admin-key']) sent.add(code);
    expect(sent.size).toBe(17);
    for (const pair of sent) {
      const [status, code] = pair.split(' ') as [string, string];
      if (status === '405') continue; // not an operation's response
      const pageOnly = code === 'page/not-found' || code === 'site/no-page-text';
      expect(doc.paths[PAGE_DOC]!['post']!.responses[status]?.description, pair).toContain(`\`${code}\``);
      if (pageOnly) expect(doc.paths[SEARCH_DOC]!['post']!.responses[status]?.description, pair).not.toContain(`\`${code}\``);
      else expect(doc.paths[SEARCH_DOC]!['post']!.responses[status]?.description, pair).toContain(`\`${code}\``);
    }
  });

  it('has examples valid by Mintlify’s document, which the endpoints accept', async () => {
    const s = await startDiscovery();
    try {
      for (const [p, url, request, response] of [
        [SEARCH_DOC, SEARCH, 'searchRequest', 'searchResponse'],
        [PAGE_DOC, PAGE, 'pageRequest', 'pageResponse'],
      ] as const) {
        const post = doc.paths[p]!['post']!;
        const example = post.requestBody.content['application/json'].example;
        expectValid(request, example);
        expectValid(response, post.responses['200']!.content!['application/json'].example);
        const res = await fetch(`${s.url}${url}`, { method: 'POST', headers: json(s.assistant), body: JSON.stringify(example) });
        // The examples are of another site: the search matches `install` alone (one term of two: 0.5), the page is not there.
        const answer = url === SEARCH ? ((await res.json()) as Hit[]).map((h) => `${h.path} ${h.metadata.score}`) : errorOf(await res.json()).code;
        expect([url, res.status, answer]).toEqual(url === SEARCH ? [url, 200, ['/v2/en/quickstart#install-the-widget 0.5']] : [url, 404, 'page/not-found']);
      }
    } finally {
      await s.service.close();
    }
  });
});

describe('limits and exports without page texts', () => {
  let s: Running | undefined;
  afterAll(async () => {
    await s?.service.close();
  });
  const post = (r: Running, url: string, key = r.assistant) => fetch(`${r.url}${url}`, { method: 'POST', headers: json(key), body: JSON.stringify(BOTH) });

  it('limits each endpoint per organization per hour, and per IP address per day', async () => {
    s = await startDiscovery({ orgPerHour: 3, ipPerDay: 5 });
    for (const url of [SEARCH, PAGE]) {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await post(s, url)).status);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await post(s, url);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(errorOf(await refused.json())).toMatchObject({ code: 'rate-limit/organization' });
    }
    // The IP's fifth request of the day on each endpoint (the 429 above counted for the IP), then its limit.
    for (const url of [SEARCH, PAGE]) {
      expect((await post(s, url, s.betaAssistant)).status).toBe(404);
      const refused = await post(s, url);
      expect(refused.status).toBe(429);
      const error = errorOf(await refused.json());
      expect(error.code).toBe('rate-limit/ip');
      expect(error.message).toMatch(new RegExp(`^Too many ${url === SEARCH ? 'search' : 'page'} requests from this IP address: the limit is 5 per day\\. Try again in \\d+ s\\.$`));
    }
    await s.service.close();
    s = undefined;
  });

  it('says an export made without page texts has none, and still searches it', async () => {
    s = await startDiscovery({ texts: false });
    const res = await post(s, PAGE);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string };
    expectValid('pageNotFound', body);
    expect(errorOf(body)).toEqual({
      code: 'site/no-page-text',
      message: 'The latest export of `docs.acme.com` was made before the service kept page texts, so it has none to answer from. Export the site again.',
    });
    const search = await post(s, SEARCH);
    expect(search.status).toBe(200);
    expect(((await search.json()) as Hit[]).length).toBe(7);
  });
});

describe('page texts in an object store', () => {
  it('are fetched once into the data folder’s cache; a job without them answers site/no-page-text', async () => {
    const w = await makeWorld();
    let server: Server | undefined;
    try {
      // The data folder's store seen as an object store: no local paths, every read a fetch.
      const fetched: string[] = [];
      const { localPath: _local, ...rest } = w.blobs;
      const asked: string[] = [];
      const remote: BlobStore = {
        ...rest,
        fetchTo: async (key, file) => (fetched.push(key), w.blobs.fetchTo(key, file)),
        size: async (key) => (asked.push(key), w.blobs.size(key)),
      };
      let texts = true;
      const runner: ExportRunner = (request) => fixtureRunner(texts)(request);
      w.start(runner, { jobsPerWindow: 100 }, (app) =>
        mountAssistant(app as never, { store: w.store, blobs: remote, dataDir: w.dir, clock: () => w.now, log: () => {}, settings: { provider: createExtractiveProvider() } }),
      );
      server = createAdaptorServer({ fetch: w.service.app.fetch, overrideGlobalObjects: false }) as Server;
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const exportOnce = async (): Promise<string> => {
        const { jobId } = (await (await fetch(`${url}${JOBS}`, authed(w.keys.acme, { method: 'POST', body: { domain: 'docs.acme.com' } }))).json()) as { jobId: string };
        for (let i = 0; (await w.store.getJob(jobId))?.status !== 'completed'; i++) {
          if (i === 500) throw new Error('the export did not complete');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return jobId;
      };
      const page = (p: string) => fetch(`${url}${PAGE}`, authed(w.keys.acmeAssistant, { method: 'POST', body: { path: p } }));
      const first = await exportOnce();
      for (const p of ['/v2/en/quickstart', '/v1/legacy']) expect((await page(p)).status).toBe(200);
      expect(fetched).toEqual([`jobs/${first}/page-texts.json`]);
      expect(await readFile(path.join(w.dir, 'cache', 'page-texts', `jobs_${first}_page-texts.json`), 'utf8')).toBe(await readFile(textsFile, 'utf8'));
      // The next export of an earlier Sheaf stored no page texts: nothing is fetched, and the answer says why.
      texts = false;
      w.now += 60_000;
      const second = await exportOnce();
      for (let i = 0; i < 2; i++) {
        const old = await page('/v2/en/quickstart');
        expect(old.status).toBe(404);
        expect(errorOf(await old.json()).code).toBe('site/no-page-text');
      }
      expect(fetched).toEqual([`jobs/${first}/page-texts.json`]);
      // Each job's blob is looked up once: found (then fetched and cached), or known missing.
      expect(asked).toEqual([`jobs/${first}/page-texts.json`, `jobs/${second}/page-texts.json`]);
    } finally {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await w.cleanup();
    }
  });
});
