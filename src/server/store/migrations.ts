import type { SqliteDatabase } from './sqlite.js';

/** One schema step; `version` numbers of a component start at 1 and only grow. */
export interface Migration {
  readonly version: number;
  readonly sql: string;
}

/**
 * Applies the migrations of one component (`service`, `assistant`, …) that the database has not
 * seen yet, each in its own transaction, and records them in `schema_migrations`. Components share
 * one database file and keep separate version counters, so each module owns its own tables.
 * Returns the component's version afterwards.
 */
export function applyMigrations(db: SqliteDatabase, component: string, migrations: readonly Migration[]): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    component TEXT NOT NULL,
    version INTEGER NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (component, version)
  ) STRICT`);
  const current = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations WHERE component = ?').get(component) as { v: number | null }).v ?? 0;
  const record = db.prepare('INSERT INTO schema_migrations (component, version, applied_at) VALUES (?, ?, ?)');
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version > current);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(component, migration.version, new Date().toISOString());
    })();
  }
  return pending.at(-1)?.version ?? current;
}
