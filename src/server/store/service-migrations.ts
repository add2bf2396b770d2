import type { Migration } from './migrations.js';

/** The service's own tables. Append new versions; never edit a released one. */
export const SERVICE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
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
    `,
  },
  {
    // The deployment profile a job exports for; jobs stored before version 2 were all `cloud`.
    version: 2,
    sql: `
      ALTER TABLE jobs ADD COLUMN deployment TEXT NOT NULL DEFAULT 'cloud' CHECK (deployment IN ('cloud', 'client-hosted', 'air-gapped'));
    `,
  },
];
