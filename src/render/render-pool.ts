import { Worker } from 'node:worker_threads';
import type { RenderedBody } from '../model/render.js';
import type { SitePage } from '../model/site.js';
import type { GeneratedBody, GeneratedContext } from './generated-body.js';
import type { LinkPlace } from './links/site-link.js';
import type { MdxTask } from './render-task.js';
import type { SocialImageResult, SocialImageTask } from './social-image/social-image-task.js';

export interface RenderPool {
  /** Renders an MDX page; `urgent` puts it before the tasks waiting (a page a browser waits for, in `sheaf dev`). */
  run(task: MdxTask, urgent?: boolean): Promise<RenderedBody>;
  /** Draws one social preview image (satori and resvg load in a thread on its first image). */
  image(task: SocialImageTask): Promise<SocialImageResult>;
  /**
   * Hands the API documents and settings of the generated pages to every thread before the first
   * `generated` (a worker keeps its own copy of the documents). The same context again (the same
   * documents and settings: `sheaf dev` rendering page after page) is not sent again.
   */
  prepareGenerated(context: GeneratedContext): void;
  /** Renders a page generated from an API document (generated-body.ts), its links resolved for `place` when given. */
  generated(page: SitePage, place?: LinkPlace, urgent?: boolean): Promise<GeneratedBody>;
  /**
   * Starts threads now, before the first task (a build that knows it will render something): they
   * load the renderer meanwhile. `count` of them (default all); the others start with the first task.
   */
  warm(count?: number): void;
  close(): Promise<void>;
}

/** A message to a worker: an MDX page to render, a social image to draw, the context of generated pages, or one to render. */
export type RenderWorkerMessage =
  | { readonly id: number; readonly task: MdxTask }
  | { readonly id: number; readonly image: SocialImageTask }
  | { readonly context: GeneratedContext }
  | { readonly id: number; readonly generated: SitePage; readonly place?: LinkPlace };
/** A worker's answer: the page body, the generated page, or the image. */
export type RenderWorkerReply =
  | { readonly id: number; readonly body: RenderedBody }
  | { readonly id: number; readonly generated: GeneratedBody }
  | { readonly id: number; readonly image: SocialImageResult }
  /** A generated page that threw: the build fails as it would in one thread. */
  | { readonly id: number; readonly error: string };

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
  if (size <= 0 || !COMPILED) {
    // The renderers load with their first task (the render stack is most of a build's start-up):
    // a build that renders nothing never loads them.
    const mdx = lazily(async () => (await import('./render-task.js')).createMdxTaskRunner(debug));
    const image = lazily(async () => (await import('./social-image/social-image-runner.js')).createSocialImageRunner());
    let context: GeneratedContext | undefined;
    let render: Promise<(page: SitePage, place?: LinkPlace) => GeneratedBody> | undefined;
    const isNew = newContexts();
    return {
      run: async (task) => (await mdx())(task),
      image: async (task) => (await image())(task),
      prepareGenerated: (next) => {
        if (!isNew(next)) return;
        context = next;
        render = undefined;
      },
      generated: async (page, place) => {
        if (!context) throw new Error('prepareGenerated was not called before generated');
        const made = context;
        render ??= import('./generated-body.js').then((m) => m.createGeneratedRenderer(made));
        return (await render)(page, place);
      },
      warm: () => {},
      close: async () => {},
    };
  }
  type Job = { message: (id: number) => RenderWorkerMessage; resolve: (value: never) => void; reject: (e: unknown) => void };
  const queue: Job[] = [];
  const isNew = newContexts();
  const idle: Worker[] = [];
  const pending = new Map<Worker, Job>();
  let nextId = 0;
  const dispatch = (): void => {
    while (idle.length && queue.length) {
      // The longest idle first: a thread started early (warm) is ready before one started with this task.
      const worker = idle.shift() as Worker;
      const job = queue.shift() as Job;
      pending.set(worker, job);
      worker.postMessage(job.message(nextId++));
    }
  };
  // The threads start with the first task: a build that renders nothing (an incremental build with
  // nothing changed) never pays for them. The documents of generated pages go to each at its start.
  const workers: Worker[] = [];
  let context: GeneratedContext | undefined;
  const start = (count = size): void => {
    while (workers.length < Math.min(count, size)) workers.push(startWorker());
  };
  const startWorker = (): Worker => {
    const worker = new Worker(WORKER_URL, { workerData: { debug } satisfies RenderWorkerData });
    worker.on('message', (message: RenderWorkerReply) => {
      const job = pending.get(worker);
      if ('error' in message) job?.reject(new Error(message.error));
      else job?.resolve(('body' in message ? message.body : 'generated' in message ? message.generated : message.image) as never);
      pending.delete(worker);
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => {
      pending.get(worker)?.reject(error);
      pending.delete(worker);
    });
    if (context) worker.postMessage({ context } satisfies RenderWorkerMessage);
    idle.push(worker);
    return worker;
  };
  const submit = <T>(message: (id: number) => RenderWorkerMessage, urgent = false): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const job = { message, resolve: resolve as (value: never) => void, reject };
      if (urgent) queue.unshift(job);
      else queue.push(job);
      start();
      dispatch();
    });
  return {
    run: (task, urgent) => submit<RenderedBody>((id) => ({ id, task }), urgent),
    image: (task) => submit<SocialImageResult>((id) => ({ id, image: task })),
    // Each worker's messages arrive in order: the context before any page queued after it.
    prepareGenerated: (next) => {
      if (!isNew(next)) return;
      context = next;
      workers.forEach((w) => w.postMessage({ context: next } satisfies RenderWorkerMessage));
    },
    generated: (page, place, urgent) => submit<GeneratedBody>((id) => ({ id, generated: page, ...(place ? { place } : {}) }), urgent),
    warm: (count) => start(count),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** The value `make` gives, made on the first call and shared by the later ones. */
function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * A test of each context handed to `prepareGenerated`: true unless it holds the same objects
 * (documents, settings, link targets) as the one before, which the threads have already.
 */
function newContexts(): (context: GeneratedContext) => boolean {
  let last: GeneratedContext | undefined;
  const sameList = <T>(x: readonly T[], y: readonly T[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return (b) => {
    const a = last;
    last = b;
    return !(a && sameList(a.openapi, b.openapi) && sameList(a.asyncapi, b.asyncapi) && a.configApi === b.configApi && a.palette === b.palette && a.schema === b.schema && a.targets === b.targets);
  };
}
