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
 * `env` is laid over process.env for the run (commands read SHEAF_DEBUG there) and taken back
 * afterwards; test files run one at a time per worker, so nothing else sees it.
 */
export async function sheaf(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<SheafRun> {
  let stdout = '';
  let stderr = '';
  const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, env);
  try {
    const code = await runCli(['node', 'sheaf', ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), color: false }, process.env);
    return { code, stdout, stderr };
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
