import { Worker } from 'node:worker_threads';
import type { RenderedBody } from '../model/render.js';
import { createMdxTaskRunner, type MdxTask } from './render-task.js';
import { createSocialImageRunner } from './social-image/social-image-runner.js';
import type { SocialImageResult, SocialImageTask } from './social-image/social-image-task.js';

export interface RenderPool {
  run(task: MdxTask): Promise<RenderedBody>;
  /** Draws one social preview image (satori and resvg load in a thread on its first image). */
  image(task: SocialImageTask): Promise<SocialImageResult>;
  close(): Promise<void>;
}

/** A message to a worker: an MDX page to render, or a social image to draw. */
export type RenderWorkerMessage = { readonly id: number; readonly task: MdxTask } | { readonly id: number; readonly image: SocialImageTask };
/** A worker's answer: the page body, or the image. */
export type RenderWorkerReply = { readonly id: number; readonly body: RenderedBody } | { readonly id: number; readonly image: SocialImageResult };

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
  if (size <= 0 || !COMPILED) return { run: createMdxTaskRunner(debug), image: createSocialImageRunner(), close: async () => {} };
  type Job = { message: (id: number) => RenderWorkerMessage; resolve: (value: never) => void; reject: (e: unknown) => void };
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const pending = new Map<Worker, Job>();
  let nextId = 0;
  const dispatch = (): void => {
    while (idle.length && queue.length) {
      const worker = idle.pop() as Worker;
      const job = queue.shift() as Job;
      pending.set(worker, job);
      worker.postMessage(job.message(nextId++));
    }
  };
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(WORKER_URL, { workerData: { debug } satisfies RenderWorkerData });
    worker.on('message', (message: RenderWorkerReply) => {
      pending.get(worker)?.resolve(('body' in message ? message.body : message.image) as never);
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
  const submit = <T>(message: (id: number) => RenderWorkerMessage): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ message, resolve: resolve as (value: never) => void, reject });
      dispatch();
    });
  return {
    run: (task) => submit<RenderedBody>((id) => ({ id, task })),
    image: (task) => submit<SocialImageResult>((id) => ({ id, image: task })),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
