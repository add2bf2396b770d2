import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExecutable, sandboxLaunch } from '../../src/export/export-sandbox.js';
import { runExportChild } from '../../src/export/run-export-child.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { cpuSeconds, processesWith } from '../server/service/cli-service.js';
import { readTarGz } from '../bundle/read-archive.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIMITS = { timeoutMs: 60_000, maxMemoryMb: 512 } as const;
const SIGNALLED = 'A page tried to send a signal to another process, which the export sandbox does not allow; the export was stopped.';

let tmp: string;
beforeAll(async () => {
  expect(existsSync(path.join(REPO, 'dist/export/export-child.js')), 'dist/ is missing: run `npm run build`').toBe(true);
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-export-attacks-'));
  await writeFile(path.join(tmp, 'outside-secret.txt'), 'OUTSIDE-SECRET-9d2e\n');
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A docs project of MDX pages (name → body). */
async function project(name: string, pages: Readonly<Record<string, string>>): Promise<string> {
  const root = path.join(tmp, 'projects', name);
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name, colors: { primary: '#0D9373' }, navigation: { pages: Object.keys(pages) } }));
  for (const [page, text] of Object.entries(pages)) await writeFile(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${text}\n`);
  return root;
}

describe.each(['bwrap', 'permission'] as const)('the export process against page code (sandbox %s)', (sandbox) => {
  const work = (name: string) => path.join(tmp, 'work', sandbox, name);

  it('fails the job, before any process starts, when the source holds a link to a file outside; page code that reads it gets nothing', async () => {
    const source = await project(`link-${sandbox}`, {
      index: "export const leak = process.getBuiltinModule('fs').readFileSync('secret.txt', 'utf8')\n\nLeak: {leak}",
    });
    await symlink(path.join(tmp, 'outside-secret.txt'), path.join(source, 'secret.txt'));
    expect(await runExportChild({ sandbox, source, workDir: work('link'), version: 'v1', ...LIMITS })).toEqual({
      ok: false,
      reason: `The docs source holds a symbolic link \`secret.txt\` → \`${path.join(tmp, 'outside-secret.txt')}\` that leads outside it; an export reads only files inside its source, so replace the link with a copy of the file. [load/link-outside-project]`,
    });
    expect(existsSync(path.join(work('link'), 'bundle.tar.gz'))).toBe(false);
  });

  it('page code reading a link the snapshot leaves out (node_modules), by the source path or through the work folder, reads nothing from outside', async () => {
    const source = await project(`fs-${sandbox}`, { index: 'Fine.', leak: '' });
    await mkdir(path.join(source, 'node_modules'), { recursive: true });
    await symlink(path.join(tmp, 'outside-secret.txt'), path.join(source, 'node_modules', 'leak'));
    const tries = [path.join(source, 'node_modules', 'leak'), 'node_modules/leak', 'source/node_modules/leak', path.join(source, 'index.mdx')];
    const code = tries
      .map((file, i) => `export const t${i} = (() => { try { return process.getBuiltinModule('fs').readFileSync(${JSON.stringify(file)}, 'utf8') } catch (e) { return 'refused:' + e.code } })()`)
      .join('\n');
    await writeFile(path.join(source, 'leak.mdx'), `---\ntitle: leak\n---\n\n${code}\n\n${tries.map((_, i) => `T${i}={t${i}}`).join('\n\n')}\n`);
    const r = await runExportChild({ sandbox, source, workDir: work('fs'), version: 'v1', ...LIMITS });
    expect(r).toMatchObject({ ok: true, pageCount: 2, errors: 0 });
    const entries = await readTarGz(path.join(work('fs'), 'bundle.tar.gz'));
    const everything = entries.map((e) => e.content.toString('utf8')).join('\n');
    expect(everything).not.toContain('OUTSIDE-SECRET-9d2e');
    const leak = entries.find((e) => e.name === 'leak.html')?.content.toString('utf8') ?? '';
    // The original source is not readable (permission model; under bubblewrap it is not even
    // mounted); the work folder and the snapshot hold no link and no node_modules.
    expect([...leak.matchAll(/T(\d)=(refused:[A-Z_]+)/g)].map((m) => [m[1], m[2]])).toEqual([
      ['0', 'refused:ERR_ACCESS_DENIED'],
      ['1', 'refused:ENOENT'],
      ['2', 'refused:ENOENT'],
      ['3', 'refused:ERR_ACCESS_DENIED'],
    ]);
  });

  it('an MDX page killing its parent stops its own build and fails the job; the parent lives', async () => {
    const source = await project(`kill-parent-${sandbox}`, { index: "export const x = process.kill(process.ppid, 'SIGKILL')\n\nKilled {x}" });
    expect(await runExportChild({ sandbox, source, workDir: work('kill-parent'), version: 'v1', ...LIMITS })).toEqual({ ok: false, reason: SIGNALLED });
  });

  it("an MDX page killing the service's real pid (read from a file of the source), or its process group, fails the job; the service lives", async () => {
    const source = await project(`kill-pid-${sandbox}`, {
      index: "export const x = process.kill(Number(process.getBuiltinModule('fs').readFileSync('source/pid.txt', 'utf8')), 'SIGKILL')\n\nKilled {x}",
    });
    await writeFile(path.join(source, 'pid.txt'), String(process.pid));
    expect(await runExportChild({ sandbox, source, workDir: work('kill-pid'), version: 'v1', ...LIMITS })).toEqual({ ok: false, reason: SIGNALLED });
    const group = await project(`kill-group-${sandbox}`, { index: "export const x = process.kill(0, 'SIGKILL')\n\nKilled {x}" });
    expect(await runExportChild({ sandbox, source: group, workDir: work('kill-group'), version: 'v1', ...LIMITS })).toEqual({ ok: false, reason: SIGNALLED });
    // Signalling itself stays possible (and ends only its own build).
    const self = await project(`kill-self-${sandbox}`, { index: "export const x = process.kill(process.pid, 'SIGKILL')\n\nKilled {x}" });
    const r = await runExportChild({ sandbox, source: self, workDir: work('kill-self'), version: 'v1', ...LIMITS });
    expect(r).toEqual({ ok: false, reason: sandbox === 'bwrap' ? 'The export process stopped unexpectedly (exit code 137).' : 'The export process stopped unexpectedly (signal SIGKILL).' });
  });

  it('a page looping forever dies with its parent: after kill -9 of the parent no export process remains', async () => {
    const source = await project(`loop-${sandbox}`, { index: 'export const x = (() => { while (true) {} })()\n\nNever {x}' });
    const workDir = work('loop');
    const version = `loop-${sandbox}-${process.pid}`;
    const script = `
      const { runExportChild } = await import(${JSON.stringify(pathToFileURL(path.join(REPO, 'dist/export/run-export-child.js')).href)});
      await runExportChild({ sandbox: ${JSON.stringify(sandbox)}, source: ${JSON.stringify(source)}, workDir: ${JSON.stringify(workDir)}, version: ${JSON.stringify(version)}, timeoutMs: 120000, maxMemoryMb: 256 });
    `;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    // The export process (its job argument holds the version as JSON; the parent's script does
    // not) runs and spins in the page: it has used a second of CPU time.
    const job = `"version":"${version}"`;
    await expect.poll(() => Math.max(0, ...processesWith(job).map(cpuSeconds)), { timeout: 30_000, interval: 200 }).toBeGreaterThan(1);
    parent.kill('SIGKILL');
    await exited;
    await expect.poll(() => [...processesWith(job), ...processesWith(workDir)], { timeout: 5_000, interval: 100 }).toEqual([]);
  });
});

describe('the CPU-time limit of the export process', () => {
  it('ends a busy loop by itself when nobody is left to kill it (no pdeathsig): SIGXCPU at the limit', async () => {
    const prlimit = findExecutable('prlimit');
    expect(prlimit, 'util-linux prlimit is missing').toBeDefined();
    const launch = sandboxLaunch({ mode: 'permission', nodeArgs: ['-e', 'while (true) {}'], packagePaths: [], workDir: tmp, snapshotDir: tmp, cpuSeconds: 1, tools: { prlimit } });
    const child = spawn(launch!.command, launch!.args, { stdio: 'ignore' });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
    expect([code, signal]).toEqual([null, 'SIGXCPU']);
  }, 30_000);

  it('starts the process through prlimit, then bubblewrap or setpriv, which exec each other', () => {
    const tools = { bwrap: '/usr/bin/bwrap', setpriv: '/usr/bin/setpriv', prlimit: '/usr/bin/prlimit' };
    const common = { nodeArgs: ['entry.js'], packagePaths: ['/opt/sheaf/dist'], workDir: '/data/work/se_1-1', snapshotDir: '/data/work/se_1-1/source', cpuSeconds: 600, tools };
    const permission = sandboxLaunch({ ...common, mode: 'permission' });
    expect([permission?.command, ...(permission?.args.slice(0, 6) ?? [])]).toEqual(['/usr/bin/prlimit', '--cpu=600:601', '--', '/usr/bin/setpriv', '--pdeathsig', 'KILL', '--']);
    const bwrap = sandboxLaunch({ ...common, mode: 'bwrap' })!;
    expect([bwrap.command, ...bwrap.args.slice(0, 5)]).toEqual(['/usr/bin/prlimit', '--cpu=600:601', '--', '/usr/bin/bwrap', '--unshare-all', '--die-with-parent']);
    const args = bwrap.args.join(' ');
    expect(args).toContain('--new-session');
    expect(args).toContain('--ro-bind /opt/sheaf/dist /opt/sheaf/dist');
    expect(args).toContain('--bind /data/work/se_1-1 /job --ro-bind /data/work/se_1-1/source /job/source');
    expect(args.endsWith('-- ' + bwrap.args[bwrap.args.length - 2] + ' entry.js')).toBe(true);
    expect(sandboxLaunch({ ...common, mode: 'bwrap', tools: { prlimit: tools.prlimit } })).toBeUndefined();
  });
});

describe('diagnostics of a build in the sandbox', () => {
  it('holds no stack and no path outside the work folder', async () => {
    const source = await project('diagnostics', { index: "export const x = process.getBuiltinModule('fs').readFileSync('/etc/hostname', 'utf8')\n\n{x}" });
    const r = await runExportChild({ source, workDir: path.join(tmp, 'work', 'diagnostics'), version: 'v1', ...LIMITS });
    expect(r).toMatchObject({ ok: true, errors: 1 });
    const diagnostics = JSON.parse(await readFile(path.join(tmp, 'work', 'diagnostics', 'diagnostics.json'), 'utf8')) as Diagnostic[];
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.code, d.message])).toEqual([
      ['index.mdx', 'mdx/runtime', 'Rendering failed: the export sandbox does not allow reading files outside the docs source (access denied)'],
    ]);
  });
});
