import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../../src/server/service/create-service-app.js';
import { createLinkSigner } from '../../../src/server/service/link-signer.js';
import { openStore, type ServiceStore } from '../../../src/server/store/open-store.js';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { authed, fakeRunner } from './helpers.js';
import { MIGRATION_NAMES } from '../../../src/server/store/store-migrations.js';

let dir: string;
let file: string;
let store: ServiceStore | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-service-deployment-'));
  file = path.join(dir, 'sheaf.db');
});
afterEach(async () => {
  await store?.close();
  store = undefined;
  await rm(dir, { recursive: true, force: true });
});

/**
 * The service schema at version 1, as an earlier Sheaf wrote it (its own `schema_migrations`
 * table, STRICT tables, no `deployment` column).
 */
const LEGACY_VERSION_1 = `
  CREATE TABLE schema_migrations (
    component TEXT NOT NULL,
    version INTEGER NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (component, version)
  ) STRICT;
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise'))
  ) STRICT;
  CREATE TABLE sites (
    domain TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    source TEXT NOT NULL
  ) STRICT;
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    kind TEXT NOT NULL CHECK (kind IN ('admin', 'assistant')),
    key_sha256 TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE jobs (
    job_id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    domain TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    progress INTEGER NOT NULL DEFAULT 0,
    page_count INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    bundle_file TEXT,
    bundle_bytes INTEGER,
    search_records_file TEXT
  ) STRICT;
  CREATE INDEX jobs_org_created ON jobs (org_id, created_at);
  CREATE INDEX jobs_status_created ON jobs (status, created_at);
  INSERT INTO schema_migrations (component, version, applied_at) VALUES ('service', 1, '2026-01-15T08:00:00.000Z');
`;

/**
 * A database as a service before deployment profiles left it: the service schema at version 1,
 * an organization, a site and three jobs written with the version-1 columns only.
 */
function writeVersionOneDatabase(source: string): void {
  const db = openSqlite(file);
  try {
    db.exec(LEGACY_VERSION_1);
    expect(db.prepare("SELECT MAX(version) AS v FROM schema_migrations WHERE component = 'service'").get()).toEqual({ v: 1 });
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

/** Tables of the database, by name. */
const tablesOf = async (s: ServiceStore) => (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(s.db)).rows.map((r) => r.name);

describe('jobs stored before deployment profiles', () => {
  it('read as cloud once the store upgrades the database in place', async () => {
    writeVersionOneDatabase(dir);
    store = await openStore({ kind: 'sqlite', file });
    // The store's own migration took the database over: the earlier bookkeeping is gone, the
    // assistant's tables are there, and the data stayed where it was.
    expect((await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db)).rows).toEqual(MIGRATION_NAMES.map((name) => ({ name })));
    const tables = await tablesOf(store);
    expect(tables).not.toContain('schema_migrations');
    expect(tables).toEqual(expect.arrayContaining(['api_keys', 'assistant_messages', 'assistant_threads', 'jobs', 'organizations', 'sites']));
    expect(await store.getOrganization('acme')).toEqual({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    expect(await store.getSite('docs.acme.com')).toEqual({ domain: 'docs.acme.com', orgId: 'acme', source: dir });
    expect(await store.getJob('se_00000000000000a1')).toEqual({
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
    expect((await store.listJobsByStatus('running')).map((j) => j.deployment)).toEqual(['cloud']);
    // New jobs keep their own profile; the column refuses a value that is no profile.
    await store.insertJob({ ...(await store.getJob('se_00000000000000a3'))!, jobId: 'se_00000000000000b1', deployment: 'air-gapped' });
    expect((await store.getJob('se_00000000000000b1'))?.deployment).toBe('air-gapped');
    await expect(sql`UPDATE jobs SET deployment = 'offline' WHERE job_id = 'se_00000000000000b1'`.execute(store.db)).rejects.toThrow(/CHECK constraint failed/);
    // A second open finds nothing left to do.
    await store.close();
    store = await openStore({ kind: 'sqlite', file });
    expect((await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db)).rows).toEqual(MIGRATION_NAMES.map((name) => ({ name })));
    expect((await store.getJob('se_00000000000000b1'))?.deployment).toBe('air-gapped');
  });

  it('are taken over as they are from a database at version 2 (the deployment column exists)', async () => {
    writeVersionOneDatabase(dir);
    const db = openSqlite(file);
    try {
      db.exec("ALTER TABLE jobs ADD COLUMN deployment TEXT NOT NULL DEFAULT 'cloud' CHECK (deployment IN ('cloud', 'client-hosted', 'air-gapped'))");
      db.prepare("UPDATE jobs SET deployment = 'client-hosted' WHERE job_id = 'se_00000000000000a1'").run();
      db.prepare("INSERT INTO schema_migrations (component, version, applied_at) VALUES ('service', 2, '2026-01-20T08:00:00.000Z')").run();
    } finally {
      db.close();
    }
    store = await openStore({ kind: 'sqlite', file });
    expect(await tablesOf(store)).not.toContain('schema_migrations');
    expect((await store.getJob('se_00000000000000a1'))?.deployment).toBe('client-hosted');
    expect((await store.listJobsByStatus('queued')).map((j) => j.deployment)).toEqual(['cloud']);
  });

  it('run again after a restart as cloud, and show cloud in their status', async () => {
    writeVersionOneDatabase(dir);
    store = await openStore({ kind: 'sqlite', file });
    const key = await store.createApiKey('acme', 'admin');
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
