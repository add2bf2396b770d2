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

/**
 * The per-organization limit on job creation, counted from the jobs table itself (sliding
 * window), so it holds across restarts and needs no state of its own. `nowMs`: Unix milliseconds.
 */
export function checkJobRate(store: ServiceStore, orgId: string, policy: RateLimitPolicy, nowMs: number): RateVerdict {
  const windowMs = policy.windowSeconds * 1000;
  const times = store.jobCreationTimesSince(orgId, new Date(nowMs - windowMs).toISOString());
  if (times.length < policy.limit) return { allowed: true, remaining: policy.limit - times.length - 1 };
  // The window drops below the limit when the (n - limit)-th oldest creation leaves it.
  const freedAt = Date.parse(times[times.length - policy.limit]!) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - nowMs) / 1000)) };
}
