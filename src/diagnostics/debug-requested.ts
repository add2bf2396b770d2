/**
 * Whether the user asked for stack traces: `--debug` anywhere on the command line, or
 * `SHEAF_DEBUG=1` in the environment. Read where an unexpected exception is turned into words
 * (the CLI's last resort and the `internal/error` diagnostic).
 */
export function debugRequested(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  return argv.includes('--debug') || env['SHEAF_DEBUG'] === '1';
}
