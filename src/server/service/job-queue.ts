import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { scrubPaths } from '../../export/scrub-paths.js';
import type { ExportJob } from '../../model/service.js';
import type { JobPatch, ServiceStore } from '../store/open-store.js';
import type { ExportProgress, ExportRunner, ExportRunResult } from './export-runner.js';
import type { ServiceLog } from './service-log.js';

export interface JobQueueOptions {
  readonly store: ServiceStore;
  readonly runner: ExportRunner;
  /** Bundles go to `<dataDir>/jobs/<jobId>/`, scratch folders to `<dataDir>/work/<jobId>/`. */
  readonly dataDir: string;
  /** Milliseconds since the Unix epoch. */
  readonly clock: () => number;
  /** Builds running at once (default 1). */
  readonly concurrency?: number;
  /** Per build, in milliseconds (default 10 minutes). */
  readonly jobTimeoutMs?: number;
  /** Per build, in megabytes (default 2048). */
  readonly jobMemoryMb?: number;
  /** Starts of one job; a job interrupted by a restart runs again while below this (default 2). */
  readonly maxAttempts?: number;
  /** Least time between two progress writes of a job, in milliseconds (default 500). */
  readonly progressIntervalMs?: number;
  readonly log: ServiceLog;
}

export interface JobQueue {
  /** Schedules a `queued` job. */
  enqueue(jobId: string): void;
  /** Resolves once nothing runs or waits. */
  idle(): Promise<void>;
  /** Starts no more jobs, aborts the running ones (put back to `queued`) and waits for them. */
  close(): Promise<void>;
}

export const INTERRUPTED_REASON = 'The export was interrupted by a service restart.';
const UNEXPECTED_REASON = 'The export failed unexpectedly; try again or contact the operator.';

/** Relative paths (from the data folder) of a completed job's files. */
export const jobFiles = (jobId: string) => ({
  bundle: path.posix.join('jobs', jobId, 'bundle.tar.gz'),
  searchRecords: path.posix.join('jobs', jobId, 'search-records.json'),
});

/**
 * The in-process job queue: runs queued jobs through `runner`, at most `concurrency` at a time,
 * oldest first, and records every change in the store. On creation it recovers what a dead process
 * left: `running` jobs run again while below `maxAttempts`, else fail with a reason; `queued`
 * jobs are picked up.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { store, runner, dataDir, clock, log } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const maxAttempts = options.maxAttempts ?? 2;
  const progressInterval = options.progressIntervalMs ?? 500;
  const pending: string[] = [];
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let closing = false;
  /** False until the scratch folders of a previous process are gone. */
  let ready = false;
  let idleWaiters: (() => void)[] = [];

  const now = () => new Date(clock()).toISOString();
  const update = (jobId: string, patch: Omit<JobPatch, 'updatedAt'>) => store.updateJob(jobId, { ...patch, updatedAt: now() });

  const checkIdle = () => {
    if (!ready || pending.length > 0 || running.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const pump = () => {
    while (ready && !closing && running.size < concurrency && pending.length > 0) {
      const jobId = pending.shift()!;
      const controller = new AbortController();
      const done = runJob(jobId, controller)
        .catch((error: unknown) => {
          log('error', 'job crashed', { jobId, error: error instanceof Error ? error.message : String(error) });
          // Never leave a job running in a live process.
          if (store.getJob(jobId)?.status === 'running') update(jobId, { status: 'failed', error: UNEXPECTED_REASON });
        })
        .finally(() => {
          running.delete(jobId);
          pump();
          checkIdle();
        });
      running.set(jobId, { controller, done });
    }
    checkIdle();
  };

  async function runJob(jobId: string, controller: AbortController): Promise<void> {
    const job = store.getJob(jobId);
    if (!job || job.status !== 'queued') return;
    const site = store.getSite(job.domain);
    if (!site || site.orgId !== job.orgId) {
      update(jobId, { status: 'failed', error: `The domain \`${job.domain}\` is no longer registered.` });
      return;
    }
    update(jobId, { status: 'running', attempts: job.attempts + 1, progress: 0, pageCount: 0, error: null });
    log('info', 'job started', { jobId, domain: job.domain, deployment: job.deployment, attempt: job.attempts + 1 });
    // One folder per attempt: a build orphaned by a killed service cannot write into the rerun's.
    const workDir = path.join(dataDir, 'work', `${jobId}-${job.attempts + 1}`);
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });

    let finished = false;
    let lastWrite = -Infinity;
    const onProgress = (p: ExportProgress) => {
      if (finished || controller.signal.aborted) return;
      const t = clock();
      if (t - lastWrite < progressInterval) return;
      lastWrite = t;
      update(jobId, { progress: clampProgress(p.progress), pageCount: Math.max(0, Math.floor(p.pageCount)) });
    };

    let result: ExportRunResult;
    try {
      result = await runner({
        source: site.source,
        workDir,
        version: jobId,
        // The profile stored with the job, so a rerun after a restart builds the same bundle.
        deployment: job.deployment,
        // The signing key, the database and other jobs' bundles are never part of a snapshot,
        // even when an operator keeps the data folder inside a docs source.
        exclude: [dataDir],
        timeoutMs: options.jobTimeoutMs ?? 600_000,
        maxMemoryMb: options.jobMemoryMb ?? 2048,
        onProgress,
        signal: controller.signal,
      });
    } catch (error) {
      log('error', 'export runner threw', { jobId, error: error instanceof Error ? error.message : String(error) });
      result = { ok: false, reason: UNEXPECTED_REASON };
    }
    finished = true;
    try {
      if (closing && controller.signal.aborted) {
        // Stopped by a graceful shutdown: not the job's fault, so the start does not count.
        update(jobId, { status: 'queued', attempts: job.attempts, progress: 0, pageCount: 0 });
        log('info', 'job put back in the queue for the next start', { jobId });
        return;
      }
      if (!result.ok) {
        update(jobId, { status: 'failed', error: scrubPaths(result.reason, { [workDir]: '<work>', [site.source]: '<project>', [dataDir]: '<data>' }, 500) });
        log('warn', 'job failed', { jobId, reason: result.reason });
        return;
      }
      const files = jobFiles(jobId);
      await mkdir(path.join(dataDir, 'jobs', jobId), { recursive: true });
      await moveFile(result.bundleFile, path.join(dataDir, files.bundle));
      await moveFile(result.searchRecordsFile, path.join(dataDir, files.searchRecords));
      const bytes = (await stat(path.join(dataDir, files.bundle))).size;
      update(jobId, {
        status: 'completed',
        progress: 100,
        pageCount: result.pageCount,
        bundleFile: files.bundle,
        bundleBytes: bytes,
        searchRecordsFile: files.searchRecords,
      });
      log('info', 'job completed', { jobId, pageCount: result.pageCount, bytes });
    } catch (error) {
      log('error', 'storing the bundle failed', { jobId, error: error instanceof Error ? error.message : String(error) });
      update(jobId, { status: 'failed', error: UNEXPECTED_REASON });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  // Recovery of what a previous process left behind.
  for (const job of store.listJobsByStatus('running')) recover(job);
  function recover(job: ExportJob) {
    if (job.attempts < maxAttempts) {
      update(job.jobId, { status: 'queued', progress: 0, pageCount: 0 });
      log('warn', 'job interrupted by a restart runs again', { jobId: job.jobId, attempts: job.attempts });
    } else {
      update(job.jobId, { status: 'failed', error: INTERRUPTED_REASON });
      log('warn', 'job interrupted by a restart failed', { jobId: job.jobId, attempts: job.attempts });
    }
  }
  for (const job of store.listJobsByStatus('queued')) pending.push(job.jobId);
  // Scratch folders of a previous process are removed before the first job starts.
  void rm(path.join(dataDir, 'work'), { recursive: true, force: true })
    .catch((error: unknown) => log('warn', 'could not clear the work folder', { error: error instanceof Error ? error.message : String(error) }))
    .finally(() => {
      ready = true;
      pump();
    });

  return {
    enqueue(jobId) {
      if (closing || pending.includes(jobId) || running.has(jobId)) return;
      pending.push(jobId);
      pump();
    },
    idle: () => new Promise<void>((resolve) => {
      idleWaiters.push(resolve);
      checkIdle();
    }),
    async close() {
      closing = true;
      pending.length = 0;
      const all = [...running.values()];
      for (const r of all) r.controller.abort();
      await Promise.all(all.map((r) => r.done));
    },
  };
}

const clampProgress = (p: number) => (Number.isFinite(p) ? Math.min(100, Math.max(0, Math.round(p))) : 0);

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
