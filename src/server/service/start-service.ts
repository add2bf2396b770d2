import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import { findExecutable, probeBubblewrap, type SandboxMode } from '../../export/export-sandbox.js';
import { permissionModelProblem } from '../../export/permission-model.js';
import type { ServiceStore } from '../store/open-store.js';
import { expireThreads } from '../assistant/thread-store.js';
import { messageOf } from '../error-text.js';
import { createServiceApp, type ServiceEnv, type ServiceLimits } from './create-service-app.js';
import { childProcessRunner, type ExportRunner } from './export-runner.js';
import type { JobQueue } from './job-queue.js';
import type { Redis } from 'ioredis';
import { closeRedis, connectRedis } from './redis-connection.js';
import { redisJobRateLimiter, redisLimiters } from './redis-limits.js';
import { createRedisJobQueue } from './redis-job-queue.js';
import { openBackends, type BackendOptions } from './service-backends.js';
import { createLinkSigner, loadSigningSecret } from './link-signer.js';
import { mountAssistant, type AssistantSettings } from './mount-assistant.js';
import type { ServiceLog } from './service-log.js';

export interface StartServiceOptions extends Pick<BackendOptions, 'store' | 'queue' | 'bundleStore' | 's3Endpoint' | 's3Region'> {
  /** Holds `sheaf.db`, `signing.key`, `jobs/` and `work/`. */
  readonly dataDir: string;
  /** Starts of one job at most (default 2). */
  readonly maxAttempts?: number;
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** Base of bundle links; default: the origin each request was sent to. */
  readonly publicUrl?: string;
  readonly limits?: Partial<ServiceLimits>;
  /** Reads `SHEAF_SIGNING_SECRET` and the AWS credentials. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly log: ServiceLog;
  /** Default: the build in a child process. */
  readonly runner?: ExportRunner;
  /** Unix milliseconds; default the system clock. */
  readonly clock?: () => number;
  readonly mount?: (app: Hono<ServiceEnv>, store: ServiceStore) => void;
  /** The assistant message endpoint v1; absent: not served. */
  readonly assistant?: AssistantSettings;
  /** The flags the running Node accepts (default `process.allowedNodeEnvironmentFlags`): the default runner needs its permission model. */
  readonly nodeFlags?: ReadonlySet<string>;
  /** How the default runner confines export processes (`sheaf service --sandbox`); default `bwrap`. */
  readonly sandbox?: SandboxMode;
  /** Checks bubblewrap once at start (default `probeBubblewrap`); `undefined` when it works, else why not. */
  readonly probeSandbox?: () => string | undefined;
}

/** The export sandbox the service runs with, as `startService` found it. */
export interface SandboxStatus {
  readonly mode: SandboxMode;
  /** Why `bwrap` cannot run here: every export job then fails with `SANDBOX_UNAVAILABLE`. */
  readonly problem?: string;
  /** Permission mode: whether children are started through `setpriv --pdeathsig KILL`. */
  readonly pdeathsig?: boolean;
}

/** A job's error when the service has no working sandbox (the details are in the operator's start-up message). */
export const SANDBOX_UNAVAILABLE = "Export jobs cannot run on this server: its export sandbox (bubblewrap) is not available. The operator has been told at the service's start.";

export interface RunningService {
  /** `http://host:port` it listens on. */
  readonly url: string;
  readonly port: number;
  readonly store: ServiceStore;
  readonly queue: JobQueue;
  /** The sandbox of the default runner (absent with a runner of the caller's). */
  readonly sandbox?: SandboxStatus;
  /** Stops accepting requests, puts running jobs back in the queue, closes the store. */
  close(): Promise<void>;
}

/**
 * Opens the store in `dataDir`, starts the job queue and listens on `host:port`. Throws (in plain
 * words) when this Node cannot run the default export runner.
 */
export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const { runner, sandbox } = exportRunner(options);
  const dataDir = path.resolve(options.dataDir);
  const clock = options.clock ?? Date.now;
  const backends = await openBackends({ ...options, dataDir });
  const { store, blobs, redis } = backends;
  let queue: JobQueue | undefined;
  let limits: Redis | undefined;
  try {
    // The shared limits have their own connection: a request waits on them, never on the queue's retries.
    limits = redis && options.queue ? await connectRedis(options.queue, options.log, { failFast: true }) : undefined;
    if (!redis && store.kind === 'postgres') {
      options.log('warn', 'jobs run in this process with a shared store: run one such instance, or give every instance --queue', { store: store.description });
    }
    const signer = createLinkSigner(loadSigningSecret(dataDir, options.env));
    const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
    if (redis) {
      queue = createRedisJobQueue({ redis, store, blobs, dataDir, clock, log: options.log });
      options.log('info', 'export jobs go to the queue; sheaf worker runs them', {});
    }
    const service = createServiceApp({
      store,
      blobs,
      ...(queue ? { queue } : {}),
      ...(limits ? { jobRateLimiter: redisJobRateLimiter(limits) } : {}),
      ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
      clock,
      signer,
      runner,
      dataDir,
      log: options.log,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      mount: (app: Hono<ServiceEnv>) => {
        if (options.assistant) mountAssistant(app, { store, blobs, dataDir, clock, log: options.log, settings: options.assistant, ...(limits ? { limiters: redisLimiters(limits) } : {}) });
        options.mount?.(app, store);
      },
    });
    queue = service.queue;
    const server = createAdaptorServer({
      fetch: service.app.fetch,
      hostname: options.host,
      // Keep Node's own Request/Response: by default @hono/node-server swaps the process's
      // globals for its own classes, whose instances break other code (shiki's WebAssembly).
      overrideGlobalObjects: false,
    }) as Server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    const stopExpiry = options.assistant ? expireThreadsHourly(store, clock, options.assistant.retentionDays ?? 30, options.log) : () => undefined;
    let closed: Promise<void> | undefined;
    return {
      url: `http://${hostForUrl}:${port}`,
      port,
      store,
      queue: service.queue,
      ...(sandbox ? { sandbox } : {}),
      close: () =>
        (closed ??= (async () => {
          stopExpiry();
          const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          await service.queue.close();
          await stopped;
          if (limits) await closeRedis(limits);
          await backends.close();
        })()),
    };
  } catch (error) {
    await queue?.close();
    limits?.disconnect();
    await backends.close();
    throw error;
  }
}

/**
 * The assistant's retention: threads idle for `days` go, now and every hour (a failure is logged
 * and tried again at the next hour). Returns the stop.
 */
function expireThreadsHourly(store: ServiceStore, clock: () => number, days: number, log: ServiceLog): () => void {
  const sweep = () =>
    expireThreads(store.db, clock() - days * 86_400_000).then(
      (n) => n > 0 && log('info', 'assistant threads expired', { threads: n, retentionDays: days }),
      (error: unknown) => log('warn', 'could not expire assistant threads', { error: messageOf(error) }),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The runner of export builds, for `sheaf service` and `sheaf worker` alike: the caller's own, or
 * the child process in the chosen sandbox, probed once now (without a working one, every job is
 * refused and the operator is told). Throws, in plain words, when this Node cannot run the
 * default runner: refused at start rather than at the first job.
 */
export function exportRunner(options: Pick<StartServiceOptions, 'runner' | 'nodeFlags' | 'sandbox' | 'probeSandbox' | 'log'>): { readonly runner: ExportRunner; readonly sandbox?: SandboxStatus } {
  if (options.runner !== undefined && options.runner !== childProcessRunner) return { runner: options.runner };
  const sandboxProblem = permissionModelProblem(options.nodeFlags);
  if (sandboxProblem) throw new Error(sandboxProblem);
  const sandbox = sandboxStatus(options);
  if (sandbox.problem) options.log('error', 'export sandbox unavailable: export jobs are refused', { sandbox: sandbox.mode, problem: sandbox.problem });
  return { runner: sandboxedRunner(sandbox), sandbox };
}

/** Probes the sandbox once: bubblewrap must be able to run here, unless the operator chose `permission`. */
function sandboxStatus(options: Pick<StartServiceOptions, 'sandbox' | 'probeSandbox'>): SandboxStatus {
  const mode = options.sandbox ?? 'bwrap';
  if (mode === 'permission') return { mode, pdeathsig: findExecutable('setpriv') !== undefined };
  const problem = (options.probeSandbox ?? probeBubblewrap)();
  return problem ? { mode, problem } : { mode };
}

/** The child-process runner in the chosen sandbox; without a working one, a runner that refuses every job. */
function sandboxedRunner(sandbox: SandboxStatus): ExportRunner {
  if (sandbox.problem) return async () => ({ ok: false, reason: SANDBOX_UNAVAILABLE });
  return (request) => childProcessRunner({ ...request, sandbox: sandbox.mode });
}
