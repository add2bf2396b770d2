import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../src/model/service.js';
import type { ExportRunner, ExportRunRequest } from '../../../src/server/service/export-runner.js';
import { createJobQueue, INTERRUPTED_REASON, type JobQueue } from '../../../src/server/service/job-queue.js';
import { silentLog } from '../../../src/server/service/service-log.js';
import { fakeRunner, makeWorld, type World } from './helpers.js';

let w: World;
let queue: JobQueue | undefined;
beforeEach(async () => {
  w = await makeWorld();
});
afterEach(async () => {
  await queue?.close();
  queue = undefined;
  await w.cleanup();
});

const job = (jobId: string, over: Partial<ExportJob>): ExportJob => ({
  jobId,
  orgId: 'acme',
  domain: 'docs.acme.com',
  deployment: 'cloud',
  status: 'queued',
  progress: 0,
  pageCount: 0,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  attempts: 0,
  ...over,
});

describe('job queue recovery', () => {
  it('runs again a job left running once, fails one left running twice, and picks up queued ones', async () => {
    await w.store.insertJob(job('se_000000000000000a', { status: 'running', attempts: 1, progress: 55, pageCount: 9, deployment: 'air-gapped' }));
    await w.store.insertJob(job('se_000000000000000b', { status: 'running', attempts: 2 }));
    await w.store.insertJob(job('se_000000000000000c', { status: 'queued', createdAt: '2026-03-01T09:30:00.000Z', deployment: 'client-hosted' }));
    await w.store.insertJob(job('se_000000000000000d', { status: 'completed', progress: 100, attempts: 1 }));
    // A scratch folder of the dead process.
    await mkdir(path.join(w.dir, 'work', 'se_000000000000000a-1'), { recursive: true });
    await writeFile(path.join(w.dir, 'work', 'se_000000000000000a-1', 'half.tar.gz'), 'x');
    const runner = fakeRunner();
    // What the store and the work folder hold when the first job starts.
    let atFirstRun: { a?: ExportJob; b?: ExportJob; work: string[] } | undefined;
    const recording: ExportRunner = async (request) => {
      atFirstRun ??= { a: await w.store.getJob('se_000000000000000a'), b: await w.store.getJob('se_000000000000000b'), work: await readdir(path.join(w.dir, 'work')) };
      return runner(request);
    };
    queue = createJobQueue({ store: w.store, blobs: w.blobs, runner: recording, dataDir: w.dir, clock: () => w.now, log: silentLog });
    await queue.idle();
    // Recovery comes first: before any job runs, the one left running once is taken again from
    // nothing, the one left running twice has failed, and the dead process's scratch folder is gone.
    expect(atFirstRun?.a).toMatchObject({ status: 'running', attempts: 2, progress: 0, pageCount: 0 });
    expect(atFirstRun?.b).toMatchObject({ status: 'failed', error: INTERRUPTED_REASON });
    expect(atFirstRun?.work).toEqual(['se_000000000000000a-2']);
    expect(await w.store.getJob('se_000000000000000b')).toMatchObject({ status: 'failed', error: INTERRUPTED_REASON, attempts: 2 });
    // Each runs again with the profile it was started with.
    expect(runner.calls.map((c) => [c.version, c.deployment])).toEqual([
      ['se_000000000000000a', 'air-gapped'],
      ['se_000000000000000c', 'client-hosted'],
    ]);
    expect(await w.store.getJob('se_000000000000000a')).toMatchObject({ status: 'completed', attempts: 2, deployment: 'air-gapped' });
    expect(await w.store.getJob('se_000000000000000c')).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await w.store.getJob('se_000000000000000d')).toMatchObject({ status: 'completed', attempts: 1 });
    expect(runner.calls[0]!.workDir).toBe(path.join(w.dir, 'work', 'se_000000000000000a-2', 'build'));
    expect(await readdir(path.join(w.dir, 'work'))).toEqual([]);
  });

  it('puts a running job back in the queue on a graceful close, without counting the start', async () => {
    await w.store.insertJob(job('se_000000000000000a', {}));
    const runner = fakeRunner({ hold: true });
    queue = createJobQueue({ store: w.store, blobs: w.blobs, runner, dataDir: w.dir, clock: () => w.now, log: silentLog });
    await expect.poll(async () => (await w.store.getJob('se_000000000000000a'))?.status).toBe('running');
    await queue.close();
    expect(await w.store.getJob('se_000000000000000a')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(runner.calls[0]!.signal?.aborted).toBe(true);
  });

  it('fails a job whose site was removed from the organization', async () => {
    await w.store.insertJob(job('se_000000000000000a', { domain: 'docs.beta.com' }));
    queue = createJobQueue({ store: w.store, blobs: w.blobs, runner: fakeRunner(), dataDir: w.dir, clock: () => w.now, log: silentLog });
    await queue.idle();
    expect(await w.store.getJob('se_000000000000000a')).toMatchObject({ status: 'failed', error: 'The domain `docs.beta.com` is no longer registered.' });
  });

  it('writes progress at most once per interval and clamps it to 0–100', async () => {
    await w.store.insertJob(job('se_000000000000000a', {}));
    const seen: number[] = [];
    // Progress is written in the background: what the store holds once pending writes are in.
    const progressWritten = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return (await w.store.getJob('se_000000000000000a'))!.progress;
    };
    const runner = async (r: ExportRunRequest) => {
      r.onProgress?.({ progress: 10, pageCount: 1 });
      seen.push(await progressWritten());
      r.onProgress?.({ progress: 20, pageCount: 2 });
      seen.push(await progressWritten());
      w.now += 1000;
      r.onProgress?.({ progress: 130, pageCount: 3.7 });
      seen.push(await progressWritten(), (await w.store.getJob('se_000000000000000a'))!.pageCount);
      return { ok: false as const, reason: 'stop' };
    };
    queue = createJobQueue({ store: w.store, blobs: w.blobs, runner, dataDir: w.dir, clock: () => w.now, log: silentLog, progressIntervalMs: 500 });
    await queue.idle();
    expect(seen).toEqual([10, 10, 100, 3]);
  });
});

describe('job queue failures', () => {
  it('fails a job whose scratch folder cannot be made, instead of leaving it running', async () => {
    await w.store.insertJob(job('se_000000000000000a', {}));
    // A file where the work folder should be: mkdir fails.
    const blocked = path.join(w.dir, 'blocked');
    await writeFile(blocked, 'x');
    const logs: string[] = [];
    queue = createJobQueue({ store: w.store, blobs: w.blobs, runner: fakeRunner(), dataDir: blocked, clock: () => w.now, log: (_l, m) => logs.push(m) });
    await queue.idle();
    expect(await w.store.getJob('se_000000000000000a')).toMatchObject({ status: 'failed', error: 'The export failed unexpectedly; try again or contact the operator.' });
    expect(logs).toContain('job crashed');
  });
});
