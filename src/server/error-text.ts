/** An error's message, for a log field (never a stack). */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Why a connection failed, in a few words for an operator: `connection refused`, or the first line of the message. */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ENOTFOUND') return 'host not found';
  if (e?.code === 'ETIMEDOUT') return 'timed out';
  return messageOf(error).split('\n')[0] as string;
}
