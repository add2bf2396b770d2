/**
 * The export service beyond one machine, against real servers on 127.0.0.1: PostgreSQL, Redis
 * (BullMQ) and an S3-compatible server (s3rver). Two `sheaf service` instances and `sheaf worker`
 * processes, each with its own data folder, share only the store, the queue and the bucket.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadBundle } from '../../src/server/host/download-bundle.js';
import { unpackBundle } from '../../src/server/host/unpack-bundle.js';
import type { Redis } from 'ioredis';
import { connectRedis } from '../../src/server/service/redis-connection.js';
import { redisJobRateLimiter, redisLimiters } from '../../src/server/service/redis-limits.js';
import { silentLog } from '../../src/server/service/service-log.js';
import { openStore, type ServiceStore } from '../../src/server/store/open-store.js';
import { runCli, startCli, type CliProcess } from './cli-process.js';
import { freePort, missingServers, S3_KEYS, startPostgres, startRedis, startS3, type RunningServer } from './servers.js';
import { MIGRATION_NAMES } from '../../src/server/store/store-migrations.js';

const missing = missingServers();
if (missing && process.env['CI'] === 'true') throw new Error(`The scale-out suite needs its servers under CI=true: ${missing}`);
if (missing) console.warn(`scale-out suite skipped: ${missing}`);

let root: string;
let redis: RunningServer;
let postgres: Awaited<ReturnType<typeof startPostgres>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let storeUrl: string;
let store: ServiceStore;
let env: Record<string, string>;
const keys: Record<string, { admin: string; assistant: string }> = {};
const services: (CliProcess & { match: string })[] = [];
const workers: CliProcess[] = [];
const ORGS = ['acme', 'beta', 'gamma'] as const;
const LINK_TTL = 4;

/** A docs project of `pages` pages. */
async function project(dir: string, title: string, pages: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  const names = Array.from({ length: pages }, (_, i) => `page-${i}`);
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: title, colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Guide', pages: names }] } }));
  for (const [i, name] of names.entries()) {
    await writeFile(path.join(dir, `${name}.mdx`), `---\ntitle: ${title} page ${i}\n---\n\nThe ${title} rate limits explained, section ${i}. Retries back off exponentially.\n\n## Details ${i}\n\n${'Quotas reset every hour. '.repeat(20)}\n`);
  }
  return dir;
}

const serviceArgs = (dataDir: string, extra: string[] = []) => [
  'service',
  '--data-dir', dataDir,
  '--port', '0',
  '--store', storeUrl,
  '--queue', redis.url,
  '--bundle-store', s3.url,
  '--s3-endpoint', s3.endpoint,
  '--link-ttl', String(LINK_TTL),
  '--jobs-per-hour', '1000',
  '--assistant-org-per-hour', '5',
  ...extra,
];
const startServiceInstance = (name: string) => startCli(serviceArgs(path.join(root, name)), env, /listening on (http:\/\/\S+)/);
/** A worker; `stall` seconds of lock (short only where a test kills a worker and waits for the hand-over). */
const startWorker = (name: string, stall: number, extra: string[] = []) =>
  startCli(['worker', '--data-dir', path.join(root, name), '--store', storeUrl, '--queue', redis.url, '--bundle-store', s3.url, '--s3-endpoint', s3.endpoint, '--stall-interval', String(stall), ...extra], env, /taking jobs/);
/** The two steady workers, started again where a test stopped them. */
async function twoWorkers(): Promise<void> {
  const alive = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
  workers.splice(0, workers.length, ...alive);
  while (workers.length < 2) workers.push(await startWorker(`worker-${workers.length + 1}`, 10, ['--concurrency', '2']));
}
async function noWorkers(): Promise<void> {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
}

const api = async (base: string, key: string, method: string, pathname: string, body?: unknown) => {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const startJob = async (base: string, org: string, domain = org === 'gamma' ? 'small.gamma.test' : `docs.${org}.test`) => {
  const r = await api(base, keys[org]!.admin, 'POST', '/v1/static-export/jobs', { domain });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return r.body['jobId'] as string;
};
const status = (base: string, org: string, jobId: string) => api(base, keys[org]!.admin, 'GET', `/v1/static-export/jobs/${jobId}`);
/** An assistant v1 message body, as the site's assistant panel sends it. */
const messageBody = (text: string) => ({ id: 'chat_1', fp: 'anonymous', retrievalPageSize: 5, messages: [{ id: 'u1', role: 'user', content: text, parts: [{ type: 'text', text }] }] });
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const finished = (base: string, org: string, jobId: string, timeoutMs = 120_000) =>
  until(`job ${jobId}`, async () => {
    const r = await status(base, org, jobId);
    return r.body['status'] === 'completed' || r.body['status'] === 'failed' ? r.body : undefined;
  }, timeoutMs);

describe.skipIf(missing !== undefined)('sheaf service and sheaf worker on PostgreSQL, Redis and S3', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sheaf-scale-'));
    [redis, postgres, s3] = await Promise.all([startRedis(), startPostgres(), startS3('bundles')]);
    storeUrl = await postgres.database('sheaf');
    env = { ...S3_KEYS, SHEAF_SIGNING_SECRET: 'x'.repeat(40) };
    for (const org of ORGS) {
      const source = await project(path.join(root, 'sources', org), org, org === 'gamma' ? 300 : 2);
      expect((await runCli(['orgs', 'create', org, '--name', org, '--plan', 'enterprise', '--store', storeUrl], env)).code).toBe(0);
      expect((await runCli(['sites', 'add', `docs.${org}.test`, '--org', org, '--source', source, '--store', storeUrl], env)).code).toBe(0);
      if (org === 'gamma') {
        const small = await project(path.join(root, 'sources', 'gamma-small'), 'gamma', 2);
        expect((await runCli(['sites', 'add', 'small.gamma.test', '--org', org, '--source', small, '--store', storeUrl], env)).code).toBe(0);
      }
      const admin = await runCli(['keys', 'create', '--org', org, '--kind', 'admin', '--store', storeUrl], env);
      const assistant = await runCli(['keys', 'create', '--org', org, '--kind', 'assistant', '--store', storeUrl], env);
      keys[org] = { admin: admin.stdout.trim(), assistant: assistant.stdout.trim() };
    }
    store = await openStore({ kind: 'postgres', url: storeUrl });
    services.push(...(await Promise.all([startServiceInstance('api-a'), startServiceInstance('api-b')])));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...services, ...workers].map((p) => p.stop()));
    await store?.close();
    await Promise.all([redis?.stop(), postgres?.stop(), s3?.stop()]);
    if (root) await rm(root, { recursive: true, force: true });
  }, 60_000);

  it('answers health and readiness, checking the store, the queue and the bundle store', async () => {
    for (const service of services) {
      expect(await (await fetch(`${service.match}/_svc/health`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${service.match}/_svc/ready`);
      const body = (await ready.json()) as { status: string; checks: { name: string; ok: boolean }[] };
      expect(ready.status).toBe(200);
      expect(body.checks.map((c) => [c.name, c.ok])).toEqual([['store', true], ['queue', true], ['bundle store', true]]);
    }
  });

  it('a worker killed with SIGKILL mid-job: another worker takes the job after the stall interval and completes it', async () => {
    const [a, b] = services;
    await noWorkers();
    const doomed = await startWorker('worker-doomed', 2);
    const jobId = await startJob(a!.match, 'gamma', 'docs.gamma.test');
    // The worker's progress reaches the other instance's status endpoint.
    const progress = await until('progress on the other instance', async () => {
      const r = await status(b!.match, 'gamma', jobId);
      return r.body['status'] === 'running' && (r.body['pageCount'] as number) > 0 && (r.body['progress'] as number) > 0 ? r.body : undefined;
    }, 60_000);
    expect(progress['progress']).toBeLessThan(100);
    // Another worker, already waiting for jobs, takes this one once its worker is gone.
    const other = await startWorker('worker-other', 2);
    await doomed.kill9();
    expect((await store.getJob(jobId))?.status).toBe('running');
    const done = await finished(a!.match, 'gamma', jobId, 180_000);
    expect(done['status'], JSON.stringify(done)).toBe('completed');
    expect(done['pageCount']).toBe(300);
    expect((await store.getJob(jobId))?.attempts).toBe(2);
    expect(other.stderr()).toContain('"message":"job completed","jobId":"' + jobId + '"');
    await other.stop();
  }, 300_000);

  it('a job interrupted more often than --max-attempts allows fails with the reason', async () => {
    const [a] = services;
    await noWorkers();
    const doomed = await startWorker('worker-doomed-2', 2);
    const jobId = await startJob(a!.match, 'gamma', 'docs.gamma.test');
    await until('the job to run', async () => ((await store.getJob(jobId))?.status === 'running' ? true : undefined), 60_000);
    await doomed.kill9();
    const strict = await startWorker('worker-strict', 2, ['--max-attempts', '1']);
    const done = await finished(a!.match, 'gamma', jobId, 60_000);
    expect(done).toMatchObject({ status: 'failed', error: 'The export was interrupted once (the worker running it stopped); start a new job.' });
    await strict.stop();
  }, 120_000);

  it('a job started on one instance is polled and bundled on the other; the presigned link downloads it, and is refused once expired', async () => {
    await twoWorkers();
    const [a, b] = services;
    const jobId = await startJob(a!.match, 'acme');
    const done = await finished(b!.match, 'acme', jobId);
    expect(done).toMatchObject({ status: 'completed', pageCount: 2, progress: 100 });
    const bundle = await api(b!.match, keys['acme']!.admin, 'POST', `/v1/static-export/jobs/${jobId}/bundle`, {});
    expect(bundle.status).toBe(200);
    const link = bundle.body['bundleUrl'] as string;
    expect(link.startsWith(`${s3.endpoint}/bundles/exports/jobs/${jobId}/bundle.tar.gz?`)).toBe(true);
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe(String(LINK_TTL));
    const archive = path.join(root, `${jobId}.tar.gz`);
    expect(await downloadBundle(link, archive)).toMatchObject({ ok: true });
    expect((await readFile(archive)).length).toBe(bundle.body['sizeBytes']);
    // Every file's SHA-256 is checked against the manifest as `sheaf host` does.
    const unpacked = await unpackBundle(archive, 'tar.gz', path.join(root, `${jobId}-site`));
    expect(unpacked.ok).toBe(true);
    const manifest = JSON.parse(await readFile(path.join(root, `${jobId}-site`, 'manifest.json'), 'utf8')) as { version: string; files: { path: string; sha256: string }[] };
    expect(manifest.version).toBe(jobId);
    // The other instance's page endpoint reads the job's page texts from the bucket (fetched once into its cache).
    for (let i = 0; i < 2; i++) {
      const text = await api(a!.match, keys['acme']!.assistant, 'POST', '/discovery/v1/page/docs.acme.test', { path: 'page-1' });
      expect(text.status).toBe(200);
      expect(text.body).toEqual({ path: 'page-1', content: await readFile(path.join(root, `${jobId}-site`, 'page-1.md'), 'utf8') });
    }
    const page = manifest.files.find((f) => f.path.endsWith('page-1.html') || f.path.endsWith('page-1/index.html'))!;
    expect(createHash('sha256').update(await readFile(path.join(root, `${jobId}-site`, page.path))).digest('hex')).toBe(page.sha256);
    // `sheaf host` takes such a link as it takes the service's own (a fresh one: the first may be near its end).
    const fresh = (await api(b!.match, keys['acme']!.admin, 'POST', `/v1/static-export/jobs/${jobId}/bundle`, {})).body['bundleUrl'] as string;
    const host = await startCli(['host', '--bundle-url', fresh, '--port', '0', '--host', '127.0.0.1', '--data-dir', path.join(root, 'host')], env, /serving version \S+ \(\d+ pages\) at (http:\/\/\S+)/);
    try {
      const served = await fetch(`${host.match}/page-1`);
      expect(served.status).toBe(200);
      expect(await served.text()).toContain('acme page 1');
      expect(host.stderr()).not.toContain('X-Amz-Signature');
    } finally {
      await host.stop();
    }
    await new Promise((r) => setTimeout(r, (LINK_TTL + 1.5) * 1000));
    const late = await fetch(link);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');
  }, 180_000);

  it('runs 100 jobs from three organizations to completion, each seen by both instances', async () => {
    await twoWorkers();
    const [a, b] = services;
    const started: { org: string; jobId: string }[] = [];
    for (let i = 0; i < 100; i++) {
      const org = ORGS[i % 3] as string;
      const base = (i % 4 < 2 ? a : b)!.match;
      started.push({ org, jobId: await startJob(base, org) });
    }
    for (const { org, jobId } of started) {
      const fromA = await finished(a!.match, org, jobId, 600_000);
      expect(fromA, jobId).toMatchObject({ status: 'completed', pageCount: 2 });
      expect((await status(b!.match, org, jobId)).body).toEqual(fromA);
    }
    const completed = await store.listJobsByStatus('completed');
    const ids = new Set(started.map((j) => j.jobId));
    expect(ORGS.map((org) => completed.filter((j) => ids.has(j.jobId) && j.orgId === org).length)).toEqual([34, 33, 33]);
  }, 900_000);

  it('keeps organizations apart on both instances', async () => {
    const [a, b] = services;
    const jobId = (await store.listJobsByStatus('completed')).find((j) => j.orgId === 'acme')!.jobId;
    for (const base of [a!.match, b!.match]) {
      expect(await status(base, 'beta', jobId)).toMatchObject({ status: 404, body: { code: 'job-not-found' } });
      expect(await api(base, keys['beta']!.admin, 'POST', `/v1/static-export/jobs/${jobId}/bundle`, {})).toMatchObject({ status: 404 });
      expect(await api(base, keys['beta']!.admin, 'POST', '/v1/static-export/jobs', { domain: 'docs.acme.test' })).toMatchObject({ status: 400, body: { code: 'domain-not-found' } });
      const crossed = await fetch(`${base}/discovery/v1/assistant/docs.acme.test/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys['beta']!.assistant}`, 'content-type': 'application/json' },
        body: JSON.stringify(messageBody('rate limits')),
      });
      expect(crossed.status).toBe(404);
    }
  });

  it('counts the assistant’s per-organization limit across both instances, and across a restart', async () => {
    const ask = async (base: string) => {
      const r = await fetch(`${base}/discovery/v1/assistant/docs.beta.test/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys['beta']!.assistant}`, 'content-type': 'application/json' },
        body: JSON.stringify(messageBody('How do rate limits reset?')),
      });
      const text = await r.text();
      return { status: r.status, text, remaining: r.headers.get('ratelimit-remaining') };
    };
    // The window is the clock hour: a test that would straddle two hours waits for the next one.
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_600_000 - 30_000) await new Promise((r) => setTimeout(r, 3_600_000 - intoHour + 1_000));
    const [a, b] = services;
    const answers = [await ask(a!.match), await ask(b!.match), await ask(a!.match), await ask(b!.match)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // The answer comes from the search records of beta's latest export, fetched from the bucket.
    expect(answers[0]!.text).toContain('Quotas reset every hour');
    expect(answers.map((r) => r.remaining)).toEqual(['4', '3', '2', '1']);
    await a!.stop();
    services[0] = await startServiceInstance('api-a');
    expect((await ask(services[0].match)).status).toBe(200);
    const refused = await ask(b!.match);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('rate-limit/organization');
  }, 60_000);
});

describe.skipIf(missing !== undefined)('a worker whose Redis goes away', () => {
  it('still stops on SIGTERM', async () => {
    const server = await startRedis();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-worker-stop-'));
    try {
      const worker = await startCli(['worker', '--data-dir', dir, '--queue', server.url, '--sandbox', 'permission'], {}, /taking jobs/);
      await server.stop();
      await new Promise((r) => setTimeout(r, 1_000));
      const started = Date.now();
      expect(await worker.stop()).toBe(0);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(worker.stderr()).toContain('Stopped.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(missing !== undefined)('limits counted in Redis', () => {
  let server: RunningServer;
  const connections: Redis[] = [];
  beforeAll(async () => {
    server = await startRedis();
  }, 60_000);
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await server?.stop();
  });
  const connect = async () => {
    const c = await connectRedis(server.url, silentLog);
    connections.push(c);
    return c;
  };

  it('counts one organization’s job starts across instances in one sliding window', async () => {
    const [one, two] = [redisJobRateLimiter(await connect()), redisJobRateLimiter(await connect())];
    const policy = { limit: 3, windowSeconds: 60 };
    const t0 = 1_800_000_000_000;
    expect(await one.take('acme', policy, t0)).toEqual({ allowed: true, remaining: 2 });
    expect(await two.take('acme', policy, t0 + 1_000)).toEqual({ allowed: true, remaining: 1 });
    expect(await one.take('acme', policy, t0 + 2_000)).toEqual({ allowed: true, remaining: 0 });
    // Refused on either instance until the oldest start leaves the window, 60 s after it.
    expect(await two.take('acme', policy, t0 + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await one.take('beta', policy, t0 + 10_000)).toEqual({ allowed: true, remaining: 2 });
    // A start exactly one window ago still counts (as the store's count has it).
    expect(await one.take('acme', policy, t0 + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await two.take('acme', policy, t0 + 60_001)).toEqual({ allowed: true, remaining: 0 });
  });

  it('counts the assistant’s fixed windows across instances and never counts a refused request', async () => {
    let now = 3_600_000 * 500_000 + 1_000;
    const options = { name: 'test-org', limit: 2, windowMs: 3_600_000, clock: () => now };
    const [one, two] = [redisLimiters(await connect())(options), redisLimiters(await connect())(options)];
    expect((await one.take('acme')).remaining).toBe(1);
    expect((await two.take('acme')).remaining).toBe(0);
    expect(await one.take('acme')).toMatchObject({ allowed: false, remaining: 0, resetMs: 3_600_000 - 1_000 });
    expect(await two.take('acme')).toMatchObject({ allowed: false });
    now += 3_600_000;
    expect(await two.take('acme')).toMatchObject({ allowed: true, remaining: 1 });
  });
});

describe.skipIf(missing !== undefined)('the store on PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let dir: string;
  beforeAll(async () => {
    pg = await startPostgres();
    dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-store-copy-'));
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('migrates once when several instances open a new database together', async () => {
    const url = await pg.database('race');
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ kind: 'postgres', url })));
    const applied = await stores[0]!.db.selectFrom('kysely_migration' as never).selectAll().execute();
    expect(applied.map((m) => (m as { name: string }).name).sort()).toEqual(MIGRATION_NAMES);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('sheaf store copy moves a SQLite data folder into an empty database, and refuses a non-empty one', async () => {
    const dataDir = path.join(dir, 'data');
    const source = await project(path.join(dir, 'src'), 'copy', 1);
    expect((await runCli(['orgs', 'create', 'acme', '--name', 'Acme', '--plan', 'enterprise', '--data-dir', dataDir], {})).code).toBe(0);
    expect((await runCli(['sites', 'add', 'docs.acme.test', '--org', 'acme', '--source', source, '--data-dir', dataDir], {})).code).toBe(0);
    const key = (await runCli(['keys', 'create', '--org', 'acme', '--kind', 'admin', '--data-dir', dataDir], {})).stdout.trim();
    const url = await pg.database('copied');
    const copied = await runCli(['store', 'copy', '--from', path.join(dataDir, 'sheaf.db'), '--to', url], {});
    expect(copied.stdout).toBe('Copied 1 organizations, 1 sites, 1 api_keys, 0 jobs, 0 assistant_threads, 0 assistant_messages.\n');
    expect(copied.code).toBe(0);
    const listed = await runCli(['sites', 'list', '--store', url], {});
    expect(listed.stdout).toBe(`docs.acme.test\tacme\t${source}\n`);
    const copiedStore = await openStore({ kind: 'postgres', url });
    expect((await copiedStore.findApiKey(key))?.orgId).toBe('acme');
    await copiedStore.close();
    const again = await runCli(['store', 'copy', '--from', path.join(dataDir, 'sheaf.db'), '--to', url], {});
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds records (table organizations); copy into an empty one.');
  });

  it('says which store, queue or bundle store cannot be reached, without its password', async () => {
    const closed = await freePort();
    const dataDir = path.join(dir, 'unreachable');
    const store = await runCli(['service', '--data-dir', dataDir, '--port', '0', '--store', `postgres://sheaf:hunter2@127.0.0.1:${closed}/sheaf`], {});
    expect(store.code).toBe(1);
    expect(store.stderr).toBe(`sheaf: the service could not start: The store at postgres://sheaf:***@127.0.0.1:${closed}/sheaf cannot be reached: connection refused.\n`);
    const queue = await runCli(['worker', '--data-dir', dataDir, '--queue', `redis://:hunter2@127.0.0.1:${closed}`], {});
    expect(queue.code).toBe(1);
    expect(queue.stderr).toContain(`sheaf: the worker could not start: The queue at redis://:***@127.0.0.1:${closed} cannot be reached: connection refused.\n`);
    expect(queue.stderr).not.toContain('hunter2');
    const bucket = await runCli(['service', '--data-dir', dataDir, '--port', '0', '--bundle-store', 's3://bundles/x', '--s3-endpoint', `http://127.0.0.1:${closed}`], { ...S3_KEYS });
    expect(bucket.code).toBe(1);
    expect(bucket.stderr).toBe(`sheaf: the service could not start: The bundle store s3://bundles/x/ at http://127.0.0.1:${closed}/ cannot be reached: connection refused.\n`);
  }, 60_000);
});
