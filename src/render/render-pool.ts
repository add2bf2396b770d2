import { Worker } from 'node:worker_threads';
import type { RenderedBody } from '../model/render.js';
import { createMdxTaskRunner, type MdxTask } from './render-task.js';

export interface RenderPool {
  run(task: MdxTask): Promise<RenderedBody>;
  close(): Promise<void>;
}

/** The worker entry next to this module (`.js` once compiled; under a TS loader workers are off). */
const WORKER_URL = new URL('./render-worker.js', import.meta.url);
const COMPILED = import.meta.url.endsWith('.js');

/** What each worker of a pool is started with. */
export interface RenderWorkerData {
  /** Stack traces in `internal/error` diagnostics. */
  readonly debug: boolean;
}

/**
 * A pool of `size` worker threads rendering MDX bodies, tasks handed out as workers free up.
 * With `size` 0, or when running from TypeScript sources, tasks run in this thread. `debug`:
 * stack traces in `internal/error` diagnostics.
 */
export function createRenderPool(size: number, debug: boolean): RenderPool {
  if (size <= 0 || !COMPILED) return { run: createMdxTaskRunner(debug), close: async () => {} };
  const queue: { task: MdxTask; resolve: (b: RenderedBody) => void; reject: (e: unknown) => void }[] = [];
  const idle: Worker[] = [];
  const pending = new Map<Worker, { resolve: (b: RenderedBody) => void; reject: (e: unknown) => void }>();
  let nextId = 0;
  const dispatch = (): void => {
    while (idle.length && queue.length) {
      const worker = idle.pop() as Worker;
      const job = queue.shift() as (typeof queue)[number];
      pending.set(worker, job);
      worker.postMessage({ id: nextId++, task: job.task });
    }
  };
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(WORKER_URL, { workerData: { debug } satisfies RenderWorkerData });
    worker.on('message', (message: { body: RenderedBody }) => {
      pending.get(worker)?.resolve(message.body);
      pending.delete(worker);
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => {
      pending.get(worker)?.reject(error);
      pending.delete(worker);
    });
    idle.push(worker);
    return worker;
  });
  return {
    run: (task) =>
      new Promise((resolve, reject) => {
        queue.push({ task, resolve, reject });
        dispatch();
      }),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
