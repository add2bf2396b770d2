/**
 * Bounded concurrency, the one helper for it: `fn` over `items` with at most `limit` calls in
 * flight, started in the order of `items`; the results in that order. `stop` is asked before each
 * start: once it is true no more calls start (their results stay `undefined`), which is how a
 * caller ends early on a failure or a cap. An exception of `fn` rejects the whole (after the
 * calls in flight end their current item; none starts after it).
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>, stop?: () => boolean): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < items.length && !failed && !stop?.()) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T, i);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(Math.floor(limit), items.length)) }, lane));
  return out;
}

/** `mapLimited` for its effects only. */
export async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>, stop?: () => boolean): Promise<void> {
  await mapLimited(items, limit, fn, stop);
}
