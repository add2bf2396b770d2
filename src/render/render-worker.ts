// Worker thread entry: renders MDX page bodies sent by the pool in `render-pool.ts`.
import { parentPort } from 'node:worker_threads';
import { createMdxTaskRunner, type MdxTask } from './render-task.js';

const run = createMdxTaskRunner();

parentPort?.on('message', (message: { id: number; task: MdxTask }) => {
  void run(message.task).then((body) => parentPort?.postMessage({ id: message.id, body }));
});
