import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionFlag, permissionModelProblem } from '../../src/export/permission-model.js';
import { childProcessRunner } from '../../src/server/service/export-runner.js';
import { silentLog } from '../../src/server/service/service-log.js';
import { startService } from '../../src/server/service/start-service.js';


describe('the permission-model flag of the running Node', () => {
  it('is --experimental-permission where only that is known (Node 20)', () => {
    expect(permissionFlag(new Set(['--experimental-permission', '--allow-fs-read']))).toBe('--experimental-permission');
  });
  it('is --permission where both are known (Node 22) or only --permission (Node 24)', () => {
    expect(permissionFlag(new Set(['--permission', '--experimental-permission']))).toBe('--permission');
    expect(permissionFlag(new Set(['--permission', '--allow-fs-read']))).toBe('--permission');
  });
  it('is one the Node running these tests accepts', () => {
    const flag = permissionFlag();
    expect(flag).toBeDefined();
    expect(process.allowedNodeEnvironmentFlags.has(flag as string)).toBe(true);
  });
  it('is missing on a Node without the permission model, and the problem says so in plain words', () => {
    expect(permissionFlag(new Set(['--max-old-space-size']))).toBeUndefined();
    expect(permissionModelProblem(new Set(['--max-old-space-size']))).toBe(
      `Node.js ${process.version} has no permission model, which export jobs run under; run the service with Node.js 20.19, 22 or 24 or later.`,
    );
    expect(permissionModelProblem(new Set(['--permission']))).toBeUndefined();
  });
});

describe('sheaf service on a Node without the permission model', () => {
  it('refuses to start with the reason, before opening its store, when it would run jobs in the child', async () => {
    const data = await mkdtemp(path.join(os.tmpdir(), 'sheaf-perm-'));
    try {
      await expect(
        startService({ dataDir: data, port: 0, host: '127.0.0.1', env: {}, log: silentLog, runner: childProcessRunner, nodeFlags: new Set(['--max-old-space-size']) }),
      ).rejects.toThrow(/has no permission model, which export jobs run under/);
      const started = await startService({ dataDir: data, port: 0, host: '127.0.0.1', env: {}, log: silentLog, runner: async () => ({ ok: false, reason: 'x' }), nodeFlags: new Set() });
      await started.close();
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });
});
