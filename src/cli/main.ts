import { endQuietlyOnClosedOutput, processIO } from './io.js';
import { runCli } from './run-cli.js';

// The `sheaf` process: the command line, the real streams and environment; the exit code is set,
// never forced with process.exit, so that output is flushed.
endQuietlyOnClosedOutput();
process.exitCode = await runCli(process.argv, processIO(), process.env);
