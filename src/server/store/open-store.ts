import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Deployment } from '../../model/bundle.js';
import type { ApiKeyKind, ApiKeyRecord, ExportJob, JobStatus, Organization, Plan, ServiceSite } from '../../model/service.js';
import { generateApiKey, hashApiKey } from './api-key.js';
import { applyMigrations } from './migrations.js';
import { openSqlite, type SqliteDatabase, type SqlValue } from './sqlite.js';
import { SERVICE_MIGRATIONS } from './service-migrations.js';

/** A refused store change, as data: a permanent code and a sentence for the operator. */
export interface StoreProblem {
  readonly ok: false;
  readonly code: 'store/invalid-id' | 'store/invalid-plan' | 'store/org-exists' | 'store/unknown-org' | 'store/site-exists' | 'store/invalid-domain' | 'store/invalid-source';
  readonly message: string;
}
export type StoreResult<T> = ({ readonly ok: true } & T) | StoreProblem;

/** Fields of a job the runner changes as it goes. */
export type JobPatch = Partial<Pick<ExportJob, 'status' | 'progress' | 'pageCount' | 'attempts' | 'bundleFile' | 'bundleBytes' | 'searchRecordsFile'>> & {
  /** A new reason; `null` clears it, absent leaves it. */
  readonly error?: string | null;
  readonly updatedAt: string;
};

export interface ServiceStore {
  /** The open database (WAL). Other modules may add their own tables with `applyMigrations`. */
  readonly db: SqliteDatabase;
  createOrganization(org: Organization): StoreResult<{ readonly organization: Organization }>;
  getOrganization(id: string): Organization | undefined;
  listOrganizations(): Organization[];
  addSite(site: ServiceSite): StoreResult<{ readonly site: ServiceSite }>;
  getSite(domain: string): ServiceSite | undefined;
  listSites(orgId?: string): ServiceSite[];
  /** Makes a key; the clear key is returned here only, the store keeps its SHA-256. */
  createApiKey(orgId: string, kind: ApiKeyKind): StoreResult<{ readonly key: string; readonly record: ApiKeyRecord }>;
  /** The record of a clear key, looked up by its hash. */
  findApiKey(key: string): ApiKeyRecord | undefined;
  listApiKeys(orgId: string): ApiKeyRecord[];
  insertJob(job: ExportJob): void;
  getJob(jobId: string): ExportJob | undefined;
  /** Applies a patch (absent fields stay as they are); the job afterwards, undefined if unknown. */
  updateJob(jobId: string, patch: JobPatch): ExportJob | undefined;
  /** Jobs in a status, oldest first. */
  listJobsByStatus(status: JobStatus): ExportJob[];
  /** The domain's most recently completed job that kept its search records (the assistant retrieves from them). */
  latestCompletedJob(domain: string): ExportJob | undefined;
  /** Creation times (ISO 8601, oldest first) of an organization's jobs created at or after `since`. */
  jobCreationTimesSince(orgId: string, since: string): string[];
  close(): void;
}

export interface OpenStoreOptions {
  /** Clock for `createdAt` of keys; defaults to the system clock. */
  readonly now?: () => Date;
}

const PLANS: readonly Plan[] = ['free', 'pro', 'enterprise'];
/** Organization ids: lowercase letters, digits and dashes, 1–63 characters. */
const ORG_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Domains: a host-name-like identifier (`acme`, `docs.acme.com`), 1–253 characters. */
const DOMAIN = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

interface JobRow {
  job_id: string;
  org_id: string;
  domain: string;
  deployment: Deployment;
  status: JobStatus;
  progress: number;
  page_count: number;
  error: string | null;
  created_at: string;
  updated_at: string;
  attempts: number;
  bundle_file: string | null;
  bundle_bytes: number | null;
  search_records_file: string | null;
}

function jobFromRow(row: JobRow): ExportJob {
  return {
    jobId: row.job_id,
    orgId: row.org_id,
    domain: row.domain,
    deployment: row.deployment,
    status: row.status,
    progress: row.progress,
    pageCount: row.page_count,
    ...(row.error !== null ? { error: row.error } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    attempts: row.attempts,
    ...(row.bundle_file !== null ? { bundleFile: row.bundle_file } : {}),
    ...(row.bundle_bytes !== null ? { bundleBytes: row.bundle_bytes } : {}),
    ...(row.search_records_file !== null ? { searchRecordsFile: row.search_records_file } : {}),
  };
}

const problem = (code: StoreProblem['code'], message: string): StoreProblem => ({ ok: false, code, message });

/**
 * Opens (creating if needed) the service's SQLite database at `file` in WAL mode and brings its
 * schema up to date. Every function is synchronous (`openSqlite`); the caller closes it.
 */
export function openStore(file: string, options: OpenStoreOptions = {}): ServiceStore {
  const now = options.now ?? (() => new Date());
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = openSqlite(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  applyMigrations(db, 'service', SERVICE_MIGRATIONS);

  const q = {
    insertOrg: db.prepare('INSERT INTO organizations (id, name, plan) VALUES (?, ?, ?)'),
    getOrg: db.prepare('SELECT id, name, plan FROM organizations WHERE id = ?'),
    listOrgs: db.prepare('SELECT id, name, plan FROM organizations ORDER BY id'),
    insertSite: db.prepare('INSERT INTO sites (domain, org_id, source) VALUES (?, ?, ?)'),
    getSite: db.prepare('SELECT domain, org_id AS orgId, source FROM sites WHERE domain = ?'),
    listSites: db.prepare('SELECT domain, org_id AS orgId, source FROM sites ORDER BY domain'),
    listOrgSites: db.prepare('SELECT domain, org_id AS orgId, source FROM sites WHERE org_id = ? ORDER BY domain'),
    insertKey: db.prepare('INSERT INTO api_keys (id, org_id, kind, key_sha256, created_at) VALUES (?, ?, ?, ?, ?)'),
    findKey: db.prepare('SELECT id, org_id AS orgId, kind, created_at AS createdAt FROM api_keys WHERE key_sha256 = ?'),
    listKeys: db.prepare('SELECT id, org_id AS orgId, kind, created_at AS createdAt FROM api_keys WHERE org_id = ? ORDER BY created_at, id'),
    insertJob: db.prepare(`INSERT INTO jobs (job_id, org_id, domain, deployment, status, progress, page_count, error, created_at, updated_at, attempts, bundle_file, bundle_bytes, search_records_file)
      VALUES (@jobId, @orgId, @domain, @deployment, @status, @progress, @pageCount, @error, @createdAt, @updatedAt, @attempts, @bundleFile, @bundleBytes, @searchRecordsFile)`),
    getJob: db.prepare('SELECT * FROM jobs WHERE job_id = ?'),
    jobsByStatus: db.prepare('SELECT * FROM jobs WHERE status = ? ORDER BY created_at, job_id'),
    latestSearchRecords: db.prepare(
      "SELECT * FROM jobs WHERE domain = ? AND status = 'completed' AND search_records_file IS NOT NULL ORDER BY updated_at DESC, job_id DESC LIMIT 1",
    ),
    jobTimes: db.prepare('SELECT created_at FROM jobs WHERE org_id = ? AND created_at >= ? ORDER BY created_at'),
  };

  const getOrganization = (id: string) => q.getOrg.get(id) as Organization | undefined;

  return {
    db,
    createOrganization(org) {
      if (!ORG_ID.test(org.id)) return problem('store/invalid-id', `Organization id \`${org.id}\` is not valid: use 1–63 lowercase letters, digits and dashes.`);
      if (!PLANS.includes(org.plan)) return problem('store/invalid-plan', `Plan \`${String(org.plan)}\` is not one of ${PLANS.join(', ')}.`);
      if (getOrganization(org.id)) return problem('store/org-exists', `Organization \`${org.id}\` already exists.`);
      q.insertOrg.run(org.id, org.name, org.plan);
      return { ok: true, organization: { id: org.id, name: org.name, plan: org.plan } };
    },
    getOrganization,
    listOrganizations: () => q.listOrgs.all() as Organization[],
    addSite(site) {
      if (!DOMAIN.test(site.domain)) return problem('store/invalid-domain', `Domain \`${site.domain}\` is not valid: use letters, digits, dashes and dots (\`acme\`, \`docs.acme.com\`).`);
      if (!path.isAbsolute(site.source)) return problem('store/invalid-source', `Source \`${site.source}\` must be an absolute path.`);
      if (!getOrganization(site.orgId)) return problem('store/unknown-org', `Organization \`${site.orgId}\` does not exist: create it with \`sheaf orgs create ${site.orgId}\`.`);
      if (q.getSite.get(site.domain)) return problem('store/site-exists', `Domain \`${site.domain}\` is already registered.`);
      q.insertSite.run(site.domain, site.orgId, site.source);
      return { ok: true, site: { domain: site.domain, orgId: site.orgId, source: site.source } };
    },
    getSite: (domain) => q.getSite.get(domain) as ServiceSite | undefined,
    listSites: (orgId) => (orgId === undefined ? q.listSites.all() : q.listOrgSites.all(orgId)) as ServiceSite[],
    createApiKey(orgId, kind) {
      if (!getOrganization(orgId)) return problem('store/unknown-org', `Organization \`${orgId}\` does not exist: create it with \`sheaf orgs create ${orgId}\`.`);
      const key = generateApiKey(kind);
      const record: ApiKeyRecord = { id: `key_${randomBytes(8).toString('hex')}`, orgId, kind, createdAt: now().toISOString() };
      q.insertKey.run(record.id, orgId, kind, hashApiKey(key), record.createdAt);
      return { ok: true, key, record };
    },
    findApiKey: (key) => q.findKey.get(hashApiKey(key)) as ApiKeyRecord | undefined,
    listApiKeys: (orgId) => q.listKeys.all(orgId) as ApiKeyRecord[],
    insertJob(job) {
      q.insertJob.run({
        ...job,
        error: job.error ?? null,
        bundleFile: job.bundleFile ?? null,
        bundleBytes: job.bundleBytes ?? null,
        searchRecordsFile: job.searchRecordsFile ?? null,
      });
    },
    getJob(jobId) {
      const row = q.getJob.get(jobId) as JobRow | undefined;
      return row ? jobFromRow(row) : undefined;
    },
    updateJob(jobId, patch) {
      const columns: Record<string, SqlValue | undefined> = {
        status: patch.status,
        progress: patch.progress,
        page_count: patch.pageCount,
        error: patch.error,
        attempts: patch.attempts,
        bundle_file: patch.bundleFile,
        bundle_bytes: patch.bundleBytes,
        search_records_file: patch.searchRecordsFile,
        updated_at: patch.updatedAt,
      };
      const set = Object.entries(columns).filter((entry): entry is [string, SqlValue] => entry[1] !== undefined);
      // Column names come from the fixed table above, never from the caller.
      db.prepare(`UPDATE jobs SET ${set.map(([k]) => `${k} = ?`).join(', ')} WHERE job_id = ?`).run(...set.map(([, v]) => v), jobId);
      const row = q.getJob.get(jobId) as JobRow | undefined;
      return row ? jobFromRow(row) : undefined;
    },
    listJobsByStatus: (status) => (q.jobsByStatus.all(status) as JobRow[]).map(jobFromRow),
    latestCompletedJob(domain) {
      const row = q.latestSearchRecords.get(domain) as JobRow | undefined;
      return row ? jobFromRow(row) : undefined;
    },
    jobCreationTimesSince: (orgId, since) => (q.jobTimes.all(orgId, since) as { created_at: string }[]).map((r) => r.created_at),
    close: () => db.close(),
  };
}
