import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { openSqlite, type SqliteDatabase } from './sqlite.js';
import type { ServiceTables } from './service-tables.js';
import { describeStore, type StoreLocation } from './store-location.js';
import { reasonOf } from '../error-text.js';

export type ServiceDb = Kysely<ServiceTables>;

/** The store cannot be opened or reached: the message names it (password hidden) and why. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** Statements that return rows: SQLite's own driver cannot tell, so the text does. */
const READER = /^\s*(select|with|pragma|values|explain)\b|\breturning\b/i;

/** Kysely's SQLite database, over whichever driver this Node has (`openSqlite`). */
function kyselySqlite(db: SqliteDatabase): KyselySqliteDatabase {
  return {
    close: () => db.close(),
    prepare(text) {
      const statement = db.prepare(text);
      const params = (p: readonly unknown[]) => p as readonly (string | number | bigint | null)[];
      return {
        reader: READER.test(text),
        all: (p) => statement.all(...params(p)),
        run: (p) => statement.run(...params(p)),
        iterate: (p) => statement.all(...params(p))[Symbol.iterator](),
      };
    },
  };
}

/** PostgreSQL's `bigint` (OID 20) as a JavaScript number: the store's counters and times fit. */
const PG_INT8 = 20;

/**
 * Opens the store's database and checks that it answers: a SQLite file in WAL mode (created with
 * its folder), or a PostgreSQL pool. Throws `StoreUnavailableError` in plain words otherwise.
 */
export async function openDatabase(location: StoreLocation): Promise<ServiceDb> {
  if (location.kind === 'sqlite') {
    let native: SqliteDatabase;
    try {
      if (location.file !== ':memory:') mkdirSync(path.dirname(location.file), { recursive: true });
      native = openSqlite(location.file);
      native.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
    } catch (error) {
      if ((error as Error).name === 'NativeDriverError') throw error;
      throw new StoreUnavailableError(`The store (${describeStore(location)}) cannot be opened: ${(error as Error).message}`, { cause: error });
    }
    return new Kysely<ServiceTables>({ dialect: new SqliteDialect({ database: kyselySqlite(native) }) });
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: location.url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === PG_INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  });
  // An idle client's error (the server restarted) must not end the process: the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<ServiceTables>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new StoreUnavailableError(`The store at ${describeStore(location)} cannot be reached: ${reasonOf(error)}.`, { cause: error });
  }
  return db;
}

/** Whether the database answers (readiness). */
export async function pingDatabase(db: ServiceDb): Promise<void> {
  await sql`select 1`.execute(db);
}


