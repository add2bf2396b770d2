import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnexpectedError } from '../../../src/cli/unexpected-error.js';
import { NativeDriverError } from '../../../src/server/store/native-driver-error.js';
import { openBetterSqlite, openSqlite, type SqliteDatabase } from '../../../src/server/store/sqlite.js';

let tmp: string;
let db_id = 0;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sheaf-sqlite-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Node's own SQLite exists from 22.13 on; better-sqlite3 is what Node 20 uses. */
const HAS_NODE_SQLITE = (() => {
  const probe = openSqlite(':memory:');
  probe.close();
  return probe.driver === 'node:sqlite';
})();
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// better-sqlite3's statements can abort Node 24 when collected, so it is exercised only where it is the driver.
const drivers: [string, (file: string) => SqliteDatabase][] = HAS_NODE_SQLITE ? [['openSqlite (node:sqlite)', openSqlite]] : [['openSqlite (better-sqlite3)', openSqlite]];

describe('openSqlite picks the driver this Node has', () => {
  it(HAS_NODE_SQLITE ? 'is node:sqlite here, and a new process prints no ExperimentalWarning for it' : 'is better-sqlite3 here (no node:sqlite)', () => {
    // A process of its own: the warning is printed once per process, so this one's may be spent.
    const script = `const { openSqlite } = await import(${JSON.stringify(pathToFileURL(path.join(REPO, 'src/server/store/sqlite.ts')).href)}); const db = openSqlite(':memory:'); db.exec('SELECT 1'); process.stdout.write(db.driver); db.close();`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: HAS_NODE_SQLITE ? 'node:sqlite' : 'better-sqlite3', stderr: '' });
  });
});

describe.each(drivers)('%s', (_name, open) => {
  it('runs statements with positional and named parameters and gives plain rows', () => {
    const db = open(':memory:');
    db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
    expect(db.prepare('INSERT INTO t VALUES (?, ?)').run(1, 'one')).toMatchObject({ changes: 1 });
    db.prepare('INSERT INTO t VALUES (@a, @b)').run({ a: 2, b: 'two' });
    const row = db.prepare('SELECT a, b FROM t WHERE a = ?').get(2);
    expect(row).toStrictEqual({ a: 2, b: 'two' });
    expect(db.prepare('SELECT a FROM t ORDER BY a').all()).toStrictEqual([{ a: 1 }, { a: 2 }]);
    expect(db.prepare('SELECT a FROM t WHERE a = 9').get()).toBeUndefined();
    db.close();
  });

  it('switches a file database to WAL', () => {
    const db = open(path.join(tmp, `wal-${db_id++}.db`));
    db.exec('PRAGMA journal_mode = WAL');
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  });
});

describe.skipIf(HAS_NODE_SQLITE)('better-sqlite3 without a usable native build (Node 20)', () => {
  it('is a NativeDriverError whose one line names the fix, and the CLI prints that line alone', async () => {
    // What a binding built for another Node, or a truncated download, looks like to dlopen.
    const broken = path.join(tmp, 'better_sqlite3.node');
    await writeFile(broken, 'not a shared object');
    let thrown: unknown;
    try {
      openBetterSqlite(path.join(tmp, 'x.db'), broken);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NativeDriverError);
    const printed = formatUnexpectedError(thrown, false);
    expect(printed).toBe(
      `sheaf: the SQLite driver (better-sqlite3) has no native build for Node.js ${process.version}, so the service store cannot be opened; ` +
        "in Sheaf's folder run `npm rebuild better-sqlite3`, or reinstall a global Sheaf with `npm install -g sheaf --allow-scripts=better-sqlite3,esbuild` (npm 12 runs no install script it was not allowed to).\n",
    );
    expect(printed.split('\n')).toHaveLength(2);
  });
});

describe('an unexpected error in the CLI', () => {
  it('is one line without a stack, unless --debug or SHEAF_DEBUG=1 asks for it', () => {
    const error = new TypeError('x is not a function\nmore');
    expect(formatUnexpectedError(error, false)).toBe('sheaf: internal error: x is not a function (a bug in Sheaf; run again with --debug or SHEAF_DEBUG=1 for the stack trace)\n');
    expect(formatUnexpectedError(error, true)).toContain('at ');
  });
});
