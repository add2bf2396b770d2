import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ServiceStore } from '../store/open-store.js';
import type { BlobStore } from './blob-store.js';
import { messageOf, runExportJob, UNEXPECTED_REASON, type ExportJobContext } from './export-job.js';
import type { ExportRunner } from './export-runner.js';
import { EXPORT_QUEUE, QUEUE_PREFIX } from './redis-connection.js';
import type { ExportJobData } from './redis-job-queue.js';
import type { ServiceLog } from './service-log.js';

export interface ExportWorkerOptions {
  readonly redis: Redis;
  readonly store: ServiceStore;
  readonly blobs: BlobStore;
  readonly runner: ExportRunner;
  /**
   * Scratch folders go to `<dataDir>/work/worker-<host>-<pid>/`: a data folder shared with API
   * instances or other workers (one machine, or a shared file system) is never cleared.
   */
  readonly dataDir: string;
  readonly clock: () => number;
  readonly log: ServiceLog;
  /** Builds at once (default 1). */
  readonly concurrency?: number;
  /** Starts of one job at most; a job whose worker died more often fails with the reason (default 2). */
  readonly maxAttempts?: number;
  /**
   * How long a job's lock lasts without renewal, and how often workers look for jobs whose lock
   * ran out (a worker killed mid-job), in milliseconds (default 30 s).
   */
  readonly stallMs?: number;
  readonly jobTimeoutMs?: number;
  readonly jobMemoryMb?: number;
  readonly progressIntervalMs?: number;
}

export interface ExportWorker {
  /** Builds running now. */
  readonly active: () => number;
  /** Stops taking jobs, aborts the running ones (back to the queue, the start not counted). */
  close(): Promise<void>;
}

/**
 * `sheaf worker`: takes export jobs from the BullMQ queue and runs them as the service does
 * (`runExportJob`: the sandboxed child, the limits, live progress in the shared store), from the
 * source snapshot the API instance stored. A worker killed mid-job stops renewing its lock; after
 * the stall interval another worker takes the job, which runs again while below `maxAttempts`.
 */
export async function startExportWorker(options: ExportWorkerOptions): Promise<ExportWorker> {
  const { log } = options;
  const maxAttempts = options.maxAttempts ?? 2;
  const stallMs = options.stallMs ?? 30_000;
  const context: ExportJobContext = {
    store: options.store,
    blobs: options.blobs,
    runner: options.runner,
    workRoot: path.join(options.dataDir, 'work', `worker-${os.hostname()}-${process.pid}`),
    sourceFrom: 'archive',
    exclude: [],
    clock: options.clock,
    jobTimeoutMs: options.jobTimeoutMs ?? 600_000,
    jobMemoryMb: options.jobMemoryMb ?? 2048,
    maxAttempts,
    progressIntervalMs: options.progressIntervalMs ?? 500,
    log,
  };
  await rm(context.workRoot, { recursive: true, force: true });
  const running = new Set<AbortController>();
  let closing = false;

  const processor = async (job: Job<ExportJobData>, token?: string): Promise<void> => {
    const controller = new AbortController();
    running.add(controller);
    try {
      const outcome = await runExportJob(context, job.data.jobId, controller.signal, () => closing).catch(async (error: unknown) => {
        log('error', 'job crashed', { jobId: job.data.jobId, error: messageOf(error) });
        await options.store
          .updateJob(job.data.jobId, { status: 'failed', error: UNEXPECTED_REASON, updatedAt: new Date(options.clock()).toISOString() }, { status: 'running' })
          .catch(() => undefined);
        return 'done' as const;
      });
      if (outcome === 'interrupted') {
        // Back to the queue for another worker, now.
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
    } finally {
      running.delete(controller);
    }
  };

  const worker = new Worker<ExportJobData>(EXPORT_QUEUE, processor, {
    connection: options.redis,
    prefix: QUEUE_PREFIX,
    concurrency: Math.max(1, options.concurrency ?? 1),
    lockDuration: stallMs,
    stalledInterval: stallMs,
    // The store counts a job's starts and fails it past `maxAttempts` with its reason; BullMQ
    // hands a stalled job over until then.
    maxStalledCount: maxAttempts + 1,
    autorun: false,
  });
  worker.on('error', (error) => log('warn', 'worker error', { error: messageOf(error) }));
  worker.on('stalled', (jobId) => log('warn', 'job stalled: its worker stopped; another takes it', { jobId }));
  void worker.run().catch((error: unknown) => log('error', 'worker stopped', { error: messageOf(error) }));
  await worker.waitUntilReady();
  return {
    active: () => running.size,
    async close() {
      closing = true;
      for (const controller of running) controller.abort();
      await worker.close();
      await rm(context.workRoot, { recursive: true, force: true });
    },
  };
}
