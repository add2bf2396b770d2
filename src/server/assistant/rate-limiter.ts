/** The state of one key's window after a request was counted (or refused). */
export interface LimitState {
  readonly allowed: boolean;
  /** Requests allowed per window. */
  readonly limit: number;
  /** Requests left in the current window (0 when refused). */
  readonly remaining: number;
  /** Milliseconds until the current window ends and the count starts again. */
  readonly resetMs: number;
  /** Window length in seconds (for `RateLimit-Policy`). */
  readonly windowSeconds: number;
}

export interface FixedWindowLimiter {
  /** Counts one request for `key` if it is under the limit; a refused request is not counted. */
  take(key: string): Promise<LimitState>;
}

export interface FixedWindowOptions {
  /** Names the counter (`assistant-org`), so limiters sharing a store keep apart. */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  /** ms since epoch. */
  readonly clock: () => number;
}

/** Makes the limiters of a service: in memory by default, in Redis when instances share one. */
export type LimiterFactory = (options: FixedWindowOptions) => FixedWindowLimiter;

/** The state after `used` requests (this one included when allowed) in the window of `now`. */
export function windowState(options: FixedWindowOptions, now: number, allowed: boolean, used: number): LimitState {
  const current = Math.floor(now / options.windowMs);
  const resetMs = (current + 1) * options.windowMs - now;
  return { allowed, limit: options.limit, remaining: allowed ? options.limit - used : 0, resetMs, windowSeconds: options.windowMs / 1000 };
}

/**
 * A fixed-window counter in memory: windows are aligned to multiples of `windowMs` since the epoch
 * of `clock` (ms), so every key's window ends at the same instant and the whole table is dropped
 * when a new window starts (memory: one number per key seen in the current window). Counts do not
 * survive a restart and are not shared between processes: a single-process service's limits.
 */
export const createFixedWindowLimiter: LimiterFactory = (options) => {
  const { limit, windowMs, clock } = options;
  let window = Number.NaN;
  let counts = new Map<string, number>();
  return {
    async take(key) {
      const now = clock();
      const current = Math.floor(now / windowMs);
      if (current !== window) {
        window = current;
        counts = new Map();
      }
      const used = counts.get(key) ?? 0;
      if (used >= limit) return windowState(options, now, false, used);
      counts.set(key, used + 1);
      return windowState(options, now, true, used + 1);
    },
  };
};

/**
 * Rate-limit response headers (IETF draft-ietf-httpapi-ratelimit-headers, draft-6 field names) for
 * the most constraining of `states`: the one with the fewest requests left, or the refused one.
 * `RateLimit-Reset` and `Retry-After` are whole seconds, rounded up. `RateLimit-Policy` lists every
 * policy (`limit;w=window-seconds`).
 */
export function rateLimitHeaders(states: readonly LimitState[]): Record<string, string> {
  const binding = [...states].sort((a, b) => Number(a.allowed) - Number(b.allowed) || a.remaining - b.remaining || b.resetMs - a.resetMs)[0];
  if (!binding) return {};
  const resetSeconds = Math.max(1, Math.ceil(binding.resetMs / 1000));
  return {
    'RateLimit-Limit': String(binding.limit),
    'RateLimit-Remaining': String(binding.remaining),
    'RateLimit-Reset': String(resetSeconds),
    'RateLimit-Policy': states.map((s) => `${s.limit};w=${s.windowSeconds}`).join(', '),
    ...(binding.allowed ? {} : { 'Retry-After': String(resetSeconds) }),
  };
}
