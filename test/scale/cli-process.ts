import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(REPO, 'bin/sheaf.js');

export interface CliProcess {
  readonly child: ChildProcess;
  /** What it printed so far. */
  stdout(): string;
  stderr(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL to this process only (its builds die with it through bubblewrap's --die-with-parent). */
  kill9(): Promise<void>;
  readonly exited: Promise<number | null>;
}

/** Starts `sheaf ARGS` and resolves once its stdout or stderr matches `ready` (the first group, when any). */
export async function startCli(args: readonly string[], env: Record<string, string>, ready: RegExp, timeoutMs = 60_000): Promise<CliProcess & { readonly match: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const match = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sheaf ${args[0]} did not start in ${timeoutMs / 1000} s: ${err}`)), timeoutMs);
    const look = () => {
      const m = ready.exec(out) ?? ready.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] ?? m[0]);
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sheaf ${args[0]} exited with ${code}: ${err}`));
    });
  });
  return {
    child,
    match,
    exited,
    stdout: () => out,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs `sheaf ARGS` to its end. */
export function runCli(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
