import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator, sql, type Selectable } from 'kysely';
import type { ApiKeyKind, ApiKeyRecord, ExportJob, JobStatus, Organization, Plan, ServiceSite } from '../../model/service.js';
import { generateApiKey, hashApiKey } from './api-key.js';
import { openDatabase, pingDatabase, StoreUnavailableError, type ServiceDb } from './open-database.js';
import type { ServiceTables } from './service-tables.js';
import { describeStore, type StoreLocation } from './store-location.js';
import { storeMigrations } from './store-migrations.js';

/** A refused store change, as data: a permanent code and a sentence for the operator. */
export interface StoreProblem {
  readonly ok: false;
  readonly code: 'store/invalid-id' | 'store/invalid-plan' | 'store/org-exists' | 'store/unknown-org' | 'store/site-exists' | 'store/invalid-domain' | 'store/invalid-source' | 'store/unknown-site' | 'store/invalid-origin' | 'store/key-changed';
  readonly message: string;
}
export type StoreResult<T> = ({ readonly ok: true } & T) | StoreProblem;

/** Fields of a job the runner changes as it goes. */
export type JobPatch = Partial<Pick<ExportJob, 'status' | 'progress' | 'pageCount' | 'attempts' | 'bundleFile' | 'bundleBytes' | 'searchRecordsFile' | 'assistantKeyId'>> & {
  /** A new reason; `null` clears it, absent leaves it. */
  readonly error?: string | null;
  readonly updatedAt: string;
};

/** Conditions of a job change: applied only while the job is in this state. */
export interface JobCondition {
  /** The attempt that makes the change (a runner that lost its job to another writes nothing). */
  readonly attempts?: number;
  /** One of these statuses. */
  readonly status?: readonly JobStatus[];
}

/**
 * The service's records, in SQLite or PostgreSQL: every call is asynchronous, so API instances and
 * workers on several machines share one database.
 */
export interface ServiceStore {
  /** The open database (Kysely); the assistant keeps its threads in it. */
  readonly db: ServiceDb;
  /** `sqlite` or `postgres`, and how messages name it (no password). */
  readonly kind: StoreLocation['kind'];
  readonly description: string;
  createOrganization(org: Organization): Promise<StoreResult<{ readonly organization: Organization }>>;
  getOrganization(id: string): Promise<Organization | undefined>;
  listOrganizations(): Promise<Organization[]>;
  addSite(site: ServiceSite): Promise<StoreResult<{ readonly site: ServiceSite }>>;
  getSite(domain: string): Promise<ServiceSite | undefined>;
  listSites(orgId?: string): Promise<ServiceSite[]>;
  /**
   * Gives the site a new public assistant key for `origins` (`https://docs.acme.com`; none: the
   * domain's own `https://` origin, when the domain is a host name):
   * the key is printed once by the caller and kept readable on the site (assistant keys are
   * public), so exports can put it into their pages. The site's previous public key is revoked
   * at once; `staleJobs` are the completed exports whose pages carry it, oldest first.
   */
  setSiteAssistantKey(
    domain: string,
    origins: readonly string[],
  ): Promise<StoreResult<{ readonly key: string; readonly record: ApiKeyRecord; readonly revokedKeyId?: string; readonly staleJobs: readonly string[] }>>;
  /** The site whose public assistant key has this record id. */
  siteOfAssistantKey(keyId: string): Promise<ServiceSite | undefined>;
  /** Makes a key; the clear key is returned here only, the store keeps its SHA-256. */
  createApiKey(orgId: string, kind: ApiKeyKind): Promise<StoreResult<{ readonly key: string; readonly record: ApiKeyRecord }>>;
  /** The record of a clear key, looked up by its hash. */
  findApiKey(key: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(orgId: string): Promise<ApiKeyRecord[]>;
  insertJob(job: ExportJob): Promise<void>;
  getJob(jobId: string): Promise<ExportJob | undefined>;
  /** Applies a patch (absent fields stay as they are); the job afterwards, undefined if unknown. */
  updateJob(jobId: string, patch: JobPatch): Promise<ExportJob | undefined>;
  /**
   * Applies a patch only while the job meets `when`, in one statement (two runners racing for a
   * job: one wins); whether it applied.
   */
  changeJob(jobId: string, patch: JobPatch, when: JobCondition): Promise<boolean>;
  /** Jobs in a status, oldest first. */
  listJobsByStatus(status: JobStatus): Promise<ExportJob[]>;
  /**
   * The domain's most recently completed job that kept its search records (the assistant, search
   * and page endpoints answer from them): an export of every page first, one of some pages only
   * when there is none.
   */
  latestCompletedJob(domain: string): Promise<ExportJob | undefined>;
  /** Creation times (ISO 8601, oldest first) of an organization's jobs created at or after `since`. */
  jobCreationTimesSince(orgId: string, since: string): Promise<string[]>;
  /** Resolves when the database answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
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

type JobRow = Selectable<ServiceTables['jobs']>;

function jobFromRow(row: JobRow): ExportJob {
  return {
    jobId: row.job_id,
    orgId: row.org_id,
    domain: row.domain,
    deployment: row.deployment,
    status: row.status,
    progress: Number(row.progress),
    pageCount: Number(row.page_count),
    ...(row.error !== null ? { error: row.error } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    attempts: Number(row.attempts),
    ...(row.bundle_file !== null ? { bundleFile: row.bundle_file } : {}),
    ...(row.bundle_bytes !== null ? { bundleBytes: Number(row.bundle_bytes) } : {}),
    ...(row.search_records_file !== null ? { searchRecordsFile: row.search_records_file } : {}),
    ...(row.version !== null ? { version: row.version } : {}),
    ...(row.paths !== null ? { paths: JSON.parse(row.paths) as string[] } : {}),
    ...(row.assistant_endpoint !== null ? { assistantEndpoint: row.assistant_endpoint } : {}),
    ...(row.assistant_key_id !== null ? { assistantKeyId: row.assistant_key_id } : {}),
  };
}

type SiteRow = Selectable<ServiceTables['sites']>;

function siteFromRow(row: SiteRow): ServiceSite {
  const site = { domain: row.domain, orgId: row.org_id, source: row.source };
  if (row.assistant_key === null || row.assistant_key_id === null) return site;
  return { ...site, assistant: { keyId: row.assistant_key_id, key: row.assistant_key, origins: JSON.parse(row.assistant_origins ?? '[]') as string[] } };
}

/**
 * The origins a site's public key is allowed from, normalized (`HTTPS://Docs.Acme.com/` →
 * `https://docs.acme.com`), or why one is not an origin. None given: `https://<domain>` when the
 * domain is a host name (`docs.acme.com`), else none can be guessed.
 */
export function siteOrigins(domain: string, given: readonly string[]): { readonly origins: string[] } | { readonly message: string } {
  if (given.length === 0) {
    if (domain.includes('.')) return { origins: [`https://${domain.toLowerCase()}`] };
    return { message: `The domain \`${domain}\` is not a host name, so the origin of its pages cannot be guessed: name it with --origin (\`https://docs.example.com\`).` };
  }
  const origins: string[] = [];
  for (const text of given) {
    let url: URL | undefined;
    try {
      url = new URL(text.trim());
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
      return { message: `\`${text}\` is not an origin: give the scheme, host and port only, like \`https://docs.acme.com\` or \`http://127.0.0.1:8080\`.` };
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return { origins };
}

const problem = (code: StoreProblem['code'], message: string): StoreProblem => ({ ok: false, code, message });

/** The columns a patch sets (absent fields are left out). */
function jobColumns(patch: JobPatch) {
  const columns = {
    status: patch.status,
    progress: patch.progress,
    page_count: patch.pageCount,
    error: patch.error,
    attempts: patch.attempts,
    bundle_file: patch.bundleFile,
    bundle_bytes: patch.bundleBytes,
    search_records_file: patch.searchRecordsFile,
    assistant_key_id: patch.assistantKeyId,
    updated_at: patch.updatedAt,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/**
 * Brings the schema up to date. Two instances starting together: PostgreSQL's migration lock
 * makes the second wait; SQLite has none across processes, so a migration that lost the race is
 * tried again once the winner's is in.
 */
export async function migrateStore(db: ServiceDb, description: string): Promise<void> {
  const migrator = new Migrator({ db, provider: storeMigrations });
  for (let attempt = 1; ; attempt += 1) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    if (attempt >= 5) throw new StoreUnavailableError(`The schema of the store (${description}) could not be brought up to date: ${(error as Error).message}`, { cause: error });
    await sleep(100 * attempt);
  }
}

/**
 * Opens (creating if needed) the service's store, brings its schema up to date and returns its
 * operations. The caller closes it.
 */
export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<ServiceStore> {
  const now = options.now ?? (() => new Date());
  const description = describeStore(location);
  const db = await openDatabase(location);
  try {
    await migrateStore(db, description);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const getOrganization = (id: string) => db.selectFrom('organizations').select(['id', 'name', 'plan']).where('id', '=', id).executeTakeFirst();
  const keyColumns = ['id', 'org_id as orgId', 'kind', 'created_at as createdAt'] as const;
  const getSite = async (domain: string) => {
    const row = await db.selectFrom('sites').selectAll().where('domain', '=', domain).executeTakeFirst();
    return row ? siteFromRow(row) : undefined;
  };
  const getJob = async (jobId: string) => {
    const row = await db.selectFrom('jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    return row ? jobFromRow(row) : undefined;
  };

  return {
    db,
    kind: location.kind,
    description,
    async createOrganization(org) {
      if (!ORG_ID.test(org.id)) return problem('store/invalid-id', `Organization id \`${org.id}\` is not valid: use 1–63 lowercase letters, digits and dashes.`);
      if (!PLANS.includes(org.plan)) return problem('store/invalid-plan', `Plan \`${String(org.plan)}\` is not one of ${PLANS.join(', ')}.`);
      if (await getOrganization(org.id)) return problem('store/org-exists', `Organization \`${org.id}\` already exists.`);
      await db.insertInto('organizations').values({ id: org.id, name: org.name, plan: org.plan }).execute();
      return { ok: true, organization: { id: org.id, name: org.name, plan: org.plan } };
    },
    getOrganization,
    listOrganizations: () => db.selectFrom('organizations').select(['id', 'name', 'plan']).orderBy('id').execute(),
    async addSite(site) {
      if (!DOMAIN.test(site.domain)) return problem('store/invalid-domain', `Domain \`${site.domain}\` is not valid: use letters, digits, dashes and dots (\`acme\`, \`docs.acme.com\`).`);
      if (!path.isAbsolute(site.source)) return problem('store/invalid-source', `Source \`${site.source}\` must be an absolute path.`);
      if (!(await getOrganization(site.orgId))) return problem('store/unknown-org', `Organization \`${site.orgId}\` does not exist: create it with \`sheaf orgs create ${site.orgId}\`.`);
      if (await db.selectFrom('sites').select('domain').where('domain', '=', site.domain).executeTakeFirst()) {
        return problem('store/site-exists', `Domain \`${site.domain}\` is already registered.`);
      }
      await db.insertInto('sites').values({ domain: site.domain, org_id: site.orgId, source: site.source }).execute();
      return { ok: true, site: { domain: site.domain, orgId: site.orgId, source: site.source } };
    },
    getSite,
    async listSites(orgId) {
      const all = db.selectFrom('sites').selectAll().orderBy('domain');
      return (await (orgId === undefined ? all : all.where('org_id', '=', orgId)).execute()).map(siteFromRow);
    },
    async setSiteAssistantKey(domain, origins) {
      const site = await getSite(domain);
      if (!site) return problem('store/unknown-site', `Domain \`${domain}\` is not registered: add it with \`sheaf sites add ${domain}\`.`);
      const allowed = siteOrigins(domain, origins);
      if ('message' in allowed) return problem('store/invalid-origin', allowed.message);
      const key = generateApiKey('assistant');
      const record: ApiKeyRecord = { id: `key_${randomBytes(8).toString('hex')}`, orgId: site.orgId, kind: 'assistant', createdAt: now().toISOString() };
      // The previous key is read and replaced in one transaction, the replacement made only while
      // it is still the site's: two rotations at once cannot leave a key bound to no site.
      const changed = new Error('changed');
      const rotated = await db.transaction().execute(async (tx) => {
        const row = await tx.selectFrom('sites').select('assistant_key_id').where('domain', '=', domain).executeTakeFirstOrThrow();
        const previous = row.assistant_key_id ?? undefined;
        await tx.insertInto('api_keys').values({ id: record.id, org_id: site.orgId, kind: 'assistant', key_sha256: hashApiKey(key), created_at: record.createdAt }).execute();
        const updated = await tx
          .updateTable('sites')
          .set({ assistant_key: key, assistant_key_id: record.id, assistant_origins: JSON.stringify(allowed.origins) })
          .where('domain', '=', domain)
          .where((eb) => (previous === undefined ? eb('assistant_key_id', 'is', null) : eb('assistant_key_id', '=', previous)))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw changed;
        if (previous === undefined) return { previous, staleJobs: [] };
        // The old key stops working at once: the exports whose pages carry it must be made again.
        await tx.deleteFrom('api_keys').where('id', '=', previous).execute();
        const rows = await tx.selectFrom('jobs').select('job_id').where('assistant_key_id', '=', previous).where('status', '=', 'completed').orderBy('created_at').orderBy('job_id').execute();
        return { previous, staleJobs: rows.map((r) => r.job_id) };
      }).catch((error: unknown) => {
        if (error === changed) return undefined;
        throw error;
      });
      if (!rotated) return problem('store/key-changed', `The assistant key of \`${domain}\` was changed by another command meanwhile: nothing was changed by this one. Run it again.`);
      const { previous, staleJobs } = rotated;
      return { ok: true, key, record, ...(previous !== undefined ? { revokedKeyId: previous } : {}), staleJobs };
    },
    async siteOfAssistantKey(keyId) {
      const row = await db.selectFrom('sites').selectAll().where('assistant_key_id', '=', keyId).executeTakeFirst();
      return row ? siteFromRow(row) : undefined;
    },
    async createApiKey(orgId, kind) {
      if (!(await getOrganization(orgId))) return problem('store/unknown-org', `Organization \`${orgId}\` does not exist: create it with \`sheaf orgs create ${orgId}\`.`);
      const key = generateApiKey(kind);
      const record: ApiKeyRecord = { id: `key_${randomBytes(8).toString('hex')}`, orgId, kind, createdAt: now().toISOString() };
      await db.insertInto('api_keys').values({ id: record.id, org_id: orgId, kind, key_sha256: hashApiKey(key), created_at: record.createdAt }).execute();
      return { ok: true, key, record };
    },
    findApiKey: (key) => db.selectFrom('api_keys').select(keyColumns).where('key_sha256', '=', hashApiKey(key)).executeTakeFirst(),
    listApiKeys: (orgId) => db.selectFrom('api_keys').select(keyColumns).where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute(),
    async insertJob(job) {
      await db
        .insertInto('jobs')
        .values({
          job_id: job.jobId,
          org_id: job.orgId,
          domain: job.domain,
          deployment: job.deployment,
          status: job.status,
          progress: job.progress,
          page_count: job.pageCount,
          error: job.error ?? null,
          created_at: job.createdAt,
          updated_at: job.updatedAt,
          attempts: job.attempts,
          bundle_file: job.bundleFile ?? null,
          bundle_bytes: job.bundleBytes ?? null,
          search_records_file: job.searchRecordsFile ?? null,
          version: job.version ?? null,
          paths: job.paths ? JSON.stringify(job.paths) : null,
          assistant_endpoint: job.assistantEndpoint ?? null,
          assistant_key_id: job.assistantKeyId ?? null,
        })
        .execute();
    },
    getJob,
    async updateJob(jobId, patch) {
      await db.updateTable('jobs').set(jobColumns(patch)).where('job_id', '=', jobId).execute();
      return getJob(jobId);
    },
    async changeJob(jobId, patch, when) {
      let update = db.updateTable('jobs').set(jobColumns(patch)).where('job_id', '=', jobId);
      if (when.attempts !== undefined) update = update.where('attempts', '=', when.attempts);
      if (when.status !== undefined) update = update.where('status', 'in', when.status);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async listJobsByStatus(status) {
      const rows = await db.selectFrom('jobs').selectAll().where('status', '=', status).orderBy('created_at').orderBy('job_id').execute();
      return rows.map(jobFromRow);
    },
    async latestCompletedJob(domain) {
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('domain', '=', domain)
        .where('status', '=', 'completed')
        .where('search_records_file', 'is not', null)
        // An export of every page before one of some pages (`paths`): a partial export must not
        // shrink what the assistant, search and page endpoints answer from.
        .orderBy(sql`CASE WHEN paths IS NULL THEN 0 ELSE 1 END`)
        .orderBy('updated_at', 'desc')
        .orderBy('job_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? jobFromRow(row) : undefined;
    },
    async jobCreationTimesSince(orgId, since) {
      const rows = await db.selectFrom('jobs').select('created_at').where('org_id', '=', orgId).where('created_at', '>=', since).orderBy('created_at').execute();
      return rows.map((r) => r.created_at);
    },
    ping: () => pingDatabase(db),
    close: () => db.destroy(),
  };
}
