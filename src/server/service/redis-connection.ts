import { Redis } from 'ioredis';
import { reasonOf } from '../error-text.js';
import { settledWithin, withinTime } from '../time-limit.js';
import { redactUrl } from '../redact-url.js';
import type { ServiceLog } from './service-log.js';

/** The queue (Redis) cannot be reached: the message names it (password hidden) and why. */
export class QueueUnavailableError extends Error {
  override readonly name = 'QueueUnavailableError';
}

/** `redis://…` or `rediss://…` of `--queue`; throws a plain sentence for anything else. */
export function checkRedisUrl(value: string): string {
  const text = value.trim();
  let ok = false;
  try {
    ok = /^rediss?:$/.test(new URL(text).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw new QueueUnavailableError(`The queue \`${redactUrl(text)}\` is not valid: use redis://HOST:PORT (or rediss:// for TLS).`);
  return text;
}

/**
 * A connection to the queue's Redis, made and checked now: a clear error when it does not
 * answer within `timeoutMs`. Afterwards it reconnects by itself; its errors are logged once per
 * kind, never thrown at the process. BullMQ needs `maxRetriesPerRequest: null` (a command waits
 * for Redis to come back). `failFast` is for commands a request waits on (the shared limits): while
 * Redis is away they fail within a second instead of holding the request.
 */
export async function connectRedis(url: string, log: ServiceLog, options: { readonly timeoutMs?: number; readonly failFast?: boolean } = {}): Promise<Redis> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const shown = redactUrl(url);
  const redis = new Redis(checkRedisUrl(url), {
    lazyConnect: true,
    enableReadyCheck: true,
    ...(options.failFast ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 } : { maxRetriesPerRequest: null }),
  });
  let lastError = '';
  let connected = false;
  redis.on('error', (error: unknown) => {
    const reason = reasonOf(error);
    // Before the first connection the error is thrown below, in one sentence.
    if (connected && reason !== lastError) log('warn', 'queue connection error', { queue: shown, error: reason });
    lastError = reason;
  });
  redis.on('ready', () => {
    lastError = '';
  });
  try {
    await withinTime(redis.connect(), timeoutMs);
    await redis.ping();
    connected = true;
  } catch (error) {
    redis.disconnect();
    // ioredis rejects with "Connection is closed"; the socket's own error says why.
    throw new QueueUnavailableError(`The queue at ${shown} cannot be reached: ${lastError || reasonOf(error)}.`, { cause: error });
  }
  return redis;
}

/**
 * Closes a connection: QUIT when Redis answers within `ms`, else the socket is dropped (a Redis
 * that is away would hold a QUIT, and with it the process, forever).
 */
export async function closeRedis(redis: Redis, ms = 2_000): Promise<void> {
  if (redis.status === 'ready') await settledWithin(redis.quit(), ms);
  redis.disconnect();
}

/** BullMQ's name and key prefix of the export queue. */
export const EXPORT_QUEUE = 'export';
export const QUEUE_PREFIX = 'sheaf';
