import { randomBytes } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { ExportJob, Organization } from '../../model/service.js';
import type { ServiceStore } from '../store/open-store.js';
import { keyKindOf } from '../store/api-key.js';
import type { BlobStore } from './blob-store.js';
import { limitBody } from './body-limit.js';
import { downloadResponse } from './bundle-download.js';
import type { ExportRunner } from './export-runner.js';
import { createJobQueue, type JobQueue } from './job-queue.js';
import { storeJobRateLimiter, type JobRateLimiter } from './job-rate-limit.js';
import { healthRoutes } from './health.js';
import { localBlobStore } from './local-blob-store.js';
import { DEFAULT_LINK_TTL_SECONDS, EXPIRES_PARAM, MAX_LINK_TTL_SECONDS, SIGNATURE_PARAM, type LinkSigner } from './link-signer.js';
import { readJsonBody } from './read-json-body.js';
import { errorResponse } from './service-error.js';
import { silentLog, type ServiceLog } from './service-log.js';
import { serviceOpenApiDocument } from './service-openapi.js';
import { StartJobBody, startJobProblem } from './start-job-request.js';
import { trimTrailing } from '../../text/linear-text.js';

export interface ServiceLimits {
  /** Largest request body, in bytes. */
  readonly bodyBytes: number;
  /** Jobs one organization may start per `rateWindowSeconds`. */
  readonly jobsPerWindow: number;
  /** In seconds. */
  readonly rateWindowSeconds: number;
  /** Lifetime of a download link, in seconds (1 to 604800). */
  readonly linkTtlSeconds: number;
  /** Builds running at once. */
  readonly concurrency: number;
  /** Per build, in milliseconds. */
  readonly jobTimeoutMs: number;
  /** Per build, in megabytes. */
  readonly jobMemoryMb: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  bodyBytes: 16 * 1024,
  jobsPerWindow: 60,
  rateWindowSeconds: 3600,
  linkTtlSeconds: DEFAULT_LINK_TTL_SECONDS,
  concurrency: 1,
  jobTimeoutMs: 10 * 60 * 1000,
  jobMemoryMb: 2048,
};

export interface ServiceDeps {
  readonly store: ServiceStore;
  /** Unix milliseconds. */
  readonly clock: () => number;
  readonly signer: LinkSigner;
  readonly runner: ExportRunner;
  readonly limits?: Partial<ServiceLimits>;
  /** Holds `work/` (scratch) and, unless `blobs` says otherwise, `jobs/<jobId>/` (bundles). */
  readonly dataDir: string;
  /** Where bundles and search records go; default the data folder. */
  readonly blobs?: BlobStore;
  /** Where jobs run; default this process (`createJobQueue`). */
  readonly queue?: JobQueue;
  /** The job-start limit; default counted from the store. */
  readonly jobRateLimiter?: JobRateLimiter;
  /** Starts of one job at most (default 2). */
  readonly maxAttempts?: number;
  /** Base of bundle links (`https://export.example.com`); default: the origin of the request. */
  readonly publicUrl?: string;
  readonly log?: ServiceLog;
  /** Adds more routes (the assistant endpoint) to the same app, sharing its error handling. */
  readonly mount?: (app: Hono<ServiceEnv>) => void;
  /** Job ids; default 8 random bytes. Tests pass a fixed sequence. */
  readonly newJobId?: () => string;
}

export interface ServiceEnv {
  Variables: { org: Organization };
}

export interface ServiceApp {
  readonly app: Hono<ServiceEnv>;
  readonly queue: JobQueue;
}

export const JOB_ID = /^se_[0-9a-f]{16}$/;
const bundlePath = (jobId: string) => `/v1/static-export/bundles/${jobId}/bundle.tar.gz`;

const BundleBody = z.strictObject({});

/** Validates limits once, at construction: a bad value is the operator's error, said plainly. */
export function resolveLimits(partial: Partial<ServiceLimits> = {}): ServiceLimits {
  const limits = { ...DEFAULT_LIMITS, ...partial };
  const positive = (name: keyof ServiceLimits) => {
    if (!Number.isInteger(limits[name]) || limits[name] < 1) throw new RangeError(`Service limit ${name} must be a positive integer, got ${limits[name]}`);
  };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ServiceLimits)[]) positive(key);
  if (limits.linkTtlSeconds > MAX_LINK_TTL_SECONDS) throw new RangeError(`Service limit linkTtlSeconds must be at most ${MAX_LINK_TTL_SECONDS} (7 days), got ${limits.linkTtlSeconds}`);
  return limits;
}

/** What the status endpoint shows of a job: no organization, attempts or file paths. */
export function publicJob(job: ExportJob) {
  return {
    jobId: job.jobId,
    domain: job.domain,
    deployment: job.deployment,
    ...(job.version !== undefined ? { version: job.version } : {}),
    ...(job.paths !== undefined ? { paths: job.paths } : {}),
    status: job.status,
    progress: job.progress,
    pageCount: job.pageCount,
    ...(job.error !== undefined ? { error: job.error } : {}),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/**
 * The static-export job API as a Hono app, and the job queue behind it (already recovering and
 * running jobs). No globals: everything comes through `deps`. The caller serves `app.fetch` and
 * closes the queue on shutdown.
 */
export function createServiceApp(deps: ServiceDeps): ServiceApp {
  const { store, clock, signer } = deps;
  const limits = resolveLimits(deps.limits);
  const log = deps.log ?? silentLog;
  const newJobId = deps.newJobId ?? (() => `se_${randomBytes(8).toString('hex')}`);
  const blobs = deps.blobs ?? localBlobStore(deps.dataDir);
  const jobRate = deps.jobRateLimiter ?? storeJobRateLimiter(store);
  const queue =
    deps.queue ??
    createJobQueue({
      store,
      blobs,
      runner: deps.runner,
      dataDir: deps.dataDir,
      clock,
      concurrency: limits.concurrency,
      jobTimeoutMs: limits.jobTimeoutMs,
      jobMemoryMb: limits.jobMemoryMb,
      ...(deps.maxAttempts !== undefined ? { maxAttempts: deps.maxAttempts } : {}),
      log,
    });
  const app = new Hono<ServiceEnv>();

  app.use('*', async (c, next) => {
    const started = clock();
    await next();
    // The path only: the query of a bundle link holds its signature, and headers are never logged.
    log('info', 'request', { method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status, ms: clock() - started });
  });
  app.onError((error, c) => {
    log('error', 'unhandled error', { method: c.req.method, path: new URL(c.req.url).pathname, error: error.message, stack: error.stack });
    return errorResponse(c, 'internal', 'The service failed to handle the request; try again later.');
  });
  app.notFound((c) => errorResponse(c, 'not-found', `No endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`));

  const bodyLimit = limitBody(limits.bodyBytes, (c) => errorResponse(c, 'payload-too-large', `The body is larger than ${limits.bodyBytes} bytes.`));

  /** Admin key of an Enterprise organization, else 401/403 with the reason. */
  const requireAdmin: MiddlewareHandler<ServiceEnv> = async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '') {
      return errorResponse(c, 'missing-api-key', 'Send an admin API key: `Authorization: Bearer svc_…`.', { 'WWW-Authenticate': 'Bearer' });
    }
    const m = /^Bearer +([A-Za-z0-9_-]{1,200})$/i.exec(header.trim());
    const key = m?.[1];
    const record = key !== undefined && keyKindOf(key) !== undefined ? await store.findApiKey(key) : undefined;
    if (!record) {
      return errorResponse(c, 'invalid-api-key', 'The API key is malformed or unknown.', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    }
    if (record.kind !== 'admin') {
      return errorResponse(c, 'admin-key-required', 'This is an assistant key (`svc_dsc_…`); the static export API needs an admin key (`svc_…`).');
    }
    const org = await store.getOrganization(record.orgId);
    if (!org) return errorResponse(c, 'invalid-api-key', 'The API key is malformed or unknown.', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    if (org.plan !== 'enterprise') {
      return errorResponse(c, 'plan-required', `Static export requires the Enterprise plan; organization \`${org.id}\` is on the ${org.plan} plan.`);
    }
    c.set('org', org);
    await next();
  };

  /** The job of the caller's organization named in the path, or the error response. */
  const ownJob = async (c: Context<ServiceEnv>): Promise<ExportJob | Response> => {
    const jobId = c.req.param('jobId') ?? '';
    if (!JOB_ID.test(jobId)) return errorResponse(c, 'invalid-job-id', `No job \`${jobId.slice(0, 80)}\`: a job id is \`se_\` followed by 16 hexadecimal digits.`);
    const job = await store.getJob(jobId);
    // Another organization's job is reported exactly like a missing one.
    if (!job || job.orgId !== c.get('org').id) return errorResponse(c, 'job-not-found', `No job \`${jobId}\` in your organization.`);
    return job;
  };

  app.route('/', healthRoutes([{ name: 'store', check: () => store.ping() }, { name: 'queue', check: () => queue.ping() }, { name: 'bundle store', check: () => blobs.ping() }], clock, log));
  app.get('/openapi.json', (c) => c.json(serviceOpenApiDocument(deps.publicUrl ?? new URL(c.req.url).origin)));

  app.post('/v1/static-export/jobs', requireAdmin, bodyLimit, async (c) => {
    const body = await readJsonBody(c, StartJobBody);
    if (!body.ok) return body.response;
    const problem = startJobProblem(body.value);
    if (problem !== undefined) return errorResponse(c, 'invalid-body', problem);
    const org = c.get('org');
    const site = await store.getSite(body.value.domain);
    if (!site || site.orgId !== org.id) return errorResponse(c, 'domain-not-found', `No site \`${body.value.domain}\` in your organization.`);
    const now = clock();
    const policy = { limit: limits.jobsPerWindow, windowSeconds: limits.rateWindowSeconds };
    const rate = await jobRate.take(org.id, policy, now);
    const policyHeader = { 'RateLimit-Policy': `${policy.limit};w=${policy.windowSeconds}` };
    if (!rate.allowed) {
      return errorResponse(c, 'rate-limited', `Too many export jobs: at most ${policy.limit} per ${policy.windowSeconds} seconds per organization; retry in ${rate.retryAfterSeconds} seconds.`, {
        ...policyHeader,
        'Retry-After': String(rate.retryAfterSeconds),
      });
    }
    const at = new Date(now).toISOString();
    const { version, paths } = body.value;
    // A site with a public assistant key: the bundle's Ask AI panel asks this service (never air-gapped).
    const assistantEndpoint =
      site.assistant && body.value.deployment !== 'air-gapped'
        ? `${trimTrailing(deps.publicUrl ?? new URL(c.req.url).origin, '/')}/discovery/v2/assistant/${encodeURIComponent(site.domain)}/message`
        : undefined;
    const job: ExportJob = {
      jobId: newJobId(),
      orgId: org.id,
      domain: site.domain,
      deployment: body.value.deployment,
      ...(version !== undefined ? { version } : {}),
      ...(paths !== undefined ? { paths } : {}),
      ...(assistantEndpoint !== undefined ? { assistantEndpoint } : {}),
      status: 'queued',
      progress: 0,
      pageCount: 0,
      createdAt: at,
      updatedAt: at,
      attempts: 0,
    };
    await store.insertJob(job);
    queue.enqueue(job.jobId);
    log('info', 'job queued', { jobId: job.jobId, orgId: org.id, domain: site.domain, deployment: job.deployment, ...(version !== undefined ? { version } : {}), ...(paths !== undefined ? { paths: paths.length } : {}) });
    return c.json(publicJob(job), 202, { ...policyHeader, Location: `/v1/static-export/jobs/${job.jobId}` });
  });

  app.get('/v1/static-export/jobs/:jobId', requireAdmin, async (c) => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    return c.json(publicJob(job));
  });

  app.post('/v1/static-export/jobs/:jobId/bundle', requireAdmin, bodyLimit, async (c) => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    const body = await readJsonBody(c, BundleBody, true);
    if (!body.ok) return body.response;
    if (job.status !== 'completed' || job.bundleFile === undefined) {
      const why = job.status === 'failed' ? `failed (${job.error ?? 'no reason recorded'}); start a new job` : `${job.status}; poll its status until it is completed`;
      return errorResponse(c, 'job-not-completed', `Job \`${job.jobId}\` is ${why}.`);
    }
    const size = await blobs.size(job.bundleFile);
    if (size === undefined) return errorResponse(c, 'bundle-not-found', `The bundle of job \`${job.jobId}\` is no longer stored; start a new job.`);
    const expires = Math.floor(clock() / 1000) + limits.linkTtlSeconds;
    if (blobs.presign) {
      // An object store: its own presigned link, which expires with the same lifetime.
      const bundleUrl = await blobs.presign(job.bundleFile, limits.linkTtlSeconds, `${job.domain}-${job.jobId}.tar.gz`);
      return c.json({ jobId: job.jobId, bundleUrl, expiresAt: new Date(expires * 1000).toISOString(), sizeBytes: size });
    }
    const pathname = bundlePath(job.jobId);
    const query = new URLSearchParams({ [EXPIRES_PARAM]: String(expires), [SIGNATURE_PARAM]: signer.sign('GET', pathname, expires) });
    const base = trimTrailing(deps.publicUrl ?? new URL(c.req.url).origin, '/');
    return c.json({ jobId: job.jobId, bundleUrl: `${base}${pathname}?${query}`, expiresAt: new Date(expires * 1000).toISOString(), sizeBytes: size });
  });

  // The link is the credential: no Authorization header, the signature and expiry are checked.
  app.get('/v1/static-export/bundles/:jobId/bundle.tar.gz', async (c) => {
    const url = new URL(c.req.url);
    const verdict = signer.verify('GET', url.pathname, url.searchParams.get(EXPIRES_PARAM) ?? undefined, url.searchParams.get(SIGNATURE_PARAM) ?? undefined, Math.floor(clock() / 1000));
    if (verdict === 'invalid') return errorResponse(c, 'link-invalid', 'The bundle link is not valid: its signature does not match. Use the bundleUrl exactly as the bundle endpoint returned it.');
    if (verdict === 'expired') {
      const at = new Date(Number(url.searchParams.get(EXPIRES_PARAM)) * 1000).toISOString();
      return errorResponse(c, 'link-expired', `The bundle link expired at ${at}; request a new one with POST /v1/static-export/jobs/{jobId}/bundle.`);
    }
    const jobId = c.req.param('jobId');
    const job = JOB_ID.test(jobId) ? await store.getJob(jobId) : undefined;
    const file = job?.bundleFile !== undefined && blobs.localPath ? blobs.localPath(job.bundleFile) : undefined;
    const size = job?.bundleFile !== undefined && file !== undefined ? await blobs.size(job.bundleFile) : undefined;
    if (!job || file === undefined || size === undefined) return errorResponse(c, 'bundle-not-found', 'The bundle is no longer stored; start a new job.');
    return downloadResponse(c, { file, size, etag: `"${job.jobId}-${size.toString(16)}"`, contentType: 'application/gzip', filename: `${job.domain}-${job.jobId}.tar.gz` });
  });

  deps.mount?.(app);
  return { app, queue };
}
