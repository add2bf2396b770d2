import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DelayedError, QueueEvents, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { exportJobContext, runExportJob, stalledReason, UNEXPECTED_REASON, type JobRunOptions } from './export-job.js';
import { messageOf } from '../error-text.js';
import { EXPORT_QUEUE, QUEUE_PREFIX } from './redis-connection.js';
import { settledWithin } from '../time-limit.js';
import type { ExportJobData } from './redis-job-queue.js';
import type { ServiceLog } from './service-log.js';

/** Longest wait for the worker's own close, in milliseconds. */
const CLOSE_MS = 10_000;

export interface ExportWorkerOptions extends JobRunOptions {
  readonly redis: Redis;
  /**
   * Scratch folders go to `<dataDir>/work/worker-<host>-<pid>/`: a data folder shared with API
   * instances or other workers (one machine, or a shared file system) is never cleared.
   */
  readonly dataDir: string;
  /** Builds at once (default 1). */
  readonly concurrency?: number;
  /**
   * How long a job's lock lasts without renewal, and how often workers look for jobs whose lock
   * ran out (a worker killed mid-job), in milliseconds (default 30 s).
   */
  readonly stallMs?: number;
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
  const stallMs = options.stallMs ?? 30_000;
  const context = exportJobContext(options, { workRoot: path.join(options.dataDir, 'work', `worker-${os.hostname()}-${process.pid}`), sourceFrom: 'archive', exclude: [] });
  const { maxAttempts } = context;
  await rm(context.workRoot, { recursive: true, force: true });
  const running = new Set<AbortController>();
  let closing = false;

  const processor = async (job: Job<ExportJobData>, token?: string): Promise<void> => {
    const controller = new AbortController();
    running.add(controller);
    try {
      // An error before the job is claimed (the store did not answer) fails the BullMQ job; the
      // listener below records it in the store.
      const outcome = await runExportJob(context, job.data.jobId, controller.signal, () => closing);
      if (outcome === 'unknown') throw new Error(`job ${job.data.jobId} is not in this worker's store`);
      if (outcome === 'interrupted') {
        // Back to the queue for another worker, now. Should Redis not take it, the lock runs out
        // and the stall check hands the job over all the same.
        await job.moveToDelayed(Date.now(), token).catch((error: unknown) => log('warn', 'could not put the job back in the queue', { jobId: job.data.jobId, error: messageOf(error) }));
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
  // While Redis is away, each of BullMQ's connections reports every retry: one line per new reason.
  const once = onceLogger(log);
  worker.on('error', (error) => once('worker error', messageOf(error)));
  worker.on('ready', () => once.reset());
  // Whatever BullMQ fails (a crash before the job was claimed, a job that stalled more often than
  // it hands over) ends failed in the store too, never stuck queued or running.
  const eventsConnection = options.redis.duplicate();
  const events = new QueueEvents(EXPORT_QUEUE, { connection: eventsConnection, prefix: QUEUE_PREFIX });
  events.on('error', (error) => once('queue events error', messageOf(error)));
  events.on('failed', ({ jobId, failedReason }) => {
    const error = /stalled more than/.test(failedReason) ? stalledReason(maxAttempts) : UNEXPECTED_REASON;
    void options.store
      .changeJob(jobId, { status: 'failed', error, updatedAt: new Date(options.clock()).toISOString() }, { status: ['queued', 'running'] })
      .then((applied) => applied && log('warn', 'job failed in the queue', { jobId, reason: failedReason }))
      .catch((e: unknown) => log('warn', 'could not record a failed job', { jobId, error: messageOf(e) }));
  });
  worker.on('stalled', (jobId) => log('warn', 'job stalled: its worker stopped; another takes it', { jobId }));
  void worker.run().catch((error: unknown) => log('error', 'worker stopped', { error: messageOf(error) }));
  await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
  return {
    active: () => running.size,
    async close() {
      closing = true;
      for (const controller of running) controller.abort();
      // The aborted builds end within seconds; a Redis that is away would hold the close forever.
      if (!(await settledWithin(worker.close(), CLOSE_MS))) {
        log('warn', 'the queue did not answer the close: stopping without it', {});
        void worker.close(true).catch(() => undefined);
      }
      await settledWithin(events.close(), 2_000);
      // BullMQ's own connections (the blocking one it made) go too, answered or not.
      await settledWithin(Promise.all([worker.disconnect(), events.disconnect()]), 2_000);
      eventsConnection.disconnect();
      await rm(context.workRoot, { recursive: true, force: true });
    },
  };
}

/** Logs a warning once for each message and reason, until `reset` (the connection is back). */
function onceLogger(log: ServiceLog): ((message: string, error: string) => void) & { reset(): void } {
  const seen = new Set<string>();
  return Object.assign(
    (message: string, error: string) => {
      if (seen.has(`${message}\n${error}`)) return;
      seen.add(`${message}\n${error}`);
      log('warn', message, { error });
    },
    { reset: () => seen.clear() },
  );
}
