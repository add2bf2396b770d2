import { Hono } from 'hono';
import { messageOf } from './export-job.js';

/** One dependency the service needs to answer: the store, the queue, the bundle store. */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when it answers; rejects with the reason. */
  readonly check: () => Promise<void>;
}

/** Longest wait for one check, in milliseconds. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * `GET /_svc/health` (liveness: the process answers) and `GET /_svc/ready` (readiness: every
 * dependency answers, each checked at once with a time limit; 503 naming the one that does not).
 * Neither needs a key, and neither names a URL or credential.
 */
export function healthRoutes(checks: readonly ReadinessCheck[], clock: () => number): Hono {
  const app = new Hono();
  app.get('/_svc/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/_svc/ready', async (c) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        const started = clock();
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
            }),
          ]);
          return { name, ok: true, ms: clock() - started };
        } catch (error) {
          return { name, ok: false, ms: clock() - started, error: messageOf(error).split('\n')[0] };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const ready = results.every((r) => r.ok);
    return c.json({ status: ready ? 'ready' : 'unavailable', checks: results }, ready ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return app;
}
