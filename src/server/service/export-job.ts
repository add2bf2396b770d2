import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { scrubPaths } from '../../export/scrub-paths.js';
import { DEFAULT_SNAPSHOT_BYTES } from '../../export/snapshot-source.js';
import type { ExportJob } from '../../model/service.js';
import type { JobPatch, ServiceStore } from '../store/open-store.js';
import { jobBlobKeys, type BlobStore } from './blob-store.js';
import type { ExportProgress, ExportRunner, ExportRunResult } from './export-runner.js';
import type { ServiceLog } from './service-log.js';
import { unpackSource } from './source-archive.js';

export const INTERRUPTED_REASON = 'The export was interrupted by a service restart.';
export const UNEXPECTED_REASON = 'The export failed unexpectedly; try again or contact the operator.';
export const stalledReason = (attempts: number) =>
  `The export was interrupted ${attempts === 1 ? 'once' : `${attempts} times`} (the worker running it stopped); start a new job.`;

/** What running one job needs, the same for the service's own queue and for `sheaf worker`. */
export interface ExportJobContext {
  readonly store: ServiceStore;
  readonly blobs: BlobStore;
  readonly runner: ExportRunner;
  /** Scratch folders go to `<workRoot>/<jobId>-<attempt>/`. */
  readonly workRoot: string;
  /**
   * Where the job's source comes from: `folder`, the site's folder on this machine; `archive`,
   * the snapshot the API instance stored in the blob store when the job was created.
   */
  readonly sourceFrom: 'folder' | 'archive';
  /** Folders a snapshot never copies (the service's data folder). */
  readonly exclude: readonly string[];
  /** Milliseconds since the Unix epoch. */
  readonly clock: () => number;
  readonly jobTimeoutMs: number;
  readonly jobMemoryMb: number;
  /** Starts of one job at most: one interrupted more often fails with the reason. */
  readonly maxAttempts: number;
  /** Least time between two progress writes of a job, in milliseconds. */
  readonly progressIntervalMs: number;
  readonly log: ServiceLog;
}

/**
 * How a run ended: `done` (completed or failed, recorded), `skipped` (nothing to run: unknown,
 * finished, or taken by another), `interrupted` (stopped by a shutdown: the job is `queued`
 * again and this start does not count).
 */
export type JobOutcome = 'done' | 'skipped' | 'interrupted';

/**
 * Runs one job: claims it in the store (its attempt number goes up by one, and every later write
 * is made only while that attempt is the job's), builds the bundle through the runner with live
 * progress, and stores the bundle and search records in the blob store. A `running` job is one
 * whose worker died (the queue handed it over): it runs again while below `maxAttempts`, else it
 * fails with the reason. `closing` tells an abort by shutdown from other ends.
 */
export async function runExportJob(ctx: ExportJobContext, jobId: string, signal: AbortSignal, closing: () => boolean): Promise<JobOutcome> {
  const { store, blobs, clock, log } = ctx;
  const now = () => new Date(clock()).toISOString();
  const job = await store.getJob(jobId);
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return 'skipped';
  const keys = jobBlobKeys(jobId);
  const finish = async (patch: Omit<JobPatch, 'updatedAt'>, attempt: number) => {
    await store.updateJob(jobId, { ...patch, updatedAt: now() }, { attempts: attempt });
    if (ctx.sourceFrom === 'archive') await blobs.remove(keys.source).catch(() => undefined);
  };
  if (job.attempts >= ctx.maxAttempts) {
    await finish({ status: 'failed', error: job.status === 'running' ? stalledReason(job.attempts) : INTERRUPTED_REASON }, job.attempts);
    log('warn', 'job interrupted too often failed', { jobId, attempts: job.attempts });
    return 'done';
  }
  const site = await store.getSite(job.domain);
  if (!site || site.orgId !== job.orgId) {
    await finish({ status: 'failed', error: `The domain \`${job.domain}\` is no longer registered.` }, job.attempts);
    return 'done';
  }
  const attempt = job.attempts + 1;
  const claimed = await store.updateJob(jobId, { status: 'running', attempts: attempt, progress: 0, pageCount: 0, error: null, updatedAt: now() }, { attempts: job.attempts, status: job.status });
  if (claimed?.attempts !== attempt || claimed.status !== 'running') return 'skipped';
  log('info', 'job started', { jobId, domain: job.domain, deployment: job.deployment, attempt });
  const update = (patch: Omit<JobPatch, 'updatedAt'>) => store.updateJob(jobId, { ...patch, updatedAt: now() }, { attempts: attempt });

  // One folder per attempt: a build orphaned by a killed process cannot write into the rerun's.
  // The build's work folder and the unpacked source sit side by side: a snapshot never copies
  // from inside the build's own folder.
  const jobDir = path.join(ctx.workRoot, `${jobId}-${attempt}`);
  const workDir = path.join(jobDir, 'build');
  await rm(jobDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  let finished = false;
  try {
    const source = ctx.sourceFrom === 'folder' ? site.source : await unpackedSource(ctx, job, jobDir);
    if (source === undefined) {
      await finish({ status: 'failed', error: 'The copy of the docs source taken when the job started is no longer stored; start a new job.' }, attempt);
      return 'done';
    }
    let lastWrite = -Infinity;
    let writing = Promise.resolve();
    const onProgress = (p: ExportProgress) => {
      if (finished || signal.aborted) return;
      const t = clock();
      if (t - lastWrite < ctx.progressIntervalMs) return;
      lastWrite = t;
      const patch = { progress: clampProgress(p.progress), pageCount: Math.max(0, Math.floor(p.pageCount)) };
      writing = writing.then(() => update(patch)).then(
        () => undefined,
        (error: unknown) => log('warn', 'could not record progress', { jobId, error: messageOf(error) }),
      );
    };
    let result: ExportRunResult;
    try {
      result = await ctx.runner({
        source,
        workDir,
        version: jobId,
        // The profile stored with the job, so a rerun builds the same bundle.
        deployment: job.deployment,
        // The signing key, the database and other jobs' bundles are never part of a snapshot,
        // even when an operator keeps the data folder inside a docs source. (An unpacked archive
        // holds only the snapshot taken when the job was created: it lies in the data folder.)
        exclude: ctx.sourceFrom === 'folder' ? ctx.exclude : [],
        timeoutMs: ctx.jobTimeoutMs,
        maxMemoryMb: ctx.jobMemoryMb,
        onProgress,
        signal,
      });
    } catch (error) {
      log('error', 'export runner threw', { jobId, error: messageOf(error) });
      result = { ok: false, reason: UNEXPECTED_REASON };
    }
    finished = true;
    await writing;
    if (closing() && signal.aborted) {
      // Stopped by a graceful shutdown: not the job's fault, so the start does not count.
      await update({ status: 'queued', attempts: job.attempts, progress: 0, pageCount: 0 });
      log('info', 'job put back in the queue', { jobId });
      return 'interrupted';
    }
    if (!result.ok) {
      await finish({ status: 'failed', error: scrubPaths(result.reason, { [workDir]: '<work>', [path.join(jobDir, 'input')]: '<project>', [site.source]: '<project>', ...Object.fromEntries(ctx.exclude.map((d) => [d, '<data>'])) }, 500) }, attempt);
      log('warn', 'job failed', { jobId, reason: result.reason });
      return 'done';
    }
    try {
      const bytes = await blobs.put(keys.bundle, result.bundleFile);
      await blobs.put(keys.searchRecords, result.searchRecordsFile);
      await finish({ status: 'completed', progress: 100, pageCount: result.pageCount, bundleFile: keys.bundle, bundleBytes: bytes, searchRecordsFile: keys.searchRecords }, attempt);
      log('info', 'job completed', { jobId, pageCount: result.pageCount, bytes });
    } catch (error) {
      log('error', 'storing the bundle failed', { jobId, error: messageOf(error) });
      await finish({ status: 'failed', error: UNEXPECTED_REASON }, attempt);
    }
    return 'done';
  } finally {
    finished = true;
    await rm(jobDir, { recursive: true, force: true });
  }
}

/** The snapshot stored for the job, unpacked in the work folder; undefined when it is gone. */
async function unpackedSource(ctx: ExportJobContext, job: ExportJob, jobDir: string): Promise<string | undefined> {
  const archive = path.join(jobDir, 'source.tar.gz');
  try {
    await ctx.blobs.fetchTo(jobBlobKeys(job.jobId).source, archive);
  } catch (error) {
    ctx.log('warn', 'the source snapshot could not be fetched', { jobId: job.jobId, error: messageOf(error) });
    return undefined;
  }
  const dest = path.join(jobDir, 'input');
  await unpackSource(archive, dest, DEFAULT_SNAPSHOT_BYTES);
  await rm(archive, { force: true });
  return dest;
}

const clampProgress = (p: number) => (Number.isFinite(p) ? Math.min(100, Math.max(0, Math.round(p))) : 0);
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
