import { readProjectTexts } from '../load/project-texts.js';
import { DEFAULT_READ_POLICY } from '../project-fs/read-policy.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ReadPolicy } from '../model/project.js';

/** The CLI's window on the world, so commands can be tested without a process. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly color: boolean;
  /** Writes a progress line on a terminal; absent when output is not a TTY. */
  readonly progress?: (text: string) => void;
  /** The user asked for stack traces (`--debug` anywhere on the command line, or `SHEAF_DEBUG=1`); set by runCli. */
  readonly debug?: boolean;
}

/** The real process streams; colour only on a TTY and when NO_COLOR is unset. */
export function processIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    color: !!process.stderr.isTTY && !process.env['NO_COLOR'] && process.env['TERM'] !== 'dumb',
    ...(process.stderr.isTTY ? { progress: (t: string) => process.stderr.write(t) } : {}),
  };
}

/** Exit code after the reader closed the output pipe: 128 + SIGPIPE (13). */
export const EXIT_CLOSED_PIPE = 141;

/**
 * A reader that stops early (`sheaf schema | head -c 10`) closes the pipe under stdout: the rest
 * of the output has nowhere to go, so the process ends at once and quietly with 141 (128 +
 * SIGPIPE, what `yes | head` gives under `set -o pipefail`), as Unix tools do, instead of Node's
 * unhandled `EPIPE` stack trace. Any other write error ends it with one line on stderr and 1.
 */
export function endQuietlyOnClosedOutput(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') process.stderr.write(`sheaf: cannot write the output: ${error.message}\n`);
    process.exit(error.code === 'EPIPE' ? EXIT_CLOSED_PIPE : 1);
  });
}

/**
 * The texts of the files `diagnostics` name (their related locations too) for code frames, read
 * before printing, each once, through the load stage's reader (`readProjectTexts`: inside the
 * project and the `allowOutside` folders of `policy`, regular files, under its caps); the lookup
 * is then synchronous, as `formatDiagnostics` wants it. A file refused or missing has no frame.
 */
export async function cachedReader(root: string, diagnostics: readonly Diagnostic[], policy: ReadPolicy = DEFAULT_READ_POLICY): Promise<(file: string) => string | undefined> {
  const files = diagnostics.flatMap((d) => [d.file, ...(d.related ?? []).map((r) => r.file)]).filter((f): f is string => f !== undefined);
  const texts = await readProjectTexts(root, files, policy);
  return (file) => texts.get(file);
}
