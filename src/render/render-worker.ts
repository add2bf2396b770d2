// Worker thread entry: renders MDX page bodies and pages generated from API documents, and draws social images, sent by the pool in `render-pool.ts`.
import { parentPort, workerData } from 'node:worker_threads';
import { createGeneratedRenderer } from './generated-body.js';
import type { RenderWorkerData, RenderWorkerMessage, RenderWorkerReply } from './render-pool.js';
import { createMdxTaskRunner } from './render-task.js';
import { createSocialImageRunner } from './social-image/social-image-runner.js';

const run = createMdxTaskRunner((workerData as RenderWorkerData | null)?.debug === true);
const image = createSocialImageRunner();
let generated: ReturnType<typeof createGeneratedRenderer> | undefined;

parentPort?.on('message', (message: RenderWorkerMessage) => {
  if ('context' in message) {
    generated = createGeneratedRenderer(message.context);
    return;
  }
  const reply: Promise<RenderWorkerReply> =
    'task' in message
      ? run(message.task).then((body) => ({ id: message.id, body }))
      : 'generated' in message
        ? Promise.resolve()
            .then(() => {
              if (!generated) throw new Error('no context for generated pages');
              return { id: message.id, generated: generated(message.generated, message.place) };
            })
            .catch((error: unknown) => ({ id: message.id, error: error instanceof Error ? error.message : String(error) }))
        : image(message.image).then((result) => ({ id: message.id, image: result }));
  void reply.then((r) => parentPort?.postMessage(r));
});
