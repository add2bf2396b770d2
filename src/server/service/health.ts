import { Hono } from 'hono';
import { messageOf } from '../error-text.js';
import { NoAnswerError, withinTime } from '../time-limit.js';
import type { ServiceLog } from './service-log.js';

/** One dependency the service needs to answer: the store, the queue, the bundle store. */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when it answers; rejects with the reason. */
  readonly check: () => Promise<void>;
}

/** Longest wait for one check, in milliseconds. */
const CHECK_TIMEOUT_MS = 5_000;
/** A readiness answer is reused this long (probes of many pods cost the store and bucket nothing more). */
const CACHE_MS = 2_000;

interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly ms: number;
  /** Fixed words (`no answer in 5 s`, `failed`): the reason, which may name hosts, goes to the log. */
  readonly error?: string;
}

/**
 * `GET /_svc/health` (liveness: the process answers) and `GET /_svc/ready` (readiness: every
 * dependency answers, each checked at once with a time limit; 503 naming the one that does not).
 * Neither needs a key, and neither shows a URL, host or path: why a check failed is logged.
 */
export function healthRoutes(checks: readonly ReadinessCheck[], clock: () => number, log: ServiceLog): Hono {
  const app = new Hono();
  let cached: { readonly at: number; readonly results: Promise<CheckResult[]> } | undefined;
  const runChecks = () =>
    Promise.all(
      checks.map(async ({ name, check }): Promise<CheckResult> => {
        const started = clock();
        try {
          await withinTime(check(), CHECK_TIMEOUT_MS);
          return { name, ok: true, ms: clock() - started };
        } catch (error) {
          log('warn', 'readiness check failed', { check: name, error: messageOf(error) });
          return { name, ok: false, ms: clock() - started, error: error instanceof NoAnswerError ? error.message : 'failed' };
        }
      }),
    );
  app.get('/_svc/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/_svc/ready', async (c) => {
    const now = clock();
    if (!cached || now - cached.at >= CACHE_MS) cached = { at: now, results: runChecks() };
    const results = await cached.results;
    const ready = results.every((r) => r.ok);
    return c.json({ status: ready ? 'ready' : 'unavailable', checks: results }, ready ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return app;
}
