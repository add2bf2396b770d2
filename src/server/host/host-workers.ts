import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { WORKER_SETTINGS_ENV, type PrimaryMessage, type WorkerMessage, type WorkerSettings } from './worker-messages.js';

/** The compiled worker entry beside this module (dist/server/host/host-worker.js); tests of the TypeScript sources pass dist's. */
const WORKER_ENTRY = fileURLToPath(new URL('./host-worker.js', import.meta.url));

/** A version to serve: its name and unpacked folder. */
export interface VersionToServe {
  readonly version: string;
  readonly dir: string;
}

/** The serving processes of `sheaf host --workers N`, started and told which version to serve. */
export interface ServingWorkers {
  /** The port they share (the one asked for, or the one picked for port 0). */
  readonly port: number;
  /** Has every worker load and serve the version; resolves once each says it does, rejects with the first failure. */
  serve(version: VersionToServe): Promise<void>;
  close(): Promise<void>;
}

/** A worker failed to start serving: its message, and the error code (`EADDRINUSE`…) when there is one. */
export class WorkerFailure extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Resolves once the worker listens for messages (a message sent earlier could be lost). */
function ready(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message?.type !== 'ready') return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => {
      worker.off('message', onMessage);
      reject(new WorkerFailure(`A serving worker stopped while starting (exit code ${code ?? 'none'}).`));
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

/** Starts serving `version` on a new worker: waits until it is ready, names the version, waits for its answer. */
async function begin(worker: Worker, version: VersionToServe): Promise<void> {
  await ready(worker);
  worker.send({ type: 'serve', ...version } satisfies PrimaryMessage);
  await answer(worker);
}

/** Waits for the worker's answer to a `serve` message. */
function answer(worker: Worker): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message?.type !== 'serving' && message?.type !== 'failed') return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (message.type === 'serving') resolve(message.version);
      else reject(new WorkerFailure(message.message, message.code));
    };
    const onExit = (code: number | null) => {
      worker.off('message', onMessage);
      reject(new WorkerFailure(`A serving worker stopped (exit code ${code ?? 'none'}).`));
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

/**
 * Starts `count` worker processes (node:cluster, the operating system spreading connections among
 * them), each serving `first`. A worker that dies is replaced and given the current version.
 * Resolves once every worker serves; on a failure the workers are stopped and it rejects.
 */
export async function startWorkers(count: number, settings: WorkerSettings, first: VersionToServe, log: (line: string) => void, entry = WORKER_ENTRY): Promise<ServingWorkers> {
  // Each worker accepts on the shared socket itself: no hand-off through this process.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: entry, args: [] });
  let current = first;
  let closing = false;
  let port = settings.port;
  const workers = new Set<Worker>();

  const fork = (): Worker => {
    // Port 0 stays 0 for every worker: node:cluster gives all of them the one port picked for the first.
    const worker = cluster.fork({ [WORKER_SETTINGS_ENV]: JSON.stringify(settings) });
    workers.add(worker);
    worker.once('listening', (address) => {
      if (port === 0) port = address.port;
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      if (closing) return;
      log(`sheaf host: a serving worker stopped (${signal ?? `exit code ${code}`}); starting another`);
      begin(fork(), current).catch((error: unknown) => log(`sheaf host: the new worker could not serve: ${(error as Error).message}`));
    });
    return worker;
  };

  const stop = async (): Promise<void> => {
    closing = true;
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const timer = setTimeout(() => worker.kill('SIGKILL'), 10_000);
            worker.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            worker.disconnect();
          }),
      ),
    );
  };

  try {
    // The first worker binds the port; the others then share it.
    await begin(fork(), first);
    await Promise.all(Array.from({ length: count - 1 }, () => begin(fork(), first)));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    get port() {
      return port;
    },
    async serve(version) {
      current = version;
      await Promise.all(
        [...workers].map((worker) => {
          worker.send({ type: 'serve', ...version } satisfies PrimaryMessage);
          return answer(worker);
        }),
      );
    },
    close: stop,
  };
}
