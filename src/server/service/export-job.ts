import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { scrubPaths } from '../../export/scrub-paths.js';
import { DEFAULT_SNAPSHOT_BYTES } from '../../export/snapshot-source.js';
import type { ExportJob, SiteAssistant } from '../../model/service.js';
import type { JobPatch, ServiceStore } from '../store/open-store.js';
import { jobBlobKeys, type BlobStore } from './blob-store.js';
import type { ExportProgress, ExportRunner, ExportRunResult } from './export-runner.js';
import type { ServiceLog } from './service-log.js';
import { unpackSource } from './source-archive.js';
import { messageOf } from '../error-text.js';

export const INTERRUPTED_REASON = 'The export was interrupted by a service restart.';
export const UNEXPECTED_REASON = 'The export failed unexpectedly; try again or contact the operator.';
export const stalledReason = (attempts: number) =>
  `The export was interrupted ${attempts === 1 ? 'once' : `${attempts} times`} (the worker running it stopped); start a new job.`;

/** What a runner of jobs is given (the service's own queue, `sheaf worker`); absent limits take the defaults. */
export interface JobRunOptions {
  readonly store: ServiceStore;
  readonly blobs: BlobStore;
  readonly runner: ExportRunner;
  /** Milliseconds since the Unix epoch. */
  readonly clock: () => number;
  /** Per build, in milliseconds (default 10 minutes). */
  readonly jobTimeoutMs?: number;
  /** Per build, in megabytes (default 2048). */
  readonly jobMemoryMb?: number;
  /** Starts of one job at most; a job interrupted more often fails with the reason (default 2). */
  readonly maxAttempts?: number;
  /** Least time between two progress writes of a job, in milliseconds (default 500). */
  readonly progressIntervalMs?: number;
  readonly log: ServiceLog;
}

/** The context of `runExportJob`: the options with their defaults, and where the job's files are. */
export function exportJobContext(options: JobRunOptions, place: Pick<ExportJobContext, 'workRoot' | 'sourceFrom' | 'exclude'>): ExportJobContext {
  return {
    store: options.store,
    blobs: options.blobs,
    runner: options.runner,
    ...place,
    clock: options.clock,
    jobTimeoutMs: options.jobTimeoutMs ?? 600_000,
    jobMemoryMb: options.jobMemoryMb ?? 2048,
    maxAttempts: options.maxAttempts ?? 2,
    progressIntervalMs: options.progressIntervalMs ?? 500,
    log: options.log,
  };
}

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
 * How a run ended: `done` (completed or failed, recorded), `skipped` (nothing to run: finished,
 * or taken by another), `interrupted` (stopped by a shutdown: the job is `queued` again and this
 * start does not count), `unknown` (no such job in the store).
 */
export type JobOutcome = 'done' | 'skipped' | 'interrupted' | 'unknown';

/**
 * Runs one job: claims it in the store (its attempt number goes up by one, and every later write
 * is made only while that attempt is the job's), builds the bundle through the runner with live
 * progress, and stores the bundle, search records and page texts in the blob store. A `running` job is one
 * whose worker died (the queue handed it over): it runs again while below `maxAttempts`, else it
 * fails with the reason. `closing` tells an abort by shutdown from other ends.
 */
export async function runExportJob(ctx: ExportJobContext, jobId: string, signal: AbortSignal, closing: () => boolean): Promise<JobOutcome> {
  const { store, blobs, clock, log } = ctx;
  const now = () => new Date(clock()).toISOString();
  const job = await store.getJob(jobId);
  if (!job) {
    // A worker on another store than the service's, or a queue shared by two deployments.
    log('error', 'job not in the store: is this worker on the same --store as the service?', { jobId });
    return 'unknown';
  }
  if (job.status !== 'queued' && job.status !== 'running') return 'skipped';
  const keys = jobBlobKeys(jobId);
  /** Ends the job while `attempt` is still its own; the source snapshot goes only then. */
  const finish = async (patch: Omit<JobPatch, 'updatedAt'>, attempt: number) => {
    const applied = await store.changeJob(jobId, { ...patch, updatedAt: now() }, { attempts: attempt, status: ['queued', 'running'] });
    if (applied && ctx.sourceFrom === 'archive') await blobs.remove(keys.source).catch(() => undefined);
    return applied;
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
  // One statement decides between two runners that read the job at once: one claims it.
  const claimed = await store.changeJob(jobId, { status: 'running', attempts: attempt, progress: 0, pageCount: 0, error: null, updatedAt: now() }, { attempts: job.attempts, status: [job.status] });
  if (!claimed) return 'skipped';
  log('info', 'job started', { jobId, domain: job.domain, deployment: job.deployment, attempt });
  const update = (patch: Omit<JobPatch, 'updatedAt'>) => store.changeJob(jobId, { ...patch, updatedAt: now() }, { attempts: attempt, status: ['running'] });
  try {
    return await runClaimed(ctx, { job, siteSource: site.source, ...(site.assistant ? { siteAssistant: site.assistant } : {}), attempt, signal, closing, finish, update });
  } catch (error) {
    // Never leave a claimed job running: it fails with a reason, while this attempt is its own.
    log('error', 'job crashed', { jobId, error: messageOf(error) });
    await finish({ status: 'failed', error: UNEXPECTED_REASON }, attempt).catch(() => undefined);
    return 'done';
  }
}

/** A job this runner has claimed as `attempt`, and how it records what happens. */
interface ClaimedJob {
  readonly job: ExportJob;
  /** The site's folder on this machine (read only when `sourceFrom` is `folder`). */
  readonly siteSource: string;
  /** The site's public assistant key now (a key rotated since the job was created is not put in). */
  readonly siteAssistant?: SiteAssistant;
  readonly attempt: number;
  readonly signal: AbortSignal;
  readonly closing: () => boolean;
  readonly finish: (patch: Omit<JobPatch, 'updatedAt'>, attempt: number) => Promise<boolean>;
  readonly update: (patch: Omit<JobPatch, 'updatedAt'>) => Promise<boolean>;
}

/** The build of a claimed job: its source, the runner with live progress, the stored results. */
async function runClaimed(ctx: ExportJobContext, claimed: ClaimedJob): Promise<JobOutcome> {
  const { blobs, clock, log } = ctx;
  const { job, siteSource, siteAssistant, attempt, signal, closing, finish, update } = claimed;
  // The panel when the job was made for one and the site still has its public key.
  const assistant = job.assistantEndpoint !== undefined && siteAssistant ? { endpoint: job.assistantEndpoint, key: siteAssistant.key } : undefined;
  const jobId = job.jobId;
  const keys = jobBlobKeys(jobId);

  // One folder per attempt: a build orphaned by a killed process cannot write into the rerun's.
  // The build's work folder and the unpacked source sit side by side: a snapshot never copies
  // from inside the build's own folder.
  const jobDir = path.join(ctx.workRoot, `${jobId}-${attempt}`);
  const workDir = path.join(jobDir, 'build');
  await rm(jobDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  let finished = false;
  try {
    const source = ctx.sourceFrom === 'folder' ? siteSource : await unpackedSource(ctx, job, jobDir);
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
      // Stopped while the work folder or the source was prepared: the build does not start.
      result = signal.aborted ? { ok: false, reason: 'stopped before the build started' } : await ctx.runner({
        source,
        workDir,
        // The label the job was started with, else its id.
        version: job.version ?? jobId,
        // The profile and pages stored with the job, so a rerun builds the same bundle. Links to
        // pages left out lead to them on the site's domain.
        deployment: job.deployment,
        // (An air-gapped bundle, or a domain that is no host name, sends them to the export's home page.)
        ...(job.paths ? { pages: { paths: job.paths, ...(job.deployment !== 'air-gapped' && job.domain.includes('.') ? { liveUrl: `https://${job.domain}` } : {}) } } : {}),
        ...(assistant ? { assistant } : {}),
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
      await finish({ status: 'failed', error: scrubPaths(result.reason, { [workDir]: '<work>', [path.join(jobDir, 'input')]: '<project>', [siteSource]: '<project>', ...Object.fromEntries(ctx.exclude.map((d) => [d, '<data>'])) }, 500) }, attempt);
      log('warn', 'job failed', { jobId, reason: result.reason });
      return 'done';
    }
    try {
      const bytes = await blobs.put(keys.bundle, result.bundleFile);
      await blobs.put(keys.searchRecords, result.searchRecordsFile);
      // Found by its key (jobBlobKeys) beside the records: stored before the job completes.
      if (result.pageTextsFile !== undefined) await blobs.put(keys.pageTexts, result.pageTextsFile);
      await finish(
        {
          status: 'completed',
          progress: 100,
          pageCount: result.pageCount,
          bundleFile: keys.bundle,
          bundleBytes: bytes,
          searchRecordsFile: keys.searchRecords,
          ...(assistant && siteAssistant ? { assistantKeyId: siteAssistant.keyId } : {}),
        },
        attempt,
      );
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
