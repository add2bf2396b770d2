import path from 'node:path';
import type { SandboxMode } from '../../export/export-sandbox.js';
import type { ExportRunner } from './export-runner.js';
import { startExportWorker, type ExportWorker } from './export-worker.js';
import { QueueUnavailableError } from './redis-connection.js';
import { openBackends, type BackendOptions } from './service-backends.js';
import { exportRunner, type SandboxStatus } from './start-service.js';

export interface StartWorkerOptions extends BackendOptions {
  readonly concurrency?: number;
  readonly maxAttempts?: number;
  /** Lock duration and stall check interval, in milliseconds. */
  readonly stallMs?: number;
  readonly jobTimeoutMs?: number;
  readonly jobMemoryMb?: number;
  readonly sandbox?: SandboxMode;
  readonly probeSandbox?: () => string | undefined;
  /** Default: the build in a sandboxed child process. */
  readonly runner?: ExportRunner;
  readonly nodeFlags?: ReadonlySet<string>;
  readonly clock?: () => number;
}

export interface RunningWorker {
  readonly worker: ExportWorker;
  readonly sandbox?: SandboxStatus;
  /** Where it takes its jobs from, its store and bundle store, as messages name them. */
  readonly description: { readonly store: string; readonly bundles: string };
  close(): Promise<void>;
}

/** `sheaf worker`: opens the shared store, queue and bundle store, then takes jobs until closed. */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  if (!options.queue) throw new QueueUnavailableError('sheaf worker needs the queue: pass --queue redis://HOST:PORT (or set SHEAF_QUEUE_URL), the same as the service’s.');
  const { runner, sandbox } = exportRunner(options);
  const dataDir = path.resolve(options.dataDir);
  const backends = await openBackends({ ...options, dataDir });
  try {
    const worker = await startExportWorker({
      redis: backends.redis as NonNullable<typeof backends.redis>,
      store: backends.store,
      blobs: backends.blobs,
      runner,
      dataDir,
      clock: options.clock ?? Date.now,
      log: options.log,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.stallMs !== undefined ? { stallMs: options.stallMs } : {}),
      ...(options.jobTimeoutMs !== undefined ? { jobTimeoutMs: options.jobTimeoutMs } : {}),
      ...(options.jobMemoryMb !== undefined ? { jobMemoryMb: options.jobMemoryMb } : {}),
    });
    let closed: Promise<void> | undefined;
    return {
      worker,
      ...(sandbox ? { sandbox } : {}),
      description: { store: backends.store.description, bundles: backends.blobs.description },
      close: () =>
        (closed ??= (async () => {
          await worker.close();
          await backends.close();
        })()),
    };
  } catch (error) {
    await backends.close();
    throw error;
  }
}
