import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeSandbox } from '../../../src/cli/service-command.js';
import { silentLog } from '../../../src/server/service/service-log.js';
import { SANDBOX_UNAVAILABLE, startService, type RunningService } from '../../../src/server/service/start-service.js';
import { readTarGz } from '../../bundle/read-archive.js';
import { cpuSeconds, processesWith, registerSite, startCliService, type CliService } from './cli-service.js';
import { readJob, seedDataDir } from './service-process.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SIGNALLED = 'A page tried to send a signal to another process, which the export sandbox does not allow; the export was stopped.';

let dir: string;
let services: CliService[] = [];
beforeEach(async () => {
  expect(existsSync(path.join(REPO, 'dist/cli/main.js')), 'dist/ is missing: run `npm run build`').toBe(true);
  dir = await mkdtemp(path.join(tmpdir(), 'sheaf-sandbox-service-'));
});
afterEach(async () => {
  for (const s of services) s.cleanup();
  services = [];
  await rm(dir, { recursive: true, force: true });
});

/** A docs project of MDX pages (name → body). */
async function project(root: string, pages: Readonly<Record<string, string>>, name = 'Docs'): Promise<string> {
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name, colors: { primary: '#0D9373' }, navigation: { pages: Object.keys(pages) } }));
  for (const [page, text] of Object.entries(pages)) await writeFile(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${text}\n`);
  return root;
}

async function start(data: string, ...flags: string[]): Promise<CliService> {
  const service = await startCliService(data, ...flags);
  services.push(service);
  return service;
}

const auth = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });
async function startJob(service: CliService, key: string, domain: string): Promise<string> {
  const res = await fetch(`${service.url}/v1/static-export/jobs`, { method: 'POST', headers: auth(key), body: JSON.stringify({ domain }) });
  expect(res.status).toBe(202);
  return ((await res.json()) as { jobId: string }).jobId;
}
async function jobStatus(service: CliService, key: string, jobId: string) {
  return (await (await fetch(`${service.url}/v1/static-export/jobs/${jobId}`, { headers: auth(key) })).json()) as { status: string; error?: string };
}
async function finished(service: CliService, key: string, jobId: string) {
  await expect.poll(async () => (await jobStatus(service, key, jobId)).status, { timeout: 60_000, interval: 200 }).toMatch(/^(completed|failed)$/);
  return jobStatus(service, key, jobId);
}

describe.each([{ flags: [] as string[] }, { flags: ['--sandbox', 'permission'] }])('sheaf service $flags against a hostile source', ({ flags }) => {
  it('fails a job whose source links to /etc/passwd, the signing key and another organization’s source, naming the link; links inside still export', async () => {
    const data = path.join(dir, 'data');
    const other = await project(path.join(dir, 'beta-docs'), { secret: 'BETA-PRIVATE-PAGE' }, 'Beta Private Docs');
    const source = await project(path.join(dir, 'acme-docs'), { index: "import Passwd from '/snippets/pw.mdx'\n\n# Home\n\n<Passwd />", key: 'x' });
    await mkdir(path.join(source, 'snippets'));
    const key = registerSite(data, 'acme', 'docs.acme.com', source);
    registerSite(data, 'beta', 'docs.beta.com', other);
    const service = await start(data, '--job-timeout', '60', ...flags);
    // The key exists once the service has started; the links are made as an attacker would.
    expect(existsSync(path.join(data, 'signing.key'))).toBe(true);
    await rm(path.join(source, 'key.mdx'));
    await symlink(path.join(data, 'signing.key'), path.join(source, 'key.mdx'));
    await symlink('/etc/passwd', path.join(source, 'snippets', 'pw.mdx'));
    await symlink(other, path.join(source, 'other'));

    const failed = await startJob(service, key, 'docs.acme.com');
    expect(await finished(service, key, failed)).toMatchObject({
      status: 'failed',
      error: 'The docs source holds a symbolic link `key.mdx` → `<data>/signing.key` that leads outside it (and 2 other entries like it); an export reads only files inside its source, so replace the link with a copy of the file. [load/link-outside-project]',
    });
    expect(await readJob(data, failed)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(existsSync(path.join(data, 'jobs', failed))).toBe(false);

    // Without the links out, the same source exports; a page and a snippet linked inside render.
    for (const link of ['key.mdx', 'snippets/pw.mdx', 'other']) await rm(path.join(source, link));
    await writeFile(path.join(source, 'snippets', 'real.mdx'), 'SNIPPET-THROUGH-INSIDE-LINK');
    await symlink('real.mdx', path.join(source, 'snippets', 'pw.mdx'));
    await writeFile(path.join(source, 'guide.mdx'), '---\ntitle: guide\n---\n\nPAGE-THROUGH-INSIDE-LINK\n');
    await symlink('guide.mdx', path.join(source, 'key.mdx'));
    const jobId = await startJob(service, key, 'docs.acme.com');
    expect((await finished(service, key, jobId)).status).toBe('completed');
    const link = (await (await fetch(`${service.url}/v1/static-export/jobs/${jobId}/bundle`, { method: 'POST', headers: auth(key), body: '{}' })).json()) as { bundleUrl: string };
    const file = path.join(dir, 'bundle.tar.gz');
    await writeFile(file, Buffer.from(await (await fetch(link.bundleUrl)).arrayBuffer()));
    const entries = await readTarGz(file);
    const text = (name: string) => entries.find((e) => e.name === name)?.content.toString('utf8') ?? '';
    expect(text('index.html')).toContain('SNIPPET-THROUGH-INSIDE-LINK');
    // Export jobs write Mintlify's `.html` layout: the page `/key` is key.html.
    expect(text('key.html')).toContain('PAGE-THROUGH-INSIDE-LINK');
    const everything = entries.map((e) => e.content.toString('utf8')).join('\n');
    expect(everything).not.toContain((await readFile(path.join(data, 'signing.key'), 'utf8')).trim());
    expect(everything).not.toContain('BETA-PRIVATE-PAGE');
    await service.stop();
  }, 120_000);

  it('survives a page that kills the service (its parent, or its real pid from a file): the job fails with the reason and is not run again after a restart', async () => {
    const data = path.join(dir, 'data');
    const source = await project(path.join(dir, 'kill-docs'), { index: "export const x = process.kill(process.ppid, 'SIGKILL')\n\nKilled {x}" });
    const pidSource = await project(path.join(dir, 'kill-pid-docs'), {
      index: "export const x = process.kill(Number(process.getBuiltinModule('fs').readFileSync('source/pid.txt', 'utf8')), 'SIGKILL')\n\nKilled {x}",
    });
    const key = registerSite(data, 'acme', 'docs.acme.com', source);
    const betaKey = registerSite(data, 'beta', 'docs.beta.com', pidSource);
    let service = await start(data, '--job-timeout', '60', ...flags);
    await writeFile(path.join(pidSource, 'pid.txt'), String(service.pid));
    const first = await startJob(service, key, 'docs.acme.com');
    const second = await startJob(service, betaKey, 'docs.beta.com');
    expect(await finished(service, key, first)).toMatchObject({ status: 'failed', error: SIGNALLED });
    expect(await finished(service, betaKey, second)).toMatchObject({ status: 'failed', error: SIGNALLED });
    // The service lives and answers.
    expect(service.child.exitCode).toBeNull();
    expect((await fetch(`${service.url}/openapi.json`)).status).toBe(200);
    await service.stop();
    service = await start(data, '--job-timeout', '60', ...flags);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await readJob(data, first)).toMatchObject({ status: 'failed', attempts: 1, error: SIGNALLED });
    expect(await readJob(data, second)).toMatchObject({ status: 'failed', attempts: 1, error: SIGNALLED });
    await service.stop();
  }, 120_000);

  it('leaves no export process behind after kill -9 of the service while a page loops forever; the job runs once more, fails at its time limit, and never again', async () => {
    const data = path.join(dir, 'data');
    const source = await project(path.join(dir, 'loop-docs'), { index: 'export const x = (() => { while (true) {} })()\n\nNever {x}' });
    const key = registerSite(data, 'acme', 'docs.acme.com', source);
    let service = await start(data, '--job-timeout', '6', ...flags);
    const jobId = await startJob(service, key, 'docs.acme.com');
    const job = `"version":"${jobId}"`;
    // The export process spins in the page (a second of CPU time used), then the service is killed.
    await expect.poll(() => Math.max(0, ...processesWith(job).map(cpuSeconds)), { timeout: 30_000, interval: 200 }).toBeGreaterThan(1);
    await service.kill9();
    await expect.poll(() => [...processesWith(job), ...processesWith(path.join(data, 'work'))], { timeout: 5_000, interval: 100 }).toEqual([]);
    expect(await readJob(data, jobId)).toMatchObject({ status: 'running', attempts: 1 });

    // Next start: run once more (attempt 2), stopped at the time limit, failed with the reason.
    service = await start(data, '--job-timeout', '6', ...flags);
    expect(await finished(service, key, jobId)).toMatchObject({ status: 'failed', error: 'The export took longer than its time limit of 6 s and was stopped.' });
    expect(await readJob(data, jobId)).toMatchObject({ attempts: 2 });
    expect(processesWith(job)).toEqual([]);
    await service.stop();
    // And never again.
    service = await start(data, '--job-timeout', '6', ...flags);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await readJob(data, jobId)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(processesWith(job)).toEqual([]);
    await service.stop();
  }, 120_000);
});

describe('the export sandbox at the service’s start', () => {
  let running: RunningService | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('says in plain words when bubblewrap cannot run, and then refuses every job with the reason', async () => {
    const data = path.join(dir, 'data');
    const source = await project(path.join(dir, 'docs'), { index: 'Fine.' });
    const key = await seedDataDir(data, source);
    const problem = 'bubblewrap (`bwrap`) cannot create its sandbox here (bwrap: No permissions to create new namespace); the kernel may refuse unprivileged namespaces';
    const logs: string[] = [];
    running = await startService({ dataDir: data, port: 0, host: '127.0.0.1', env: {}, log: (level, message) => logs.push(`${level}: ${message}`), probeSandbox: () => problem });
    expect(running.sandbox).toEqual({ mode: 'bwrap', problem });
    expect(logs).toEqual(['error: export sandbox unavailable: export jobs are refused']);
    expect(describeSandbox(running.sandbox)).toEqual({
      stdout: '',
      stderr:
        `sheaf: export jobs are refused: ${problem}.\n` +
        "  Export builds run page code from the organizations' sources, so they run in a bubblewrap sandbox (own PID, network and IPC namespaces, a read-only snapshot of the source).\n" +
        "  Install bubblewrap and let it create namespaces, or start the service with `--sandbox permission` to build under Node's permission model alone (weaker: no namespaces).\n",
    });
    const res = await fetch(`${running.url}/v1/static-export/jobs`, { method: 'POST', headers: auth(key), body: JSON.stringify({ domain: 'docs.acme.com' }) });
    const { jobId } = (await res.json()) as { jobId: string };
    await running.queue.idle();
    expect(await running.store.getJob(jobId)).toMatchObject({ status: 'failed', error: SANDBOX_UNAVAILABLE });
  });

  it('runs jobs with --sandbox permission whatever bubblewrap can do, and says so', async () => {
    const data = path.join(dir, 'data');
    const source = await project(path.join(dir, 'docs'), { index: 'Fine.' });
    await seedDataDir(data, source);
    running = await startService({ dataDir: data, port: 0, host: '127.0.0.1', env: {}, log: silentLog, sandbox: 'permission', probeSandbox: () => 'never asked' });
    expect(running.sandbox).toEqual({ mode: 'permission', pdeathsig: true });
    expect(describeSandbox(running.sandbox).stdout).toBe("  Export sandbox: Node's permission model only (--sandbox permission; no namespaces); builds end with the service (setpriv --pdeathsig)\n");
  });

  it('says which sandbox it runs with, from the compiled CLI', async () => {
    const data = path.join(dir, 'data');
    const service = await start(data);
    await expect.poll(() => service.stdout()).toContain("  Export sandbox: bubblewrap (own PID, network, IPC and UTS namespaces; a read-only snapshot of the source) and Node's permission model\n");
    await service.stop();
  });
});
