import { MissingAssetError } from '../emit/missing-asset-error.js';
import { NativeDriverError } from '../server/store/native-driver-error.js';

/**
 * What the CLI prints for an exception no command turned into a diagnostic: one line in plain
 * words, never a stack unless asked for (`--debug` or `SHEAF_DEBUG=1`). A missing native driver
 * or browser file (an unbuilt checkout) is the user's to fix, so its line is the fix; anything
 * else is a bug of Sheaf's.
 */
export function formatUnexpectedError(error: unknown, debug: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0] ?? '';
  if (error instanceof MissingAssetError) return `sheaf: ${firstLine}\n`;
  if (error instanceof NativeDriverError) return `sheaf: ${firstLine}\n${debug && error.cause instanceof Error ? `${error.cause.stack}\n` : ''}`;
  if (debug) return `sheaf: internal error: ${error instanceof Error ? error.stack : message}\n`;
  return `sheaf: internal error: ${firstLine} (a bug in Sheaf; run again with --debug or SHEAF_DEBUG=1 for the stack trace)\n`;
}
