import type { ColumnType } from 'kysely';
import type { Deployment } from '../../model/bundle.js';
import type { ApiKeyKind, JobStatus, Plan } from '../../model/service.js';

/** The service's tables, the same in SQLite and PostgreSQL (see `store-migrations.ts`). */
export interface ServiceTables {
  organizations: { id: string; name: string; plan: Plan };
  sites: {
    domain: string;
    org_id: string;
    source: string;
    /** The site's public assistant key (clear: assistant keys are public), its id and origins (JSON array); null: none. */
    assistant_key: ColumnType<string | null, string | null | undefined, string | null>;
    assistant_key_id: ColumnType<string | null, string | null | undefined, string | null>;
    assistant_origins: ColumnType<string | null, string | null | undefined, string | null>;
  };
  api_keys: { id: string; org_id: string; kind: ApiKeyKind; key_sha256: string; created_at: string };
  jobs: {
    job_id: string;
    org_id: string;
    domain: string;
    deployment: Deployment;
    status: JobStatus;
    progress: number;
    page_count: number;
    error: string | null;
    /** ISO 8601 (sorts as text). */
    created_at: string;
    updated_at: string;
    attempts: number;
    bundle_file: string | null;
    bundle_bytes: number | null;
    search_records_file: string | null;
    /** The job's version label; null: the job id. */
    version: ColumnType<string | null, string | null | undefined, string | null>;
    /** JSON array of the job's page paths; null: every page. */
    paths: ColumnType<string | null, string | null | undefined, string | null>;
    /** The endpoint of the bundle's Ask AI panel; null: no panel. */
    assistant_endpoint: ColumnType<string | null, string | null | undefined, string | null>;
    /** The id of the site's public key the bundle carries; null: none. */
    assistant_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  assistant_threads: { id: string; domain: string; org_id: string; fp: string; created_at: number; updated_at: number };
  assistant_messages: {
    thread_id: string;
    seq: number;
    id: string;
    role: 'user' | 'assistant';
    content: string;
    /** JSON array of page paths. */
    sources: ColumnType<string, string | undefined, string>;
    turn_end: string | null;
    created_at: number;
  };
}

/** Tables in the order a copy fills them (a row's references come first). */
export const TABLE_ORDER = ['organizations', 'sites', 'api_keys', 'jobs', 'assistant_threads', 'assistant_messages'] as const satisfies readonly (keyof ServiceTables)[];
