import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/run-cli.js';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SheafRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a `sheaf` command line in this process through the same entry as bin/sheaf.js
 * (`runCli`), with output captured as a pipe would see it: no colour, no progress lines.
 * `env` is the whole environment `runCli` reads (SHEAF_DEBUG); process.env is neither read
 * nor changed, so a variable set around the test run does not reach the command.
 */
export async function sheaf(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<SheafRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['node', 'sheaf', ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), color: false }, env);
  return { code, stdout, stderr };
}
