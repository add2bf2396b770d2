import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../src/model/service.js';
import { generateApiKey, hashApiKey, keyKindOf, migrateStore, openStore, type ServiceStore } from '../../../src/server/store/index.js';
import { MIGRATION_NAMES } from '../../../src/server/store/store-migrations.js';

let dir: string;
let store: ServiceStore;
const fixedNow = () => new Date('2026-01-02T03:04:05.000Z');

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-store-'));
  store = await openStore({ kind: 'sqlite', file: path.join(dir, 'sheaf.db') }, { now: fixedNow });
});
afterEach(async () => {
  await store.close();
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
  /** Names of the migrations the store recorded, in order. */
  const applied = async (s: ServiceStore) => (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(s.db)).rows.map((r) => r.name);

  it('opens the database in WAL mode and records the schema version', async () => {
    expect((await sql`PRAGMA journal_mode`.execute(store.db)).rows).toEqual([{ journal_mode: 'wal' }]);
    expect(await applied(store)).toEqual(['0001_service', '0002_job_selection', '0003_site_assistant']);
    expect((await stat(path.join(dir, 'sheaf.db'))).isFile()).toBe(true);
  });

  it('applies its migrations once, whatever the number of opens', async () => {
    expect(MIGRATION_NAMES[0]).toBe('0001_service');
    expect(await applied(store)).toEqual(MIGRATION_NAMES);
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    await migrateStore(store.db, store.description);
    expect(await applied(store)).toEqual(MIGRATION_NAMES);
    await store.close();
    store = await openStore({ kind: 'sqlite', file: path.join(dir, 'sheaf.db') });
    expect(await applied(store)).toEqual(MIGRATION_NAMES);
    // The tables were not made again: what the first open stored is still there.
    expect(await store.getOrganization('acme')).toEqual({ id: 'acme', name: 'Acme', plan: 'enterprise' });
  });

  it('creates organizations and refuses duplicates and bad ids or plans', async () => {
    expect(await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' })).toEqual({ ok: true, organization: { id: 'acme', name: 'Acme', plan: 'enterprise' } });
    expect(await store.createOrganization({ id: 'acme', name: 'Again', plan: 'free' })).toMatchObject({ ok: false, code: 'store/org-exists' });
    expect(await store.createOrganization({ id: 'Bad Id', name: 'x', plan: 'free' })).toMatchObject({ ok: false, code: 'store/invalid-id' });
    expect(await store.createOrganization({ id: 'ok', name: 'x', plan: 'gold' as never })).toMatchObject({ ok: false, code: 'store/invalid-plan' });
    expect(await store.getOrganization('acme')).toEqual({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    expect(await store.getOrganization('nobody')).toBeUndefined();
    expect((await store.listOrganizations()).map((o) => o.id)).toEqual(['acme']);
  });

  it('adds sites for known organizations only', async () => {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    expect(await store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' })).toEqual({ ok: true, site: { domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' } });
    expect(await store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/other' })).toMatchObject({ ok: false, code: 'store/site-exists' });
    expect(await store.addSite({ domain: 'x', orgId: 'nobody', source: '/srv' })).toMatchObject({ ok: false, code: 'store/unknown-org' });
    expect(await store.addSite({ domain: '../etc', orgId: 'acme', source: '/srv' })).toMatchObject({ ok: false, code: 'store/invalid-domain' });
    expect(await store.addSite({ domain: 'rel', orgId: 'acme', source: 'docs' })).toMatchObject({ ok: false, code: 'store/invalid-source' });
    expect(await store.getSite('docs.acme.com')).toEqual({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' });
    expect(await store.listSites('acme')).toHaveLength(1);
    expect(await store.listSites('other')).toEqual([]);
  });

  it('keeps only the SHA-256 of a key and finds the record by the clear key', async () => {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    const admin = await store.createApiKey('acme', 'admin');
    const assistant = await store.createApiKey('acme', 'assistant');
    if (!admin.ok || !assistant.ok) throw new Error('key creation failed');
    expect(admin.key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(admin.key.startsWith('svc_dsc_')).toBe(false);
    expect(assistant.key).toMatch(/^svc_dsc_[A-Za-z0-9_-]{43}$/);
    expect(admin.record).toMatchObject({ orgId: 'acme', kind: 'admin', createdAt: '2026-01-02T03:04:05.000Z' });
    expect(await store.findApiKey(admin.key)).toEqual(admin.record);
    expect(await store.findApiKey(assistant.key)).toEqual(assistant.record);
    expect(await store.findApiKey(admin.key + 'x')).toBeUndefined();
    const rows = (await store.db.selectFrom('api_keys').selectAll().execute()) as unknown as Record<string, unknown>[];
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(admin.key);
    expect(stored).not.toContain(admin.key.slice(4));
    expect(rows.map((r) => r['key_sha256']).sort()).toEqual([hashApiKey(admin.key), hashApiKey(assistant.key)].sort());
    expect(await store.createApiKey('nobody', 'admin')).toMatchObject({ ok: false, code: 'store/unknown-org' });
    expect(await store.listApiKeys('acme')).toHaveLength(2);
  });

  it('stores jobs, patches them and lists them by status', async () => {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    await store.insertJob(job());
    await store.insertJob(job({ jobId: 'se_1111111111111111', createdAt: '2026-01-02T03:05:00.000Z', status: 'running' }));
    expect(await store.getJob('se_0123456789abcdef')).toEqual(job());
    const updated = await store.updateJob('se_0123456789abcdef', { status: 'failed', error: 'boom', progress: 40, updatedAt: '2026-01-02T03:06:00.000Z' });
    expect(updated).toEqual(job({ status: 'failed', error: 'boom', progress: 40, updatedAt: '2026-01-02T03:06:00.000Z' }));
    expect((await store.updateJob('se_0123456789abcdef', { status: 'queued', error: null, updatedAt: '2026-01-02T03:07:00.000Z' }))?.error).toBeUndefined();
    expect(await store.updateJob('se_ffffffffffffffff', { status: 'queued', updatedAt: 'x' })).toBeUndefined();
    expect((await store.listJobsByStatus('running')).map((j) => j.jobId)).toEqual(['se_1111111111111111']);
    expect(await store.jobCreationTimesSince('acme', '2026-01-02T03:04:30.000Z')).toEqual(['2026-01-02T03:05:00.000Z']);
    // A conditional patch applies only while the job is in that state (another attempt writes nothing).
    expect(await store.changeJob('se_0123456789abcdef', { status: 'running', updatedAt: '2026-01-02T03:08:00.000Z' }, { attempts: 1 })).toBe(false);
    expect(await store.getJob('se_0123456789abcdef')).toMatchObject({ status: 'queued', updatedAt: '2026-01-02T03:07:00.000Z' });
    expect(await store.changeJob('se_0123456789abcdef', { status: 'running', attempts: 1, updatedAt: '2026-01-02T03:08:00.000Z' }, { attempts: 0, status: ['queued', 'running'] })).toBe(true);
    expect(await store.getJob('se_0123456789abcdef')).toMatchObject({ status: 'running', attempts: 1 });
    // Two runners that read the job at once: the same change applies for one of them only.
    const claims = await Promise.all([0, 1].map(() => store.changeJob('se_0123456789abcdef', { attempts: 2, updatedAt: '2026-01-02T03:09:00.000Z' }, { attempts: 1, status: ['running'] })));
    expect(claims.sort()).toEqual([false, true]);
    expect(await store.changeJob('se_ffffffffffffffff', { status: 'failed', updatedAt: 'x' }, {})).toBe(false);
  });
});

describe('a site’s public assistant key', () => {
  it('is kept readable on the site for its origins; a new one revokes the old and names the exports that carry it', async () => {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    await store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' });
    const first = await store.setSiteAssistantKey('docs.acme.com', []);
    if (!first.ok) throw new Error(first.message);
    expect(first.key).toMatch(/^svc_dsc_/);
    expect([first.revokedKeyId, first.staleJobs]).toEqual([undefined, []]);
    // The domain's own https origin by default; the key opens the assistant like any assistant key.
    expect(await store.getSite('docs.acme.com')).toEqual({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs', assistant: { keyId: first.record.id, key: first.key, origins: ['https://docs.acme.com'] } });
    expect(await store.findApiKey(first.key)).toEqual({ id: first.record.id, orgId: 'acme', kind: 'assistant', createdAt: '2026-01-02T03:04:05.000Z' });
    expect((await store.siteOfAssistantKey(first.record.id))?.domain).toBe('docs.acme.com');
    expect(await store.siteOfAssistantKey('key_0000000000000000')).toBeUndefined();
    // Two completed exports carry the key, one failed job and one export without the panel do not.
    await store.insertJob(job({ jobId: 'se_1111111111111111', status: 'completed', assistantEndpoint: 'https://api.acme.com/discovery/v2/assistant/docs.acme.com/message', assistantKeyId: first.record.id }));
    await store.insertJob(job({ jobId: 'se_2222222222222222', status: 'completed', createdAt: '2026-01-02T03:05:00.000Z' }));
    await store.insertJob(job({ jobId: 'se_3333333333333333', status: 'failed', assistantKeyId: first.record.id }));
    await store.insertJob(job({ jobId: 'se_4444444444444444', status: 'running', createdAt: '2026-01-02T03:06:00.000Z' }));
    await store.updateJob('se_4444444444444444', { status: 'completed', assistantKeyId: first.record.id, updatedAt: '2026-01-02T03:07:00.000Z' });
    expect(await store.getJob('se_1111111111111111')).toMatchObject({ assistantEndpoint: 'https://api.acme.com/discovery/v2/assistant/docs.acme.com/message', assistantKeyId: first.record.id });

    const second = await store.setSiteAssistantKey('docs.acme.com', ['HTTPS://Docs.Acme.com/', 'http://127.0.0.1:8080', 'https://docs.acme.com']);
    if (!second.ok) throw new Error(second.message);
    expect([second.revokedKeyId, second.staleJobs]).toEqual([first.record.id, ['se_1111111111111111', 'se_4444444444444444']]);
    expect(await store.findApiKey(first.key)).toBeUndefined();
    expect((await store.getSite('docs.acme.com'))?.assistant).toEqual({ keyId: second.record.id, key: second.key, origins: ['https://docs.acme.com', 'http://127.0.0.1:8080'] });
    expect((await store.listSites('acme'))[0]?.assistant?.keyId).toBe(second.record.id);
  });

  it('leaves no key bound to no site when two rotations run at once', async () => {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    await store.addSite({ domain: 'docs.acme.com', orgId: 'acme', source: '/srv/docs' });
    const [a, b] = await Promise.all([store.setSiteAssistantKey('docs.acme.com', []), store.setSiteAssistantKey('docs.acme.com', [])]);
    if (!a?.ok || !b?.ok) throw new Error('a rotation failed');
    const current = (await store.getSite('docs.acme.com'))?.assistant?.keyId;
    const [kept, revoked] = current === a.record.id ? [a, b] : [b, a];
    expect(current).toBe(kept.record.id);
    // The other one was revoked by the rotation that came after it.
    expect(kept.revokedKeyId).toBe(revoked.record.id);
    expect(await store.findApiKey(revoked.key)).toBeUndefined();
    expect((await store.listApiKeys('acme')).map((k) => k.id)).toEqual([kept.record.id]);
  });

  it('answers from an export of every page before a newer export of some pages', async () => {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    const done = (jobId: string, updatedAt: string, paths?: string[]) =>
      store.insertJob(job({ jobId, status: 'completed', updatedAt, searchRecordsFile: `jobs/${jobId}/search-records.json`, ...(paths ? { paths } : {}) }));
    await done('se_1111111111111111', '2026-01-02T04:00:00.000Z', ['index']);
    expect((await store.latestCompletedJob('docs.acme.com'))?.jobId).toBe('se_1111111111111111');
    await done('se_2222222222222222', '2026-01-02T05:00:00.000Z');
    await done('se_3333333333333333', '2026-01-02T06:00:00.000Z', ['index']);
    expect((await store.latestCompletedJob('docs.acme.com'))?.jobId).toBe('se_2222222222222222');
    await done('se_4444444444444444', '2026-01-02T07:00:00.000Z');
    expect((await store.latestCompletedJob('docs.acme.com'))?.jobId).toBe('se_4444444444444444');
  });

  it('needs a registered site and real origins, and guesses none for a domain that is not a host name', async () => {
    await store.createOrganization({ id: 'acme', name: 'Acme', plan: 'enterprise' });
    await store.addSite({ domain: 'acme', orgId: 'acme', source: '/srv/docs' });
    expect(await store.setSiteAssistantKey('docs.other.com', [])).toMatchObject({ ok: false, code: 'store/unknown-site' });
    expect(await store.setSiteAssistantKey('acme', [])).toEqual({
      ok: false,
      code: 'store/invalid-origin',
      message: 'The domain `acme` is not a host name, so the origin of its pages cannot be guessed: name it with --origin (`https://docs.example.com`).',
    });
    for (const bad of ['docs.acme.com', 'https://docs.acme.com/docs', 'ftp://docs.acme.com', 'https://u:p@docs.acme.com', 'https://docs.acme.com/?x=1']) {
      expect(await store.setSiteAssistantKey('acme', [bad]), bad).toMatchObject({ ok: false, code: 'store/invalid-origin' });
    }
    expect((await store.getSite('acme'))?.assistant).toBeUndefined();
    expect(await store.listApiKeys('acme')).toEqual([]);
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
