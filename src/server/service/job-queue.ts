import { rm } from 'node:fs/promises';
import path from 'node:path';
import { exportJobContext, INTERRUPTED_REASON, runExportJob, type JobRunOptions } from './export-job.js';
import { messageOf } from '../error-text.js';

export { INTERRUPTED_REASON } from './export-job.js';

export interface JobQueueOptions extends JobRunOptions {
  /** Scratch folders go to `<dataDir>/work/<jobId>-<attempt>/`; the data folder is never part of a snapshot. */
  readonly dataDir: string;
  /** Builds running at once (default 1). */
  readonly concurrency?: number;
}

/** Where the service's jobs run: in its own process, or on `sheaf worker`s through Redis. */
export interface JobQueue {
  /** Schedules a `queued` job. */
  enqueue(jobId: string): void;
  /** Resolves once nothing runs or waits here. */
  idle(): Promise<void>;
  /** Starts no more jobs, aborts the running ones (put back to `queued`) and waits for them. */
  close(): Promise<void>;
  /** Resolves when the queue answers (readiness). */
  ping(): Promise<void>;
}

/**
 * The in-process job queue: runs queued jobs through `runner`, at most `concurrency` at a time,
 * oldest first, and records every change in the store. On creation it recovers what a dead process
 * left: `running` jobs run again while below `maxAttempts`, else fail with a reason; `queued`
 * jobs are picked up.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { store, log } = options;
  const context = exportJobContext(options, { workRoot: path.join(options.dataDir, 'work'), sourceFrom: 'folder', exclude: [options.dataDir] });
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const pending: string[] = [];
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let closing = false;
  /** False until what a previous process left is recovered and its scratch folders are gone. */
  let ready = false;
  let idleWaiters: (() => void)[] = [];
  const now = () => new Date(options.clock()).toISOString();

  const checkIdle = () => {
    if (!ready || pending.length > 0 || running.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const pump = () => {
    while (ready && !closing && running.size < concurrency && pending.length > 0) {
      const jobId = pending.shift() as string;
      const controller = new AbortController();
      const done = runExportJob(context, jobId, controller.signal, () => closing)
        .then(() => undefined)
        // Before the job was claimed (the store did not answer): it stays queued for the next start.
        .catch((error: unknown) => log('error', 'could not start the job', { jobId, error: messageOf(error) }))
        .finally(() => {
          running.delete(jobId);
          pump();
          checkIdle();
        });
      running.set(jobId, { controller, done });
    }
    checkIdle();
  };

  // Recovery of what a previous process left behind, then the scratch folders go.
  const recovered = (async () => {
    for (const job of await store.listJobsByStatus('running')) {
      const when = { status: ['running'], attempts: job.attempts } as const;
      if (job.attempts < context.maxAttempts) {
        if (await store.changeJob(job.jobId, { status: 'queued', progress: 0, pageCount: 0, updatedAt: now() }, when)) {
          log('warn', 'job interrupted by a restart runs again', { jobId: job.jobId, attempts: job.attempts });
        }
      } else if (await store.changeJob(job.jobId, { status: 'failed', error: INTERRUPTED_REASON, updatedAt: now() }, when)) {
        log('warn', 'job interrupted by a restart failed', { jobId: job.jobId, attempts: job.attempts });
      }
    }
    for (const job of await store.listJobsByStatus('queued')) if (!pending.includes(job.jobId)) pending.push(job.jobId);
    await rm(context.workRoot, { recursive: true, force: true });
  })();
  void recovered
    .catch((error: unknown) => log('warn', 'could not recover the jobs of a previous process', { error: messageOf(error) }))
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
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        checkIdle();
      }),
    async close() {
      closing = true;
      pending.length = 0;
      await recovered.catch(() => undefined);
      const all = [...running.values()];
      for (const r of all) r.controller.abort();
      await Promise.all(all.map((r) => r.done));
    },
    ping: async () => undefined,
  };
}
