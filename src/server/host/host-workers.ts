import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { WORKER_SETTINGS_ENV, type PrimaryMessage, type WorkerMessage, type WorkerSettings } from './worker-messages.js';

/** The compiled worker entry beside this module (dist/server/host/host-worker.js); tests of the TypeScript sources pass dist's. */
const WORKER_ENTRY = fileURLToPath(new URL('./host-worker.js', import.meta.url));

/** Time a worker has to load a version and say so, in milliseconds. */
const ANSWER_MS = 120_000;

/** A worker that dies sooner than this after its start is replaced after a growing pause (1 s, doubling, at most 30 s). */
const EARLY_DEATH_MS = 10_000;

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

export interface WorkerOptions {
  /** The worker entry module; default the compiled one beside this module. */
  readonly entry?: string;
  /** Values of the environment no worker gets (the bundle link, which a worker never needs). */
  readonly hiddenValues?: readonly string[];
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

/** One worker and the promise of its `ready` message (a message sent before it could be lost). */
interface Slot {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  readonly started: number;
}

/** Waits for one message of the worker matching `pick` (which returns true to resolve, an error to reject, undefined to wait on). */
function awaitMessage(worker: Worker, pick: (message: WorkerMessage) => true | Error | undefined, what: string, timeoutMs?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (timer) clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: WorkerMessage) => {
      const picked = pick(message);
      if (picked === true) done();
      else if (picked) done(picked);
    };
    const onExit = (code: number | null, signal: string | null) => done(new WorkerFailure(`A serving worker stopped while ${what} (${signal ?? `exit code ${code ?? 'none'}`}).`));
    const timer = timeoutMs ? setTimeout(() => done(new WorkerFailure(`A serving worker did not finish ${what} in ${timeoutMs / 1000} s.`)), timeoutMs) : undefined;
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

/** Sends to a worker; a channel that closed meanwhile is not an error here (its exit is handled). */
const tell = (worker: Worker, message: PrimaryMessage) => {
  if (worker.isConnected()) worker.send(message, () => undefined);
};

/** Names a version to a ready worker and waits for its answer about that version (an answer about an earlier one is not it). */
async function serveOn(slot: Slot, version: () => VersionToServe): Promise<void> {
  await slot.ready;
  const wanted = version();
  const answered = awaitMessage(
    slot.worker,
    (m) => (m?.type === 'serving' && m.version === wanted.version ? true : m?.type === 'failed' && m.version === wanted.version ? new WorkerFailure(m.message, m.code) : undefined),
    `switching to version ${wanted.version}`,
    ANSWER_MS,
  );
  tell(slot.worker, { type: 'serve', ...wanted });
  await answered;
}

/**
 * Starts `count` worker processes (node:cluster, the operating system spreading connections among
 * them), each serving `first`. A worker that dies is replaced and given the current version (after
 * a growing pause when workers keep dying at start). Resolves once every worker serves; on a
 * failure the workers are stopped and it rejects.
 */
export async function startWorkers(count: number, settings: WorkerSettings, first: VersionToServe, log: (line: string) => void, options: WorkerOptions = {}): Promise<ServingWorkers> {
  // Each worker accepts on the shared socket itself: no hand-off through this process.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: options.entry ?? WORKER_ENTRY, args: [] });
  const hidden = new Set(options.hiddenValues ?? []);
  // Variables set to undefined are left out of the worker's environment.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && hidden.has(v)).map(([k]) => [k, undefined])), [WORKER_SETTINGS_ENV]: JSON.stringify(settings) };
  let current = first;
  let closing = false;
  let port = settings.port;
  let pause = 0;
  const slots = new Set<Slot>();
  const timers = new Set<NodeJS.Timeout>();

  const fork = (): Slot => {
    // Port 0 stays 0 for every worker: node:cluster gives all of them the one port picked for the first.
    const worker = cluster.fork(env);
    // IPC errors (a send racing the worker's exit) surface as its exit.
    worker.on('error', () => undefined);
    const slot: Slot = { worker, ready: awaitMessage(worker, (m) => (m?.type === 'ready' ? true : undefined), 'starting'), started: Date.now() };
    slot.ready.catch(() => undefined);
    slots.add(slot);
    worker.once('listening', (address) => {
      if (port === 0) port = address.port;
    });
    worker.once('exit', (code, signal) => {
      slots.delete(slot);
      if (closing) return;
      const early = Date.now() - slot.started < EARLY_DEATH_MS;
      pause = early ? Math.min(30_000, pause === 0 ? 1_000 : pause * 2) : 0;
      log(`sheaf host: a serving worker stopped (${signal ?? `exit code ${code}`}); starting another${pause ? ` in ${pause / 1000} s` : ''}`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (closing) return;
        serveOn(fork(), () => current).catch((error: unknown) => log(`sheaf host: the new worker could not serve: ${(error as Error).message}`));
      }, pause);
      timers.add(timer);
    });
    return slot;
  };

  const stop = async (): Promise<void> => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.all(
      [...slots].map(
        ({ worker }) =>
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
    await serveOn(fork(), () => first);
    await Promise.all(Array.from({ length: count - 1 }, () => serveOn(fork(), () => first)));
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
      // A worker still starting (a replacement) is told once it is ready.
      await Promise.all([...slots].map((slot) => serveOn(slot, () => version)));
    },
    close: stop,
  };
}
