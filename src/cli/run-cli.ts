import { CommanderError } from 'commander';
import type { CliIO } from './io.js';
import { createProgram } from './program.js';
import { debugRequested } from '../diagnostics/debug-requested.js';
import { formatUnexpectedError } from './unexpected-error.js';

/**
 * Runs one `sheaf` command line and resolves to its exit code: 0 done, 1 problems found (or
 * `--strict` warnings), 2 a usage error or an unexpected exception, printed as one line through
 * `io` (the stack only with `--debug` or `SHEAF_DEBUG=1` in `env`). `argv` is shaped like
 * `process.argv`: the Node binary and the script first, then the user's arguments. The process
 * entry (main.ts) and in-process tests run the same path.
 */
export async function runCli(argv: readonly string[], io: CliIO, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  let exitCode = 0;
  // `--debug` is read here, wherever it stands (`sheaf build x --debug` as well as `sheaf --debug build x`),
  // and handed to the commands with the streams.
  const debug = debugRequested(argv, env);
  const program = createProgram({ ...io, debug }, (code) => (exitCode = code));
  try {
    await program.parseAsync(argv.filter((arg) => arg !== '--debug'));
  } catch (error) {
    exitCode = error instanceof CommanderError ? (error.exitCode === 0 ? 0 : 2) : 2;
    if (!(error instanceof CommanderError)) io.stderr(formatUnexpectedError(error, debug));
  }
  return exitCode;
}
