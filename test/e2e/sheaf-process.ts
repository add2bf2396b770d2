import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO } from './browser.js';

/** The compiled CLI, as a user runs it (`npm run build` first). */
const SHEAF = path.join(REPO, 'bin/sheaf.js');

export interface SheafRun {
  readonly args: readonly string[];
  /** Exit code; null when a signal ended the process. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SheafOptions {
  readonly cwd: string;
  /** Added to this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
}

function spawnSheaf(args: readonly string[], options: SheafOptions): ChildProcess {
  return spawn(process.execPath, [SHEAF, ...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `node bin/sheaf.js …args` to its end. */
export function runSheaf(args: readonly string[], options: SheafOptions): Promise<SheafRun> {
  const child = spawnSheaf(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ args, code, stdout, stderr }));
  });
}

/** A long-running `sheaf service` or `sheaf host`. */
export interface SheafServer {
  /** The first http URL of the line that said it is ready. */
  readonly url: string;
  /** Output so far (all of it once `stop` resolved). */
  output(): SheafRun;
  /** SIGTERM (or `signal`), then waits for the exit; what it exited with. */
  stop(signal?: NodeJS.Signals): Promise<SheafRun>;
  /** SIGKILL if still running (clean-up after a failed test). */
  kill(): void;
}

/**
 * Starts `node bin/sheaf.js …args` and waits (at most `timeoutMs`, default 60 s) until its stdout
 * or stderr has a line matching `ready`, which must hold an `http://…` URL.
 */
export async function startSheaf(args: readonly string[], options: SheafOptions & { readonly ready: RegExp; readonly timeoutMs?: number }): Promise<SheafServer> {
  const child = spawnSheaf(args, options);
  let stdout = '';
  let stderr = '';
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const output = (code: number | null = null): SheafRun => ({ args, code, stdout, stderr });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sheaf ${args[0]} did not get ready: ${stdout}${stderr}`)), options.timeoutMs ?? 60_000);
    const check = () => {
      const line = `${stdout}\n${stderr}`.split('\n').find((l) => options.ready.test(l));
      const found = line?.match(/http:\/\/[^\s)]+/)?.[0];
      if (found === undefined) return;
      clearTimeout(timer);
      resolve(found);
    };
    child.stdout!.on('data', (d: Buffer) => ((stdout += d.toString()), check()));
    child.stderr!.on('data', (d: Buffer) => ((stderr += d.toString()), check()));
    void closed.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sheaf ${args[0]} exited with ${code} before it was ready: ${stdout}${stderr}`));
    });
  });
  return {
    url,
    output: () => output(child.exitCode),
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return output(await closed);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
