import { CommanderError } from 'commander';
import { processIO } from './io.js';
import { createProgram } from './program.js';
import { debugRequested, formatUnexpectedError } from './unexpected-error.js';

const io = processIO();
let exitCode = 0;
const program = createProgram(io, (code) => (exitCode = code));
try {
  await program.parseAsync(process.argv);
} catch (error) {
  exitCode = error instanceof CommanderError ? (error.exitCode === 0 ? 0 : 2) : 2;
  if (!(error instanceof CommanderError)) io.stderr(formatUnexpectedError(error, debugRequested(process.argv, process.env)));
}
process.exitCode = exitCode;
