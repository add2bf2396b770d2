import type { Diagnostic } from '../model/diagnostic.js';
import { createDiagnostic, type DiagnosticFields } from './create.js';

/** Where the error happened, and whether the user asked for stack traces. */
export interface InternalErrorOptions extends Omit<DiagnosticFields, 'message' | 'hint'> {
  /**
   * Add the stack trace: decided at the edges (the CLI's `--debug` or `SHEAF_DEBUG=1`, read by
   * `debugRequested`; the API's `debug` option) and passed in, never read from the process here.
   */
  readonly debug: boolean;
}

/**
 * The `internal/error` diagnostic for an exception no stage expected: a bug of Sheaf's, never the
 * user's. The message is `Sheaf failed <where>: <first line of the error>`; the stack trace is
 * added only when asked for, since users read these in their terminal and in the service's job
 * errors.
 */
export function internalErrorDiagnostic(error: unknown, where: string, options: InternalErrorOptions): Diagnostic {
  const { debug, ...fields } = options;
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0] ?? '';
  const stack = debug && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return createDiagnostic('internal/error', {
    ...fields,
    message: `Sheaf failed ${where}: ${firstLine}${stack}`,
    hint: debug
      ? 'This is a bug in Sheaf; please report it with the input that triggers it.'
      : 'This is a bug in Sheaf; please report it with the input that triggers it (run again with --debug or SHEAF_DEBUG=1 for the stack trace).',
  });
}

/**
 * Turns an unexpected exception into the `internal/error` diagnostic: a bug, never a user error.
 * One line; the stack only with `debug` (the `debug` option: `--debug` or `SHEAF_DEBUG=1`).
 */
export function internalError(error: unknown, where: string, debug: boolean): Diagnostic {
  return internalErrorDiagnostic(error, `unexpectedly ${where}`, { debug });
}
