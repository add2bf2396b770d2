import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExportJob, type ExportJobContext } from '../../../src/server/service/export-job.js';
import type { ExportRunner } from '../../../src/server/service/export-runner.js';
import { localBlobStore } from '../../../src/server/service/local-blob-store.js';
import { silentLog } from '../../../src/server/service/service-log.js';
import { openStore, type ServiceStore } from '../../../src/server/store/open-store.js';

let dir: string;
let store: ServiceStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-export-job-'));
  store = await openStore({ kind: 'sqlite', file: path.join(dir, 'sheaf.db') });
  await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
  await store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source: dir });
  await store.insertJob({ jobId: 'se_00000000000000a1', orgId: 'acme', domain: 'docs.acme.com', deployment: 'cloud', status: 'queued', progress: 0, pageCount: 0, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', attempts: 0 });
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const context = (runner: ExportRunner): ExportJobContext => ({
  store,
  blobs: localBlobStore(dir),
  runner,
  workRoot: path.join(dir, 'work'),
  sourceFrom: 'folder',
  exclude: [],
  clock: () => Date.parse('2026-01-01T00:01:00.000Z'),
  jobTimeoutMs: 60_000,
  jobMemoryMb: 512,
  maxAttempts: 2,
  progressIntervalMs: 0,
  log: silentLog,
});

describe('runExportJob', () => {
  it('builds a job once when two runners take it at the same moment', async () => {
    let builds = 0;
    const runner: ExportRunner = async () => {
      builds += 1;
      return { ok: false, reason: 'the page code threw' };
    };
    const outcomes = await Promise.all([0, 1].map(() => runExportJob(context(runner), 'se_00000000000000a1', new AbortController().signal, () => false)));
    expect(outcomes.sort()).toEqual(['done', 'skipped']);
    expect(builds).toBe(1);
    expect(await store.getJob('se_00000000000000a1')).toMatchObject({ status: 'failed', attempts: 1, error: 'the page code threw' });
  });

  it('says a job is unknown when this store has no such job (a worker on another store)', async () => {
    expect(await runExportJob(context(async () => ({ ok: false, reason: 'x' })), 'se_00000000000000ff', new AbortController().signal, () => false)).toBe('unknown');
  });

  it('fails a job whose runs were cut short more often than allowed, with the reason', async () => {
    await store.updateJob('se_00000000000000a1', { status: 'running', attempts: 2, updatedAt: '2026-01-01T00:00:30.000Z' });
    expect(await runExportJob(context(async () => ({ ok: false, reason: 'x' })), 'se_00000000000000a1', new AbortController().signal, () => false)).toBe('done');
    expect(await store.getJob('se_00000000000000a1')).toMatchObject({ status: 'failed', error: 'The export was interrupted 2 times (the worker running it stopped); start a new job.' });
  });
});
