import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { NativeDriverError, nativeDriverMessage } from './native-driver-error.js';
import { withoutWarning } from '../without-warning.js';

/** A value SQLite binds: positional (`?`) or, in one object, by name (`@name`). */
export type SqlValue = string | number | bigint | Buffer | Uint8Array | null;
export type SqlParams = readonly SqlValue[] | readonly [Readonly<Record<string, SqlValue>>];

export interface SqliteStatement {
  run(...params: SqlParams): { readonly changes: number | bigint; readonly lastInsertRowid: number | bigint };
  /** The first row as a plain object, `undefined` when there is none. */
  get(...params: SqlParams): unknown;
  /** Every row, as plain objects. */
  all(...params: SqlParams): unknown[];
}

/** The part of SQLite the service's stores use, the same whichever driver is underneath. */
export interface SqliteDatabase {
  /** `node:sqlite` (built into Node 22.13 and later) or `better-sqlite3` (Node 20). */
  readonly driver: 'node:sqlite' | 'better-sqlite3';
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

interface NodeSqliteModule {
  DatabaseSync: new (file: string) => {
    exec(sql: string): void;
    prepare(sql: string): { run(...p: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint }; get(...p: unknown[]): unknown; all(...p: unknown[]): unknown[] };
    close(): void;
  };
}

/**
 * Node's own SQLite where it has one without a flag (22.13 and later). Node 22 announces it with
 * an ExperimentalWarning on first load, which is no news for an operator: that one warning is
 * dropped, every other passes.
 */
function loadNodeSqlite(): NodeSqliteModule | undefined {
  return withoutWarning('SQLite is an experimental feature', () => {
    try {
      return process.getBuiltinModule?.('node:sqlite') as NodeSqliteModule | undefined;
    } catch {
      return undefined;
    }
  });
}

/** Rows as plain objects (node:sqlite gives them a null prototype). */
const plain = (row: unknown): unknown => (row && typeof row === 'object' ? { ...(row as object) } : row);

/** A statement of either driver, as the adapter calls it. */
interface NativeStatement {
  run(...p: SqlParams): ReturnType<SqliteStatement['run']>;
  get(...p: SqlParams): unknown;
  all(...p: SqlParams): unknown[];
}

/**
 * What either driver's database gives. `prepare` is typed loosely: better-sqlite3's statement
 * types are overloaded per parameter shape, so each statement is viewed as a `NativeStatement`.
 */
interface NativeDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): unknown;
  close(): unknown;
}

/** The one adapter over both drivers: rows as plain objects. (Kysely runs the transactions.) */
function adapt(driver: SqliteDatabase['driver'], db: NativeDatabase): SqliteDatabase {
  const exec = (sql: string) => void db.exec(sql);
  return {
    driver,
    exec,
    prepare(sql) {
      const statement = db.prepare(sql) as NativeStatement;
      return {
        run: (...params) => statement.run(...params),
        get: (...params) => plain(statement.get(...params)),
        all: (...params) => statement.all(...params).map(plain),
      };
    },
    close: () => void db.close(),
  };
}

/** What better-sqlite3 (through `bindings` or `dlopen`) throws when its `.node` file cannot be used. */
const MISSING_BINDING = /Could not locate the bindings file|NODE_MODULE_VERSION|was compiled against a different Node\.js version|invalid ELF header|ERR_DLOPEN_FAILED|better_sqlite3\.node/;

/**
 * better-sqlite3, for a Node without its own SQLite (20). Loaded only then: on Node 24 its
 * statements' destructors can abort the process during garbage collection (a change in Node's
 * `ObjectWrap`), and elsewhere its native build is not needed. `nativeBinding` is for tests.
 */
export function openBetterSqlite(file: string, nativeBinding?: string): SqliteDatabase {
  let db: BetterSqlite3.Database;
  try {
    const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    db = new Database(file, nativeBinding ? { nativeBinding } : {});
  } catch (error) {
    const text = error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` : String(error);
    if (MISSING_BINDING.test(text)) throw new NativeDriverError(nativeDriverMessage(), { cause: error });
    throw error;
  }
  return adapt('better-sqlite3', db);
}

/** Opens (creating if needed) a SQLite file, or `:memory:`, with the driver this Node has. */
export function openSqlite(file: string): SqliteDatabase {
  const mod = loadNodeSqlite();
  return mod ? adapt('node:sqlite', new mod.DatabaseSync(file)) : openBetterSqlite(file);
}
