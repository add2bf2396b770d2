import type { Redis } from 'ioredis';
import { windowState, type LimiterFactory } from '../assistant/rate-limiter.js';
import type { JobRateLimiter } from './job-rate-limit.js';
import { verdictOf } from './job-rate-limit.js';

/** Keys of the shared counters; one Redis may serve other programs too. */
const PREFIX = 'sheaf:limit:';

/**
 * One request for a key in a fixed window, atomically: counted when under the limit, never when
 * refused. Returns [allowed 0/1, requests used in the window].
 */
const FIXED_WINDOW = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return {0, used} end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, used}`;

/**
 * The assistant's limits counted in Redis: every instance of the service adds to the same
 * windows, which outlive restarts (each key expires with its window).
 */
export function redisLimiters(redis: Redis): LimiterFactory {
  return (options) => ({
    async take(key) {
      const now = options.clock();
      const window = Math.floor(now / options.windowMs);
      const expiresMs = (window + 1) * options.windowMs - now + 1000;
      const [allowed, used] = (await redis.eval(FIXED_WINDOW, 1, `${PREFIX}${options.name}:${window}:${key}`, options.limit, expiresMs)) as [number, number];
      return windowState(options, now, allowed === 1, used);
    },
  });
}

/**
 * A sliding window of one organization's job starts, atomically: drops starts older than the
 * window (a start exactly one window ago still counts, as in the store's count), and adds this
 * one when under the limit. Returns the remaining start times (ms, oldest
 * first), this one last when it was allowed, and the verdict flag first.
 */
const SLIDING_WINDOW = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
local times = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local n = #times / 2
local result = {n < tonumber(ARGV[3]) and 1 or 0}
for i = 2, #times, 2 do table.insert(result, times[i]) end
if n < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return result`;

/** The job-start limit counted in Redis across every instance (sliding window, as in the store). */
export function redisJobRateLimiter(redis: Redis): JobRateLimiter {
  let sequence = 0;
  return {
    async take(orgId, policy, nowMs) {
      const windowMs = policy.windowSeconds * 1000;
      const member = `${nowMs}:${process.pid}:${(sequence += 1)}:${Math.random().toString(36).slice(2)}`;
      const [flag, ...times] = (await redis.eval(SLIDING_WINDOW, 1, `${PREFIX}jobs:${orgId}`, nowMs - windowMs, nowMs, policy.limit, member, windowMs + 1000)) as [number, ...string[]];
      if (flag === 1) return { allowed: true, remaining: Math.max(0, policy.limit - times.length - 1) };
      return verdictOf(times.map(Number), policy, nowMs);
    },
  };
}
