import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * The service's schema, one set of migrations for SQLite and PostgreSQL (Kysely's schema builder
 * writes each dialect's SQL). Append new migrations; never edit a released one. Names sort in
 * the order they apply.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_service': {
    async up(db: Kysely<unknown>) {
      // A data folder of an earlier Sheaf (its own `schema_migrations` table) already holds the
      // tables of versions 1 and 2: it is taken over as it is, with the deployment column added
      // where it stopped at version 1, and the assistant's tables, made on first use back then.
      await inTransaction(db, async (db) => {
        if (await isEarlierSheafStore(db)) {
          const jobs = (await db.introspection.getTables()).find((t) => t.name === 'jobs');
          if (jobs && !jobs.columns.some((c) => c.name === 'deployment')) {
            await sql`ALTER TABLE jobs ADD COLUMN deployment TEXT NOT NULL DEFAULT 'cloud' CHECK (deployment IN ('cloud', 'client-hosted', 'air-gapped'))`.execute(db);
          }
          await createAssistantTables(db);
          await db.schema.createIndex('jobs_domain_completed').ifNotExists().on('jobs').columns(['domain', 'status', 'updated_at']).execute();
          await db.schema.dropTable('schema_migrations').execute();
          return;
        }
        await db.schema
          .createTable('organizations')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan IN ('free', 'pro', 'enterprise')`))
          .execute();
        await db.schema
          .createTable('sites')
          .addColumn('domain', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
          .addColumn('source', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('api_keys')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('admin', 'assistant')`))
          .addColumn('key_sha256', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('jobs')
          .addColumn('job_id', 'text', (c) => c.primaryKey())
          .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
          .addColumn('domain', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('queued', 'running', 'completed', 'failed')`))
          .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('error', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('bundle_file', 'text')
          .addColumn('bundle_bytes', 'bigint')
          .addColumn('search_records_file', 'text')
          .addColumn('deployment', 'text', (c) => c.notNull().defaultTo('cloud').check(sql`deployment IN ('cloud', 'client-hosted', 'air-gapped')`))
          .execute();
        await db.schema.createIndex('jobs_org_created').on('jobs').columns(['org_id', 'created_at']).execute();
        await db.schema.createIndex('jobs_status_created').on('jobs').columns(['status', 'created_at']).execute();
        // The assistant looks up a domain's latest completed job on every message.
        await db.schema.createIndex('jobs_domain_completed').on('jobs').columns(['domain', 'status', 'updated_at']).execute();
        await createAssistantTables(db);
      });
    },
  },
  '0002_job_selection': {
    // A job's `version` label and its `paths` (a JSON array of page paths); null: the job id, every page.
    async up(db: Kysely<unknown>) {
      await inTransaction(db, async (db) => {
        await db.schema.alterTable('jobs').addColumn('version', 'text').execute();
        await db.schema.alterTable('jobs').addColumn('paths', 'text').execute();
      });
    },
  },
  '0003_site_assistant': {
    // A site's public assistant key (readable: assistant keys are public), its id and allowed
    // origins; a job's panel endpoint and the key id its bundle carries.
    async up(db: Kysely<unknown>) {
      await inTransaction(db, async (db) => {
        await db.schema.alterTable('sites').addColumn('assistant_key', 'text').execute();
        await db.schema.alterTable('sites').addColumn('assistant_key_id', 'text').execute();
        await db.schema.alterTable('sites').addColumn('assistant_origins', 'text').execute();
        await db.schema.alterTable('jobs').addColumn('assistant_endpoint', 'text').execute();
        await db.schema.alterTable('jobs').addColumn('assistant_key_id', 'text').execute();
        // Every assistant request asks whether its key is a site's public key.
        await db.schema.createIndex('sites_assistant_key_id').on('sites').column('assistant_key_id').execute();
      });
    },
  },
};

/**
 * A SQLite file of an earlier Sheaf: its own `schema_migrations` table with the service's
 * component counter. (Another program's `schema_migrations` in a shared PostgreSQL database has
 * no `component` column, and is left alone.)
 */
async function isEarlierSheafStore(db: Kysely<unknown>): Promise<boolean> {
  const table = (await db.introspection.getTables()).find((t) => t.name === 'schema_migrations');
  if (!table?.columns.some((c) => c.name === 'component')) return false;
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM schema_migrations WHERE component = 'service'`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Runs `fn` in a transaction: PostgreSQL runs each migration in one already; Kysely runs SQLite's
 * without, so a crash halfway would leave tables and no record of them.
 */
async function inTransaction(db: Kysely<unknown>, fn: (db: Kysely<unknown>) => Promise<void>): Promise<void> {
  if (db.isTransaction) return fn(db);
  await db.transaction().execute(fn);
}

async function createAssistantTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistant_threads')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('fp', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('assistant_messages')
    .ifNotExists()
    .addColumn('thread_id', 'text', (c) => c.notNull().references('assistant_threads.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('user', 'assistant')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('turn_end', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('assistant_messages_pk', ['thread_id', 'seq'])
    .execute();
}

export const storeMigrations: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Names of every migration, oldest first (the schema version a store reaches). */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();
