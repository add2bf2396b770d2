import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(REPO, 'bin/sheaf.js');

/** The compiled CLI once, as an operator runs it; throws with its stderr when it fails. */
export function sheafCli(...args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) throw new Error(`sheaf ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

export interface CliService {
  readonly url: string;
  readonly child: ChildProcess;
  readonly pid: number;
  stdout(): string;
  stderr(): string;
  /** `kill -9` of the service process only (its builds are not signalled); resolves once it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM: a graceful stop. */
  stop(): Promise<void>;
  /** Kills whatever is left of its process group (test clean-up only). */
  cleanup(): void;
}

/** `sheaf service` from the compiled CLI on `dataDir`, port 0, in its own process group; waits for its URL. */
export async function startCliService(dataDir: string, ...flags: string[]): Promise<CliService> {
  const child = spawn(process.execPath, [CLI, 'service', '--data-dir', dataDir, '--port', '0', ...flags], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start in 30 s: ${stderr}`)), 30_000);
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/[^ ]+) /.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}: ${stderr}`)));
  });
  const pid = child.pid!;
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    child,
    pid,
    stdout: () => stdout,
    stderr: () => stderr,
    async kill9() {
      if (alive()) process.kill(pid, 'SIGKILL');
      await exited;
    },
    async stop() {
      if (alive()) process.kill(pid, 'SIGTERM');
      await exited;
    },
    cleanup() {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // the group is gone
      }
    },
  };
}

/** Pids of live (not zombie) processes whose command line holds `needle`, from /proc. */
export function processesWith(needle: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const state = /^State:\s+(\w)/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      if (cmdline.includes(needle) && state !== 'Z') pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU time a process has used, in seconds (utime + stime of /proc/<pid>/stat at 100 ticks a second). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** An organization with a site on `source` and an admin key, made with the CLI (`sheaf orgs create`, `sites add`, `keys create`). */
export function registerSite(dataDir: string, org: string, domain: string, source: string): string {
  sheafCli('orgs', 'create', org, '--name', org, '--plan', 'enterprise', '--data-dir', dataDir);
  sheafCli('sites', 'add', domain, '--org', org, '--source', source, '--data-dir', dataDir);
  return sheafCli('keys', 'create', '--org', org, '--kind', 'admin', '--data-dir', dataDir).trim();
}
