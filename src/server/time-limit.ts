/** The error of `withinTime` when the time runs out. */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
}

/** `promise`, or a `NoAnswerError` ("no answer in N s") once `ms` have passed. */
export async function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswerError(`no answer in ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves when `promise` settles (either way) or after `ms`, whichever comes first: whether it settled. */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return withinTime(
    promise.then(
      () => true,
      () => true,
    ),
    ms,
  ).catch(() => false);
}
