import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_GONE_EXIT_CODE, TIME_LIMIT_EXIT_CODE, type ChildJob } from '../../src/export/export-child-protocol.js';

/**
 * The export process started directly, as `runExportChild` would start it but without
 * bubblewrap, setpriv or prlimit: what it does on its own when its parent dies or its time runs
 * out (the kernel's --die-with-parent and --pdeathsig are other lines of defence).
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHILD = path.join(REPO, 'dist/export/export-child.js');
/** A page that waits two minutes on a timer: the export process then idles, its event loop free. */
const WAITING_PAGE = "export const late = await new Promise((resolve) => setTimeout(() => resolve('late'), 120000))\n\n{late}";

let tmp: string;
beforeAll(async () => {
  expect(existsSync(CHILD), 'dist/ is missing: run `npm run build`').toBe(true);
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-export-process-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A project whose first page renders at once and whose second waits on its timer. */
async function waitingProject(name: string): Promise<string> {
  const root = path.join(tmp, name);
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name, colors: { primary: '#0D9373' }, navigation: { pages: ['first', 'waiting'] } }));
  await writeFile(path.join(root, 'first.mdx'), '---\ntitle: First\n---\n\nRendered at once.\n');
  await writeFile(path.join(root, 'waiting.mdx'), `---\ntitle: Waiting\n---\n\n${WAITING_PAGE}\n`);
  return root;
}

/** Polls until `check` holds; throws after `limitMs` (a guard against a hang, never an assertion on time). */
async function until(check: () => Promise<boolean> | boolean, limitMs: number): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the export process on its own', () => {
  it('ends itself at its own time limit: exit code 124 and one line on stderr', async () => {
    const job: ChildJob = { source: await waitingProject('timer'), workDir: path.join(tmp, 'timer-work'), version: 'v1', timeoutMs: 1500 };
    await mkdir(job.workDir, { recursive: true });
    const child = spawn(process.execPath, [CHILD, JSON.stringify(job)], { env: {}, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const messages: unknown[] = [];
    child.on('message', (m) => messages.push(m));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
    expect([code, signal]).toEqual([TIME_LIMIT_EXIT_CODE, null]);
    expect(stderr).toBe('The export passed its time limit of 1500 ms.\n');
    // It got as far as the first page, then idled on the second one's timer.
    expect(messages).toEqual([{ type: 'progress', done: 1, total: 2 }]);
  });

  it('exits through the IPC disconnect when only its parent is killed (kill -9) while it idles on a timer', async () => {
    const job: ChildJob = { source: await waitingProject('orphan'), workDir: path.join(tmp, 'orphan-work'), version: 'v1', timeoutMs: 600_000 };
    await mkdir(job.workDir, { recursive: true });
    const stderrFile = path.join(tmp, 'orphan.stderr');
    const exitFile = path.join(tmp, 'orphan.exit');
    // The parent: starts the export process with an IPC channel and says `ready` once a page is
    // done (printing the pid of `sh`). `sh` stands between them only to record the exit code (it passes the channel on, as
    // npm scripts do); it is not killed.
    const parentCode = `
      const { spawn } = require('node:child_process');
      const fs = require('node:fs');
      const [child, job, stderrFile, exitFile] = process.argv.slice(1);
      const err = fs.openSync(stderrFile, 'w');
      const export_ = spawn('sh', ['-c', 'node "$0" "$1"; echo $? > "$2"', child, job, exitFile], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'ignore', err, 'ipc'] });
      export_.on('message', (m) => { if (m.type === 'progress') process.stdout.write(export_.pid + '\\n'); });
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['-e', parentCode, CHILD, JSON.stringify(job), stderrFile, exitFile], {
      env: { PATH: `${path.dirname(process.execPath)}:${process.env['PATH'] ?? ''}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: parent.stdout! });
    const shell = Number(await new Promise<string>((resolve) => lines.once('line', resolve)));
    // The export process, child of `sh`: ended here if the test fails, so no build outlives it.
    const exporter = Number((await readFile(`/proc/${shell}/task/${shell}/children`, 'utf8')).trim());
    expect(exporter).toBeGreaterThan(0);
    try {
      parent.kill('SIGKILL');
      await until(() => existsSync(exitFile), 20_000);
      await until(async () => (await readFile(exitFile, 'utf8')).endsWith('\n'), 5_000);
    } finally {
      try {
        process.kill(exporter, 'SIGKILL');
      } catch {
        // Gone, as it should be.
      }
    }
    expect(await readFile(exitFile, 'utf8')).toBe(`${PARENT_GONE_EXIT_CODE}\n`);
    expect(await readFile(stderrFile, 'utf8')).toBe('The parent process is gone; the export stops.\n');
    // Nothing was written: the build stopped before its bundle.
    expect(existsSync(path.join(job.workDir, 'bundle.tar.gz'))).toBe(false);
  });
});
