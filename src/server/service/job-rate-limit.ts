import type { ServiceStore } from '../store/open-store.js';

export interface RateLimitPolicy {
  /** Jobs an organization may start per window. */
  readonly limit: number;
  /** Window length, in seconds (sliding). */
  readonly windowSeconds: number;
}

export type RateVerdict =
  | { readonly allowed: true; readonly remaining: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** The per-organization limit on job creation: counts a start when it allows it. */
export interface JobRateLimiter {
  take(orgId: string, policy: RateLimitPolicy, nowMs: number): Promise<RateVerdict>;
}

/** The verdict from the creation times (Unix ms, oldest first) of the window's jobs. */
export function verdictOf(times: readonly number[], policy: RateLimitPolicy, nowMs: number): RateVerdict {
  const windowMs = policy.windowSeconds * 1000;
  if (times.length < policy.limit) return { allowed: true, remaining: policy.limit - times.length - 1 };
  // The window drops below the limit when the (n - limit)-th oldest creation leaves it.
  const freedAt = (times[times.length - policy.limit] as number) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - nowMs) / 1000)) };
}

/**
 * Counted from the jobs table itself (sliding window), so it holds across restarts and needs no
 * state of its own: the single-process service's limit. `nowMs`: Unix milliseconds.
 */
export function storeJobRateLimiter(store: ServiceStore): JobRateLimiter {
  return {
    async take(orgId, policy, nowMs) {
      const times = await store.jobCreationTimesSince(orgId, new Date(nowMs - policy.windowSeconds * 1000).toISOString());
      return verdictOf(times.map((t) => Date.parse(t)), policy, nowMs);
    },
  };
}
