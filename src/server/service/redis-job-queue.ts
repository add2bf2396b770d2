import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ServiceStore } from '../store/open-store.js';
import { jobBlobKeys, type BlobStore } from './blob-store.js';
import { messageOf } from '../error-text.js';
import type { JobQueue } from './job-queue.js';
import { EXPORT_QUEUE, QUEUE_PREFIX } from './redis-connection.js';
import { settledWithin } from '../time-limit.js';
import type { ServiceLog } from './service-log.js';
import { packSource } from './source-archive.js';

export interface RedisJobQueueOptions {
  readonly redis: Redis;
  readonly store: ServiceStore;
  readonly blobs: BlobStore;
  /** Snapshots are made in `<dataDir>/work/`; the data folder is never part of one. */
  readonly dataDir: string;
  readonly clock: () => number;
  readonly log: ServiceLog;
}

/** What a queued BullMQ job carries: the id of the job in the store, which holds the rest. */
export interface ExportJobData {
  readonly jobId: string;
}

/**
 * The API side of the queue: a job created here is snapshotted (its source folder copied with the
 * containment of an export and packed), the snapshot stored in the blob store, and the job put on
 * the BullMQ queue, where any `sheaf worker` sharing the Redis, store and blob store takes it.
 * At start, `queued` jobs that the queue does not hold (an instance stopped between the two) are
 * put on it again; the job id keeps that idempotent.
 */
export function createRedisJobQueue(options: RedisJobQueueOptions): JobQueue {
  const { store, blobs, log } = options;
  const queue = new Queue<ExportJobData>(EXPORT_QUEUE, { connection: options.redis, prefix: QUEUE_PREFIX });
  queue.on('error', (error) => log('warn', 'queue error', { error: messageOf(error) }));
  const inFlight = new Set<Promise<void>>();
  let closing = false;
  const now = () => new Date(options.clock()).toISOString();

  async function submit(jobId: string): Promise<void> {
    const job = await store.getJob(jobId);
    if (!job || job.status !== 'queued') return;
    if (await queue.getJob(jobId)) return;
    const site = await store.getSite(job.domain);
    const fail = (error: string) => store.changeJob(jobId, { status: 'failed', error, updatedAt: now() }, { status: ['queued'], attempts: job.attempts });
    if (!site || site.orgId !== job.orgId) {
      await fail(`The domain \`${job.domain}\` is no longer registered.`);
      return;
    }
    const workDir = path.join(options.dataDir, 'work', `snapshot-${jobId}`);
    await mkdir(workDir, { recursive: true });
    try {
      const archive = path.join(workDir, 'source.tar.gz');
      const snapshot = await packSource({ source: site.source, workDir, exclude: [options.dataDir], output: archive });
      if (!snapshot.ok) {
        await fail(snapshot.reason);
        log('warn', 'job failed', { jobId, reason: snapshot.reason });
        return;
      }
      await blobs.put(jobBlobKeys(jobId).source, archive);
      await queue.add('export', { jobId }, { jobId, attempts: 1, removeOnComplete: { count: 1000 }, removeOnFail: { count: 1000 } });
      log('info', 'job sent to the workers', { jobId, files: snapshot.files, bytes: snapshot.bytes });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  const track = (jobId: string) => {
    const run = submit(jobId).catch(async (error: unknown) => {
      log('error', 'could not queue the job', { jobId, error: messageOf(error) });
      await store
        .changeJob(jobId, { status: 'failed', error: 'The job could not be queued; try again or contact the operator.', updatedAt: now() }, { status: ['queued'] })
        .catch(() => undefined);
    });
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  // Jobs left queued by an instance that stopped before it queued them.
  void store
    .listJobsByStatus('queued')
    .then((jobs) => {
      for (const job of jobs) if (!closing) track(job.jobId);
    })
    .catch((error: unknown) => log('warn', 'could not look for unqueued jobs', { error: messageOf(error) }));

  return {
    enqueue(jobId) {
      if (!closing) track(jobId);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      closing = true;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      await settledWithin(queue.close(), 2_000);
    },
    async ping() {
      await options.redis.ping();
    },
  };
}
