import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../../../src/server/store/open-store.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGKILL to the child's whole process group (the service and any build it started). */
  kill(): Promise<void>;
  stderr(): string;
}

/** Starts `service-child.ts` in its own process group on `dataDir` and waits for its URL. */
export async function startServiceProcess(dataDir: string, runner: 'slow' | 'fast' | 'real'): Promise<ServiceProcess> {
  const child = spawn(path.join(REPO, 'node_modules/.bin/tsx'), [path.join(REPO, 'test/server/service/service-child.ts')], {
    cwd: REPO,
    env: { ...process.env, SERVICE_DATA_DIR: dataDir, SERVICE_RUNNER: runner },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start in 30 s: ${stderr}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /\{"url":"([^"]+)"\}/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    stderr: () => stderr,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
  };
}

/** An enterprise organization `acme` with site `docs.acme.com` -> `source` and an admin key. */
export async function seedDataDir(dataDir: string, source: string): Promise<string> {
  const store = await openStore({ kind: 'sqlite', file: path.join(dataDir, 'sheaf.db') });
  try {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    await store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source });
    const key = await store.createApiKey('acme', 'admin');
    if (!key.ok) throw new Error(key.message);
    return key.key;
  } finally {
    await store.close();
  }
}

/** Reads a job straight from the database (another connection; WAL allows it while the service runs). */
export async function readJob(dataDir: string, jobId: string) {
  const store = await openStore({ kind: 'sqlite', file: path.join(dataDir, 'sheaf.db') });
  try {
    return await store.getJob(jobId);
  } finally {
    await store.close();
  }
}
