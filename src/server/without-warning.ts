/**
 * Runs `fn` with one process warning dropped: the one whose text starts with `prefix`, known and
 * of no use to an operator (Node 22's "SQLite is an experimental feature", the AWS SDK's notice
 * that its later versions leave Node 20). Every other warning passes.
 */
export function withoutWarning<T>(prefix: string, fn: () => T): T {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (text.startsWith(prefix)) return;
    (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return fn();
  } finally {
    process.emitWarning = emitWarning;
  }
}
