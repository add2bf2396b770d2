import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJob, seedDataDir, startServiceProcess, type ServiceProcess } from './service-process.js';

let dir: string;
let running: ServiceProcess | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-restart-'));
});
afterEach(async () => {
  await running?.kill();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('a service killed while a job runs', () => {
  it('runs the job again once, fails it after a second kill with the reason, and picks up queued jobs', async () => {
    const data = path.join(dir, 'data');
    const source = path.join(dir, 'project');
    await mkdir(source);
    const key = await seedDataDir(data, source);
    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const status = async (url: string, jobId: string) => ((await (await fetch(`${url}/v1/static-export/jobs/${jobId}`, { headers: auth })).json()) as { status: string; progress: number; error?: string });

    running = await startServiceProcess(data, 'slow');
    const start = async () => ((await (await fetch(`${running!.url}/v1/static-export/jobs`, { method: 'POST', headers: auth, body: '{"domain":"docs.acme.com"}' })).json()) as { jobId: string }).jobId;
    const first = await start();
    const second = await start();
    await expect.poll(async () => (await status(running!.url, first)).progress, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
    expect((await status(running.url, second)).status).toBe('queued');
    await running.kill();
    expect(await readJob(data, first)).toMatchObject({ status: 'running', attempts: 1 });

    // Second life: the interrupted job runs again (attempt 2); killed again mid-run.
    running = await startServiceProcess(data, 'slow');
    await expect.poll(async () => (await readJob(data, first))?.attempts, { timeout: 10_000, interval: 100 }).toBe(2);
    expect((await status(running.url, first)).status).toBe('running');
    await running.kill();

    // Third life: the job was interrupted twice and fails with the reason; the queued one completes.
    running = await startServiceProcess(data, 'fast');
    expect(await status(running.url, first)).toMatchObject({ status: 'failed', error: 'The export was interrupted by a service restart.' });
    await expect.poll(async () => (await status(running!.url, second)).status, { timeout: 10_000, interval: 100 }).toBe('completed');
    expect(await readJob(data, second)).toMatchObject({ attempts: 1, pageCount: 7 });
  }, 90_000);
});
