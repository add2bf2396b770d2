// Worker thread entry: renders MDX page bodies and draws social images sent by the pool in `render-pool.ts`.
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderWorkerData, RenderWorkerMessage, RenderWorkerReply } from './render-pool.js';
import { createMdxTaskRunner } from './render-task.js';
import { createSocialImageRunner } from './social-image/social-image-runner.js';

const run = createMdxTaskRunner((workerData as RenderWorkerData | null)?.debug === true);
const image = createSocialImageRunner();

parentPort?.on('message', (message: RenderWorkerMessage) => {
  const reply: Promise<RenderWorkerReply> =
    'task' in message ? run(message.task).then((body) => ({ id: message.id, body })) : image(message.image).then((result) => ({ id: message.id, image: result }));
  void reply.then((r) => parentPort?.postMessage(r));
});
