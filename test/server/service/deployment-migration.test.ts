import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../../src/server/service/create-service-app.js';
import { createLinkSigner } from '../../../src/server/service/link-signer.js';
import { applyMigrations } from '../../../src/server/store/migrations.js';
import { openStore, type ServiceStore } from '../../../src/server/store/open-store.js';
import { SERVICE_MIGRATIONS } from '../../../src/server/store/service-migrations.js';
import { authed, fakeRunner } from './helpers.js';

let dir: string;
let file: string;
let store: ServiceStore | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-deployment-'));
  file = path.join(dir, 'sheaf.db');
});
afterEach(async () => {
  store?.close();
  store = undefined;
  await rm(dir, { recursive: true, force: true });
});

/**
 * A database as a service before deployment profiles left it: the service schema at version 1,
 * an organization, a site and three jobs written with the version-1 columns only.
 */
function writeVersionOneDatabase(source: string): void {
  const db = openSqlite(file);
  try {
    expect(applyMigrations(db, 'service', SERVICE_MIGRATIONS.filter((m) => m.version === 1))).toBe(1);
    db.prepare("INSERT INTO organizations (id, name, plan) VALUES ('acme', 'Acme', 'enterprise')").run();
    db.prepare("INSERT INTO sites (domain, org_id, source) VALUES ('docs.acme.com', 'acme', ?)").run(source);
    const insert = db.prepare(
      "INSERT INTO jobs (job_id, org_id, domain, status, progress, page_count, created_at, updated_at, attempts) VALUES (?, 'acme', 'docs.acme.com', ?, ?, ?, ?, ?, ?)",
    );
    insert.run('se_00000000000000a1', 'completed', 100, 7, '2026-02-01T09:00:00.000Z', '2026-02-01T09:01:00.000Z', 1);
    insert.run('se_00000000000000a2', 'running', 30, 2, '2026-02-01T10:00:00.000Z', '2026-02-01T10:00:05.000Z', 1);
    insert.run('se_00000000000000a3', 'queued', 0, 0, '2026-02-01T10:01:00.000Z', '2026-02-01T10:01:00.000Z', 0);
  } finally {
    db.close();
  }
}

describe('jobs stored before deployment profiles', () => {
  it('read as cloud once the store migrates the database to version 2', () => {
    writeVersionOneDatabase(dir);
    store = openStore(file);
    expect(store.db.prepare("SELECT version FROM schema_migrations WHERE component = 'service' ORDER BY version").all()).toEqual([{ version: 1 }, { version: 2 }]);
    expect(store.getJob('se_00000000000000a1')).toEqual({
      jobId: 'se_00000000000000a1',
      orgId: 'acme',
      domain: 'docs.acme.com',
      deployment: 'cloud',
      status: 'completed',
      progress: 100,
      pageCount: 7,
      createdAt: '2026-02-01T09:00:00.000Z',
      updatedAt: '2026-02-01T09:01:00.000Z',
      attempts: 1,
    });
    expect(store.listJobsByStatus('running').map((j) => j.deployment)).toEqual(['cloud']);
    // New jobs keep their own profile; the column refuses a value that is no profile.
    store.insertJob({ ...store.getJob('se_00000000000000a3')!, jobId: 'se_00000000000000b1', deployment: 'air-gapped' });
    expect(store.getJob('se_00000000000000b1')?.deployment).toBe('air-gapped');
    expect(() => store!.db.prepare("UPDATE jobs SET deployment = 'offline' WHERE job_id = 'se_00000000000000b1'").run()).toThrow(/CHECK constraint failed/);
  });

  it('run again after a restart as cloud, and show cloud in their status', async () => {
    writeVersionOneDatabase(dir);
    store = openStore(file);
    const key = store.createApiKey('acme', 'admin');
    if (!key.ok) throw new Error(key.message);
    const runner = fakeRunner();
    const { app, queue } = createServiceApp({ store, clock: () => Date.parse('2026-03-01T10:00:00.000Z'), signer: createLinkSigner(Buffer.alloc(32, 3)), runner, dataDir: dir });
    try {
      await queue.idle();
      expect(runner.calls.map((c) => [c.version, c.deployment])).toEqual([
        ['se_00000000000000a2', 'cloud'],
        ['se_00000000000000a3', 'cloud'],
      ]);
      const status = await app.request('/v1/static-export/jobs/se_00000000000000a2', authed(key.key));
      expect(await status.json()).toMatchObject({ jobId: 'se_00000000000000a2', deployment: 'cloud', status: 'completed', pageCount: 7 });
    } finally {
      await queue.close();
    }
  });
});
