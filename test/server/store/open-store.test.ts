import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../src/model/service.js';
import { applyMigrations, generateApiKey, hashApiKey, keyKindOf, openStore, type ServiceStore } from '../../../src/server/store/index.js';

let dir: string;
let store: ServiceStore;
const fixedNow = () => new Date('2026-01-02T03:04:05.000Z');

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-store-'));
  store = openStore(path.join(dir, 'sheaf.db'), { now: fixedNow });
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const job = (over: Partial<ExportJob> = {}): ExportJob => ({
  jobId: 'se_0123456789abcdef',
  orgId: 'acme',
  domain: 'docs.acme.com',
  deployment: 'cloud',
  status: 'queued',
  progress: 0,
  pageCount: 0,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  attempts: 0,
  ...over,
});

describe('openStore', () => {
  it('opens the database in WAL mode and records the schema version', async () => {
    expect(store.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(store.db.prepare("SELECT MAX(version) AS v FROM schema_migrations WHERE component = 'service'").get()).toEqual({ v: 2 });
    expect((await stat(path.join(dir, 'sheaf.db'))).isFile()).toBe(true);
  });

  it('applies a component migration once, whatever the number of opens', () => {
    const migrations = [{ version: 1, sql: 'CREATE TABLE threads (id TEXT PRIMARY KEY) STRICT' }];
    expect(applyMigrations(store.db, 'assistant', migrations)).toBe(1);
    expect(applyMigrations(store.db, 'assistant', migrations)).toBe(1);
    expect(applyMigrations(store.db, 'assistant', [...migrations, { version: 2, sql: 'ALTER TABLE threads ADD COLUMN fp TEXT' }])).toBe(2);
    store.close();
    store = openStore(path.join(dir, 'sheaf.db'));
    expect(store.db.prepare('SELECT component, version FROM schema_migrations ORDER BY component, version').all()).toEqual([
      { component: 'assistant', version: 1 },
      { component: 'assistant', version: 2 },
      { component: 'service', version: 1 },
      { component: 'service', version: 2 },
    ]);
  });

  it('creates organizations and refuses duplicates and bad ids or plans', () => {
    expect(store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' })).toEqual({ ok: true, organization: { id: 'acme', name: 'Acme', plan: 'enterprise' } });
    expect(store.createOrganization({ id: 'acme', name: 'Again', plan: 'free' })).toMatchObject({ ok: false, code: 'store/org-exists' });
    expect(store.createOrganization({ id: 'Bad Id', name: 'x', plan: 'free' })).toMatchObject({ ok: false, code: 'store/invalid-id' });
    expect(store.createOrganization({ id: 'ok', name: 'x', plan: 'gold' as never })).toMatchObject({ ok: false, code: 'store/invalid-plan' });
    expect(store.getOrganization('acme')).toEqual({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    expect(store.getOrganization('nobody')).toBeUndefined();
    expect(store.listOrganizations().map((o) => o.id)).toEqual(['acme']);
  });

  it('adds sites for known organizations only', () => {
    store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    expect(store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' })).toEqual({ ok: true, site: { domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' } });
    expect(store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/other' })).toMatchObject({ ok: false, code: 'store/site-exists' });
    expect(store.addSite({ domain: 'x', orgId: 'nobody', source: '/srv' })).toMatchObject({ ok: false, code: 'store/unknown-org' });
    expect(store.addSite({ domain: '../etc', orgId: 'acme', source: '/srv' })).toMatchObject({ ok: false, code: 'store/invalid-domain' });
    expect(store.addSite({ domain: 'rel', orgId: 'acme', source: 'docs' })).toMatchObject({ ok: false, code: 'store/invalid-source' });
    expect(store.getSite('docs.acme.com')).toEqual({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' });
    expect(store.listSites('acme')).toHaveLength(1);
    expect(store.listSites('other')).toEqual([]);
  });

  it('keeps only the SHA-256 of a key and finds the record by the clear key', () => {
    store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    const admin = store.createApiKey('acme', 'admin');
    const assistant = store.createApiKey('acme', 'assistant');
    if (!admin.ok || !assistant.ok) throw new Error('key creation failed');
    expect(admin.key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(admin.key.startsWith('svc_dsc_')).toBe(false);
    expect(assistant.key).toMatch(/^svc_dsc_[A-Za-z0-9_-]{43}$/);
    expect(admin.record).toMatchObject({ orgId: 'acme', kind: 'admin', createdAt: '2026-01-02T03:04:05.000Z' });
    expect(store.findApiKey(admin.key)).toEqual(admin.record);
    expect(store.findApiKey(assistant.key)).toEqual(assistant.record);
    expect(store.findApiKey(admin.key + 'x')).toBeUndefined();
    const rows = store.db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(admin.key);
    expect(stored).not.toContain(admin.key.slice(4));
    expect(rows.map((r) => r['key_sha256']).sort()).toEqual([hashApiKey(admin.key), hashApiKey(assistant.key)].sort());
    expect(store.createApiKey('nobody', 'admin')).toMatchObject({ ok: false, code: 'store/unknown-org' });
    expect(store.listApiKeys('acme')).toHaveLength(2);
  });

  it('stores jobs, patches them and lists them by status', () => {
    store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    store.insertJob(job());
    store.insertJob(job({ jobId: 'se_1111111111111111', createdAt: '2026-01-02T03:05:00.000Z', status: 'running' }));
    expect(store.getJob('se_0123456789abcdef')).toEqual(job());
    const updated = store.updateJob('se_0123456789abcdef', { status: 'failed', error: 'boom', progress: 40, updatedAt: '2026-01-02T03:06:00.000Z' });
    expect(updated).toEqual(job({ status: 'failed', error: 'boom', progress: 40, updatedAt: '2026-01-02T03:06:00.000Z' }));
    expect(store.updateJob('se_0123456789abcdef', { status: 'queued', error: null, updatedAt: '2026-01-02T03:07:00.000Z' })?.error).toBeUndefined();
    expect(store.updateJob('se_ffffffffffffffff', { status: 'queued', updatedAt: 'x' })).toBeUndefined();
    expect(store.listJobsByStatus('running').map((j) => j.jobId)).toEqual(['se_1111111111111111']);
    expect(store.jobCreationTimesSince('acme', '2026-01-02T03:04:30.000Z')).toEqual(['2026-01-02T03:05:00.000Z']);
  });
});

describe('api keys', () => {
  it('never gives an admin key a random part that starts with dsc_', () => {
    let calls = 0;
    // First draw encodes to "dsc_…" in base64url; the generator must draw again.
    const random = (n: number) => (calls++ === 0 ? Buffer.concat([Buffer.from('dsc_AAAA', 'base64url'), Buffer.alloc(n - 6)]) : Buffer.alloc(n, 1));
    const key = generateApiKey('admin', random);
    expect(calls).toBe(2);
    expect(key).toBe('svc_' + Buffer.alloc(32, 1).toString('base64url'));
    expect(keyKindOf(key)).toBe('admin');
    expect(keyKindOf('svc_dsc_abc')).toBe('assistant');
    expect(keyKindOf('sk_abc')).toBeUndefined();
  });
});
