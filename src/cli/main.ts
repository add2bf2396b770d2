import { CommanderError } from 'commander';
import { processIO } from './io.js';
import { createProgram } from './program.js';
import { debugRequested } from '../diagnostics/debug-requested.js';
import { formatUnexpectedError } from './unexpected-error.js';

const io = processIO();
let exitCode = 0;
const program = createProgram(io, (code) => (exitCode = code));
// `--debug` is read here, wherever it stands (`sheaf build x --debug` as well as `sheaf --debug build x`).
const debug = debugRequested(process.argv, process.env);
try {
  await program.parseAsync(process.argv.filter((arg) => arg !== '--debug'));
} catch (error) {
  exitCode = error instanceof CommanderError ? (error.exitCode === 0 ? 0 : 2) : 2;
  if (!(error instanceof CommanderError)) io.stderr(formatUnexpectedError(error, debug));
}
process.exitCode = exitCode;
