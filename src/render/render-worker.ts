// Worker thread entry: renders MDX page bodies sent by the pool in `render-pool.ts`.
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderWorkerData } from './render-pool.js';
import { createMdxTaskRunner, type MdxTask } from './render-task.js';

const run = createMdxTaskRunner((workerData as RenderWorkerData | null)?.debug === true);

parentPort?.on('message', (message: { id: number; task: MdxTask }) => {
  void run(message.task).then((body) => parentPort?.postMessage({ id: message.id, body }));
});
