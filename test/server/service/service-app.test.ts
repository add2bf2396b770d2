import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authed, fakeRunner, FAKE_BUNDLE, makeWorld, type World } from './helpers.js';

let w: World;
beforeEach(async () => {
  w = await makeWorld();
});
afterEach(async () => {
  await w.cleanup();
});

const JOBS = '/v1/static-export/jobs';

async function startJob(key: string, domain = 'docs.acme.com') {
  const res = await w.service.app.request(JOBS, authed(key, { method: 'POST', body: { domain } }));
  return { res, body: (await res.json()) as Record<string, unknown> };
}

async function completedJob(): Promise<string> {
  const { body } = await startJob(w.keys.acme);
  await w.service.queue.idle();
  return body['jobId'] as string;
}

async function bundleLink(jobId: string): Promise<URL> {
  const res = await w.service.app.request(`${JOBS}/${jobId}/bundle`, authed(w.keys.acme, { method: 'POST' }));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { bundleUrl: string };
  return new URL(body.bundleUrl);
}

const get = (url: URL, headers: Record<string, string> = {}, method = 'GET') => w.service.app.request(url.pathname + url.search, { method, headers });

describe('the job workflow', () => {
  it('queues a job, runs it, reports it completed and signs a bundle link that downloads the bundle', async () => {
    const runner = fakeRunner();
    w.start(runner);
    const { res, body } = await startJob(w.keys.acme);
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`${JOBS}/se_0000000000000001`);
    expect(body).toEqual({ jobId: 'se_0000000000000001', domain: 'docs.acme.com', deployment: 'cloud', status: 'queued', progress: 0, pageCount: 0, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' });
    await w.service.queue.idle();

    expect(runner.calls).toHaveLength(1);
    expect(runner.calls[0]).toMatchObject({ source: w.source, version: 'se_0000000000000001', deployment: 'cloud', timeoutMs: 600_000, maxMemoryMb: 2048 });
    expect(runner.calls[0]!.workDir).toBe(path.join(w.dir, 'work', 'se_0000000000000001-1', 'build'));

    const status = await w.service.app.request(`${JOBS}/se_0000000000000001`, authed(w.keys.acme));
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ jobId: 'se_0000000000000001', domain: 'docs.acme.com', deployment: 'cloud', status: 'completed', progress: 100, pageCount: 7, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' });
    expect(await w.store.getJob('se_0000000000000001')).toMatchObject({ attempts: 1, bundleFile: 'jobs/se_0000000000000001/bundle.tar.gz', bundleBytes: 1000, searchRecordsFile: 'jobs/se_0000000000000001/search-records.json' });
    expect(await readFile(path.join(w.dir, 'jobs/se_0000000000000001/bundle.tar.gz'))).toEqual(FAKE_BUNDLE);
    expect(await readFile(path.join(w.dir, 'jobs/se_0000000000000001/search-records.json'), 'utf8')).toBe('[]');

    const bundle = await w.service.app.request(`${JOBS}/se_0000000000000001/bundle`, authed(w.keys.acme, { method: 'POST' }));
    expect(bundle.status).toBe(200);
    const link = (await bundle.json()) as Record<string, string | number>;
    const expires = Date.parse('2026-03-01T11:00:00.000Z') / 1000;
    expect(link['jobId']).toBe('se_0000000000000001');
    expect(link['expiresAt']).toBe('2026-03-01T11:00:00.000Z');
    expect(link['sizeBytes']).toBe(1000);
    expect(String(link['bundleUrl'])).toMatch(new RegExp(`^https://export\\.example\\.com/v1/static-export/bundles/se_0000000000000001/bundle\\.tar\\.gz\\?X-Sheaf-Expires=${expires}&X-Sheaf-Signature=[0-9a-f]{64}$`));

    const download = await get(new URL(String(link['bundleUrl'])));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('content-length')).toBe('1000');
    expect(download.headers.get('accept-ranges')).toBe('bytes');
    expect(download.headers.get('etag')).toBe('"se_0000000000000001-3e8"');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="docs.acme.com-se_0000000000000001.tar.gz"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(FAKE_BUNDLE);
  });

  it('persists progress while the job runs and answers 409 for its bundle until it is completed', async () => {
    const runner = fakeRunner({ hold: true });
    w.start(runner);
    const { body } = await startJob(w.keys.acme);
    // The runner reported 40% at its start; the write lands while it runs.
    await expect.poll(() => w.store.getJob(body['jobId'] as string)).toMatchObject({ status: 'running', progress: 40, pageCount: 3 });
    const status = await w.service.app.request(`${JOBS}/${String(body['jobId'])}`, authed(w.keys.acme));
    expect(await status.json()).toMatchObject({ status: 'running', progress: 40, pageCount: 3 });
    const early = await w.service.app.request(`${JOBS}/${String(body['jobId'])}/bundle`, authed(w.keys.acme, { method: 'POST' }));
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: 'Job `se_0000000000000001` is running; poll its status until it is completed.', code: 'job-not-completed' });
    runner.release();
    await w.service.queue.idle();
    expect((await w.store.getJob('se_0000000000000001'))?.status).toBe('completed');
  });

  it('runs one job at a time by default; the next one waits queued', async () => {
    const runner = fakeRunner({ hold: true });
    w.start(runner);
    await startJob(w.keys.acme);
    await startJob(w.keys.acme);
    await expect.poll(async () => (await w.store.getJob('se_0000000000000001'))?.status).toBe('running');
    expect((await w.store.getJob('se_0000000000000002'))?.status).toBe('queued');
    expect(runner.calls).toHaveLength(1);
    runner.release();
    await expect.poll(() => runner.calls.length).toBe(2);
    runner.release();
    await w.service.queue.idle();
    expect([(await w.store.getJob('se_0000000000000001'))?.status, (await w.store.getJob('se_0000000000000002'))?.status]).toEqual(['completed', 'completed']);
  });

  it('records a failed build with the reason, the service paths hidden, and refuses its bundle with 409', async () => {
    w.start(fakeRunner({ fail: (r) => `docs.json not found in ${r.source} (work folder ${r.workDir})` }));
    const { body } = await startJob(w.keys.acme);
    await w.service.queue.idle();
    const status = await w.service.app.request(`${JOBS}/${String(body['jobId'])}`, authed(w.keys.acme));
    expect(await status.json()).toMatchObject({ status: 'failed', error: 'docs.json not found in <project> (work folder <work>)' });
    const bundle = await w.service.app.request(`${JOBS}/${String(body['jobId'])}/bundle`, authed(w.keys.acme, { method: 'POST' }));
    expect(bundle.status).toBe(409);
    expect(((await bundle.json()) as { error: string }).error).toBe('Job `se_0000000000000001` is failed (docs.json not found in <project> (work folder <work>)); start a new job.');
  });

  it('fails a job whose runner throws with a reason that holds no internals', async () => {
    w.start(fakeRunner({ throws: true }));
    const { body } = await startJob(w.keys.acme);
    await w.service.queue.idle();
    const job = await w.store.getJob(body['jobId'] as string);
    expect(job?.status).toBe('failed');
    expect(job?.error).toBe('The export failed unexpectedly; try again or contact the operator.');
    expect(w.logs.some((l) => l.includes('runner exploded'))).toBe(true);
  });
});

describe('the deployment profile of a job', () => {
  it('passes each profile to the runner, stores it and shows it in the job status', async () => {
    const runner = fakeRunner();
    w.start(runner);
    const deployments = ['air-gapped', 'client-hosted', 'cloud'] as const;
    const started: Record<string, unknown>[] = [];
    for (const deployment of deployments) {
      const res = await w.service.app.request(JOBS, authed(w.keys.acme, { method: 'POST', body: { domain: 'docs.acme.com', deployment } }));
      expect(res.status).toBe(202);
      started.push((await res.json()) as Record<string, unknown>);
    }
    expect(started.map((b) => [b['jobId'], b['deployment'], b['status']])).toEqual([
      ['se_0000000000000001', 'air-gapped', 'queued'],
      ['se_0000000000000002', 'client-hosted', 'queued'],
      ['se_0000000000000003', 'cloud', 'queued'],
    ]);
    await w.service.queue.idle();
    expect(runner.calls.map((c) => [c.version, c.deployment])).toEqual([
      ['se_0000000000000001', 'air-gapped'],
      ['se_0000000000000002', 'client-hosted'],
      ['se_0000000000000003', 'cloud'],
    ]);
    expect((await w.store.getJob('se_0000000000000001'))?.deployment).toBe('air-gapped');
    const status = await w.service.app.request(`${JOBS}/se_0000000000000001`, authed(w.keys.acme));
    expect(await status.json()).toEqual({
      jobId: 'se_0000000000000001',
      domain: 'docs.acme.com',
      deployment: 'air-gapped',
      status: 'completed',
      progress: 100,
      pageCount: 7,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(w.logs.filter((l) => l.includes('"message":"job queued"')).map((l) => (JSON.parse(l) as { deployment: string }).deployment)).toEqual([...deployments]);
  });

  it('exports for cloud when the body names no profile', async () => {
    const runner = fakeRunner();
    w.start(runner);
    const { res, body } = await startJob(w.keys.acme);
    expect(res.status).toBe(202);
    expect(body['deployment']).toBe('cloud');
    await w.service.queue.idle();
    expect(runner.calls.map((c) => c.deployment)).toEqual(['cloud']);
    expect((await w.store.getJob('se_0000000000000001'))?.deployment).toBe('cloud');
  });

  it('refuses an unknown profile with 400 naming the field, and queues nothing', async () => {
    const runner = fakeRunner();
    w.start(runner);
    const res = await w.service.app.request(JOBS, authed(w.keys.acme, { method: 'POST', body: { domain: 'docs.acme.com', deployment: 'offline' } }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Field `deployment` must be one of `cloud`, `client-hosted`, `air-gapped`.', code: 'invalid-body' });
    await w.service.queue.idle();
    expect(runner.calls).toEqual([]);
    expect(await w.store.getJob('se_0000000000000001')).toBeUndefined();
  });
});

describe('a job of some pages', () => {
  it('sends links to pages left out to the site’s domain, never from an air-gapped bundle', async () => {
    const runner = fakeRunner();
    w.start(runner);
    for (const deployment of ['cloud', 'air-gapped']) {
      const res = await w.service.app.request(JOBS, authed(w.keys.acme, { method: 'POST', body: { domain: 'docs.acme.com', deployment, paths: ['index'] } }));
      expect(res.status).toBe(202);
    }
    await w.service.queue.idle();
    expect(runner.calls.map((c) => c.pages)).toEqual([{ paths: ['index'], liveUrl: 'https://docs.acme.com' }, { paths: ['index'] }]);
  });
});

describe('the Ask AI panel of a site with a public assistant key', () => {
  it('is built into its exports, pointing at this service’s v2 endpoint, never into air-gapped ones; the job records the key', async () => {
    const runner = fakeRunner();
    w.start(runner);
    // Without a public key: no panel.
    await startJob(w.keys.acme);
    await w.service.queue.idle();
    expect(runner.calls[0]?.assistant).toBeUndefined();
    const key = await w.store.setSiteAssistantKey('docs.acme.com', []);
    if (!key.ok) throw new Error(key.message);
    await startJob(w.keys.acme);
    for (const deployment of ['client-hosted', 'air-gapped']) {
      await w.service.app.request(JOBS, authed(w.keys.acme, { method: 'POST', body: { domain: 'docs.acme.com', deployment } }));
    }
    await w.service.queue.idle();
    const endpoint = 'https://export.example.com/discovery/v2/assistant/docs.acme.com/message';
    expect(runner.calls.map((c) => c.assistant)).toEqual([undefined, { endpoint, key: key.key }, { endpoint, key: key.key }, undefined]);
    expect(await w.store.getJob('se_0000000000000002')).toMatchObject({ status: 'completed', assistantEndpoint: endpoint, assistantKeyId: key.record.id });
    const gapped = await w.store.getJob('se_0000000000000004');
    expect([gapped?.status, gapped?.assistantEndpoint, gapped?.assistantKeyId]).toEqual(['completed', undefined, undefined]);
    // The job's public status says nothing of the key.
    const status = await w.service.app.request(`${JOBS}/se_0000000000000002`, authed(w.keys.acme));
    expect(JSON.stringify(await status.json())).not.toContain(key.key);
    expect(w.logs.join('\n')).not.toContain(key.key);
    // After a rotation, the exports made with the old key are named, and new ones carry the new key.
    const rotated = await w.store.setSiteAssistantKey('docs.acme.com', []);
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated.staleJobs).toEqual(['se_0000000000000002', 'se_0000000000000003']);
    await startJob(w.keys.acme);
    await w.service.queue.idle();
    expect(runner.calls[4]?.assistant).toEqual({ endpoint, key: rotated.key });
    expect((await w.store.getJob('se_0000000000000005'))?.assistantKeyId).toBe(rotated.record.id);
  });
});

describe('authentication and plans', () => {
  beforeEach(() => {
    w.start(fakeRunner());
  });
  const cases: [string, Record<string, string>, number, string][] = [
    ['no Authorization header', {}, 401, 'missing-api-key'],
    ['an empty header', { Authorization: '' }, 401, 'missing-api-key'],
    ['another scheme', { Authorization: 'Basic c3ZjX2FiYzo=' }, 401, 'invalid-api-key'],
    ['a bearer without a key', { Authorization: 'Bearer ' }, 401, 'invalid-api-key'],
    ['a key without the svc_ prefix', { Authorization: 'Bearer sk_live_abc' }, 401, 'invalid-api-key'],
    ['an unknown admin key', { Authorization: 'Bearer svc_' + 'A'.repeat(43) }, 401, 'invalid-api-key'],
    ['an unknown assistant key', { Authorization: 'Bearer svc_dsc_' + 'A'.repeat(43) }, 401, 'invalid-api-key'],
    ['a key with spaces inside', { Authorization: 'Bearer svc_abc def' }, 401, 'invalid-api-key'],
  ];
  for (const [name, headers, status, code] of cases) {
    it(`refuses ${name} with ${status} ${code} on every endpoint`, async () => {
      for (const [method, url] of [['POST', JOBS], ['GET', `${JOBS}/se_0000000000000001`], ['POST', `${JOBS}/se_0000000000000001/bundle`]] as const) {
        const res = await w.service.app.request(url, { method, headers: { ...headers, 'Content-Type': 'application/json' }, ...(method === 'POST' ? { body: '{"domain":"docs.acme.com"}' } : {}) });
        expect(res.status).toBe(status);
        expect(((await res.json()) as { code: string }).code).toBe(code);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    });
  }

  it('refuses an assistant key with 403: it is not an admin key', async () => {
    const res = await w.service.app.request(JOBS, authed(w.keys.acmeAssistant, { method: 'POST', body: { domain: 'docs.acme.com' } }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'This is an assistant key (`svc_dsc_…`); the static export API needs an admin key (`svc_…`).', code: 'admin-key-required' });
  });

  it('refuses an organization that is not on the Enterprise plan with 403 and says so', async () => {
    const res = await w.service.app.request(JOBS, authed(w.keys.small, { method: 'POST', body: { domain: 'docs.small.com' } }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Static export requires the Enterprise plan; organization `small` is on the pro plan.', code: 'plan-required' });
    expect(await w.store.listJobsByStatus('queued')).toEqual([]);
  });

  it("answers 400 for another organization's domain, the same as for an unknown one", async () => {
    const other = await startJob(w.keys.acme, 'docs.beta.com');
    const unknown = await startJob(w.keys.acme, 'docs.nowhere.com');
    expect(other.res.status).toBe(400);
    expect(other.body).toEqual({ error: 'No site `docs.beta.com` in your organization.', code: 'domain-not-found' });
    expect(unknown.res.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'No site `docs.nowhere.com` in your organization.', code: 'domain-not-found' });
  });

  it("answers 404 for another organization's job and its bundle, the same as for an unknown job", async () => {
    const jobId = await completedJob();
    for (const [method, suffix] of [['GET', ''], ['POST', '/bundle']] as const) {
      const theirs = await w.service.app.request(`${JOBS}/${jobId}${suffix}`, authed(w.keys.beta, { method }));
      const missing = await w.service.app.request(`${JOBS}/se_ffffffffffffffff${suffix}`, authed(w.keys.beta, { method }));
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toEqual({ error: `No job \`${jobId}\` in your organization.`, code: 'job-not-found' });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'No job `se_ffffffffffffffff` in your organization.', code: 'job-not-found' });
    }
  });
});

describe('request validation', () => {
  beforeEach(() => {
    w.start(fakeRunner(), { bodyBytes: 1024 });
  });
  const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    w.service.app.request(JOBS, { method: 'POST', headers: { Authorization: `Bearer ${w.keys.acme}`, ...headers }, body });
  const bodies: [string, string, number, { code: string; message: string }][] = [
    ['malformed JSON', '{"domain":', 400, { code: 'invalid-json', message: expect.stringMatching(/^The body is not valid JSON: /) as unknown as string }],
    ['an empty body', '', 400, { code: 'invalid-json', message: expect.stringMatching(/^The body is not valid JSON/) as unknown as string }],
    ['an unknown field', '{"domain":"docs.acme.com","pages":["/a"]}', 400, { code: 'invalid-body', message: 'Unknown field `pages` in the body.' }],
    ['two unknown fields', '{"domain":"docs.acme.com","a":1,"b":2}', 400, { code: 'invalid-body', message: 'Unknown fields `a`, `b` in the body.' }],
    ['a missing domain', '{}', 400, { code: 'invalid-body', message: 'Field `domain` is required.' }],
    ['a domain of the wrong type', '{"domain":42}', 400, { code: 'invalid-body', message: 'Field `domain` must be a string.' }],
    ['an array', '[1]', 400, { code: 'invalid-body', message: 'The body must be a JSON object.' }],
    ['null', 'null', 400, { code: 'invalid-body', message: 'The body must be a JSON object.' }],
    ['an unknown deployment', '{"domain":"docs.acme.com","deployment":"on-premises"}', 400, { code: 'invalid-body', message: 'Field `deployment` must be one of `cloud`, `client-hosted`, `air-gapped`.' }],
    ['a deployment of the wrong type', '{"domain":"docs.acme.com","deployment":2}', 400, { code: 'invalid-body', message: 'Field `deployment` must be one of `cloud`, `client-hosted`, `air-gapped`.' }],
    ['a null deployment', '{"domain":"docs.acme.com","deployment":null}', 400, { code: 'invalid-body', message: 'Field `deployment` must be one of `cloud`, `client-hosted`, `air-gapped`.' }],
    ['a deployment in the wrong case', '{"domain":"docs.acme.com","deployment":"Air-Gapped"}', 400, { code: 'invalid-body', message: 'Field `deployment` must be one of `cloud`, `client-hosted`, `air-gapped`.' }],
    ['an unknown field next to a deployment', '{"domain":"docs.acme.com","deployment":"air-gapped","features":{"analytics":true}}', 400, { code: 'invalid-body', message: 'Unknown field `features` in the body.' }],
  ];
  for (const [name, body, status, error] of bodies) {
    it(`refuses ${name} with ${status}`, async () => {
      const res = await post(body);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error: error.message, code: error.code });
    });
  }

  it('refuses a body that is not JSON by content type with 415', async () => {
    const res = await post('domain=docs.acme.com', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { code: string }).code).toBe('unsupported-media-type');
  });

  it('refuses a body over the limit with 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ domain: 'docs.acme.com', pad: 'x'.repeat(2000) });
    const variants: Record<string, string>[] = [{ 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, { 'Content-Type': 'application/json' }];
    for (const headers of variants) {
      const res = await post(big, headers);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: 'The body is larger than 1024 bytes.', code: 'payload-too-large' });
    }
  });

  it('accepts no body or an empty object for the bundle request and refuses unknown fields there', async () => {
    const jobId = await completedJob();
    const url = `${JOBS}/${jobId}/bundle`;
    expect((await w.service.app.request(url, authed(w.keys.acme, { method: 'POST' }))).status).toBe(200);
    expect((await w.service.app.request(url, authed(w.keys.acme, { method: 'POST', body: {} }))).status).toBe(200);
    const extra = await w.service.app.request(url, authed(w.keys.acme, { method: 'POST', body: { ttl: 5 } }));
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({ error: 'Unknown field `ttl` in the body.', code: 'invalid-body' });
  });

  it('refuses traversal and malformed job ids before any lookup', async () => {
    // `%2E%2E` is a `..` segment to the URL parser: the path is normalized before routing.
    const dots = await w.service.app.request(`${JOBS}/%2E%2E/bundle`, authed(w.keys.acme, { method: 'POST' }));
    expect(dots.status).toBe(404);
    expect(((await dots.json()) as { code: string }).code).toBe('not-found');
    for (const id of ['..%2F..%2Fsheaf.db', '..%5C..%5Csheaf.db', '%252E%252E%252Fsheaf.db', 'se_0123', 'SE_0123456789ABCDEF', 'se_0123456789abcdef%00', 'se_0123456789abcdeg']) {
      for (const [method, suffix] of [['GET', ''], ['POST', '/bundle']] as const) {
        const res = await w.service.app.request(`${JOBS}/${id}${suffix}`, authed(w.keys.acme, { method }));
        // 404 as for a missing job (Mintlify's document), with its own code.
        expect(res.status, `${method} ${id}${suffix}`).toBe(404);
        expect(await res.json()).toEqual({ error: `No job \`${decodeURIComponent(id)}\`: a job id is \`se_\` followed by 16 hexadecimal digits.`, code: 'invalid-job-id' });
      }
    }
  });

  it('answers unknown endpoints with 404 in the error shape', async () => {
    const res = await w.service.app.request('/v1/static-export/nothing', { method: 'GET' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No endpoint GET /v1/static-export/nothing.', code: 'not-found' });
  });
});

describe('rate limit', () => {
  it('allows a configured number of jobs per organization and window, then 429 with Retry-After', async () => {
    w.start(fakeRunner(), { jobsPerWindow: 2, rateWindowSeconds: 60 });
    expect((await startJob(w.keys.acme)).res.status).toBe(202);
    w.now += 10_000;
    const second = await startJob(w.keys.acme);
    expect(second.res.status).toBe(202);
    expect(second.res.headers.get('ratelimit-policy')).toBe('2;w=60');
    w.now += 5_500;
    const third = await startJob(w.keys.acme);
    expect(third.res.status).toBe(429);
    // The first job leaves the 60 s window 44.5 s from now: rounded up.
    expect(third.res.headers.get('retry-after')).toBe('45');
    expect(third.body).toEqual({ error: 'Too many export jobs: at most 2 per 60 seconds per organization; retry in 45 seconds.', code: 'rate-limited' });
    // Another organization has its own budget.
    expect((await startJob(w.keys.beta, 'docs.beta.com')).res.status).toBe(202);
    w.now += 45_000;
    expect((await startJob(w.keys.acme)).res.status).toBe(202);
  });
});

describe('bundle links', () => {
  beforeEach(() => {
    w.start(fakeRunner(), { linkTtlSeconds: 120 });
  });

  it('expire: 200 up to the expiry second, 403 link-expired after', async () => {
    const link = await bundleLink(await completedJob());
    w.now += 120_000;
    expect((await get(link)).status).toBe(200);
    w.now += 1_000;
    const late = await get(link);
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ error: 'The bundle link expired at 2026-03-01T10:02:00.000Z; request a new one with POST /v1/static-export/jobs/{jobId}/bundle.', code: 'link-expired' });
    // A fresh link works again: the job stays reusable.
    expect((await get(await bundleLink('se_0000000000000001'))).status).toBe(200);
  });

  it('are refused with 403 link-invalid when the expiry, signature or path is altered or missing', async () => {
    await completedJob();
    await completedJob();
    const link = await bundleLink('se_0000000000000001');
    const expires = link.searchParams.get('X-Sheaf-Expires')!;
    const signature = link.searchParams.get('X-Sheaf-Signature')!;
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const tampered = [
      `${link.pathname}?X-Sheaf-Expires=${Number(expires) + 3600}&X-Sheaf-Signature=${signature}`,
      `${link.pathname}?X-Sheaf-Expires=${expires}&X-Sheaf-Signature=${flipped}`,
      `${link.pathname}?X-Sheaf-Expires=${expires}&X-Sheaf-Signature=${signature.toUpperCase()}`,
      `${link.pathname.replace('se_0000000000000001', 'se_0000000000000002')}?X-Sheaf-Expires=${expires}&X-Sheaf-Signature=${signature}`,
      `${link.pathname}?X-Sheaf-Expires=${expires}`,
      `${link.pathname}?X-Sheaf-Signature=${signature}`,
      `${link.pathname}?X-Sheaf-Expires=${expires}.0&X-Sheaf-Signature=${signature}`,
      link.pathname,
    ];
    for (const url of tampered) {
      const res = await w.service.app.request(url);
      expect(res.status, url).toBe(403);
      expect(await res.json()).toEqual({ error: 'The bundle link is not valid: its signature does not match. Use the bundleUrl exactly as the bundle endpoint returned it.', code: 'link-invalid' });
    }
  });

  it('serve byte ranges: 206 with Content-Range, suffix ranges, 416 past the end', async () => {
    const link = await bundleLink(await completedJob());
    const part = await get(link, { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(part.headers.get('content-length')).toBe('10');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(FAKE_BUNDLE.subarray(10, 20));

    const tail = await get(link, { Range: 'bytes=-5' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(FAKE_BUNDLE.subarray(995));

    const open = await get(link, { Range: 'bytes=990-' });
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    const clipped = await get(link, { Range: 'bytes=998-5000' });
    expect(clipped.headers.get('content-range')).toBe('bytes 998-999/1000');
    expect(Buffer.from(await clipped.arrayBuffer())).toEqual(FAKE_BUNDLE.subarray(998));

    const past = await get(link, { Range: 'bytes=1000-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    expect(await past.json()).toEqual({ error: "The range is outside the bundle's 1000 bytes.", code: 'range-not-satisfiable' });

    const several = await get(link, { Range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect(several.headers.get('content-length')).toBe('1000');
  });

  it('answer conditional requests: If-None-Match 304, If-Range with another tag sends the whole bundle', async () => {
    const link = await bundleLink(await completedJob());
    const etag = (await get(link)).headers.get('etag')!;
    expect((await get(link, { 'If-None-Match': etag })).status).toBe(304);
    const stale = await get(link, { Range: 'bytes=0-9', 'If-Range': '"other"' });
    expect(stale.status).toBe(200);
    const fresh = await get(link, { Range: 'bytes=0-9', 'If-Range': etag });
    expect(fresh.status).toBe(206);
  });

  it('answer HEAD with the headers only', async () => {
    const link = await bundleLink(await completedJob());
    const head = await get(link, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(await head.text()).toBe('');
  });

  it('answer 404 once the bundle file is gone', async () => {
    const jobId = await completedJob();
    const link = await bundleLink(jobId);
    const { rm } = await import('node:fs/promises');
    await rm(path.join(w.dir, 'jobs', jobId), { recursive: true });
    const res = await get(link);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('bundle-not-found');
    const again = await w.service.app.request(`${JOBS}/${jobId}/bundle`, authed(w.keys.acme, { method: 'POST' }));
    expect(again.status).toBe(404);
  });
});

describe('health and readiness', () => {
  type Readiness = { status: string; checks: { name: string; ok: boolean; ms: number; error?: string }[] };

  it('answer without a key: health 200 ok; ready 200 while the store, queue and bundle store answer, 503 naming the store once it is closed', async () => {
    w.start(fakeRunner());
    const health = await w.service.app.request('/_svc/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await w.service.app.request('/_svc/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const up = (await ready.json()) as Readiness;
    expect(up.status).toBe('ready');
    expect(up.checks.map((c) => ({ name: c.name, ok: c.ok }))).toEqual([
      { name: 'store', ok: true },
      { name: 'queue', ok: true },
      { name: 'bundle store', ok: true },
    ]);

    await w.service.queue.idle();
    await w.store.close();
    // The answer is kept 2 s, so that many probes cost the store nothing more.
    expect((await w.service.app.request('/_svc/ready')).status).toBe(200);
    w.now += 2_000;
    const notReady = await w.service.app.request('/_svc/ready');
    expect(notReady.status).toBe(503);
    const down = (await notReady.json()) as Readiness;
    expect(down.status).toBe('unavailable');
    expect(down.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['store']);
    expect(down.checks.find((c) => c.name === 'store')?.error).toBe('failed');
    // Why goes to the operator's log.
    expect(w.logs.filter((l) => l.includes('readiness check failed')).length).toBe(1);
    // The answer names the dependency, never where it is.
    expect(JSON.stringify(down)).not.toContain(w.dir);
    // Liveness does not depend on the store.
    expect((await w.service.app.request('/_svc/health')).status).toBe(200);
  });
});

describe('errors and logs', () => {
  it('answers an unexpected error with 500 and no internals, logs it, and mounts extra routes', async () => {
    w.start(fakeRunner(), undefined, (app) => {
      (app as unknown as import('hono').Hono).get('/discovery/boom', () => {
        throw new Error('database at /var/secret/sheaf.db is locked');
      });
    });
    const res = await w.service.app.request('/discovery/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'The service failed to handle the request; try again later.', code: 'internal' });
    expect(text).not.toContain('secret');
    expect(w.logs.some((l) => l.includes('database at /var/secret/sheaf.db is locked'))).toBe(true);
  });

  it('never logs a key, an Authorization header or a link signature', async () => {
    w.start(fakeRunner());
    const jobId = await completedJob();
    const link = await bundleLink(jobId);
    await get(link);
    await w.service.app.request(JOBS, authed(w.keys.acmeAssistant, { method: 'POST', body: { domain: 'docs.acme.com' } }));
    await w.service.app.request(JOBS, authed('svc_' + 'Z'.repeat(43), { method: 'POST', body: { domain: 'docs.acme.com' } }));
    const all = w.logs.join('\n');
    expect(w.logs.length).toBeGreaterThan(5);
    for (const secret of [w.keys.acme, w.keys.acmeAssistant, 'Z'.repeat(43), link.searchParams.get('X-Sheaf-Signature')!, 'Bearer', 'authorization']) {
      expect(all.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(all).toContain('"path":"/v1/static-export/bundles/se_0000000000000001/bundle.tar.gz"');
  });
});
