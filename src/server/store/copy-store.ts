import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase } from './open-database.js';
import { migrateStore } from './open-store.js';
import { TABLE_ORDER, type ServiceTables } from './service-tables.js';
import { describeStore, type StoreLocation } from './store-location.js';

export type CopyResult = { readonly ok: true; readonly rows: Record<keyof ServiceTables, number> } | { readonly ok: false; readonly message: string };

/** Rows written per statement. */
const BATCH = 500;

/**
 * Copies every table of one store into another (both brought to the current schema first), in
 * one transaction on the target: all rows or none. The target must hold no records, so a copy
 * never merges two services' keys and jobs.
 */
export async function copyStore(from: StoreLocation, to: StoreLocation): Promise<CopyResult> {
  if (JSON.stringify(from) === JSON.stringify(to)) return { ok: false, message: 'The two stores are the same.' };
  // Opening a SQLite file creates it: a mistyped --from would copy nothing and say so as success.
  if (from.kind === 'sqlite' && !existsSync(from.file)) return { ok: false, message: `There is no SQLite store at ${from.file}.` };
  const source = await openDatabase(from);
  try {
    await migrateStore(source, describeStore(from));
    const target = await openDatabase(to);
    try {
      await migrateStore(target, describeStore(to));
      for (const table of TABLE_ORDER) {
        const row = await target.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
        if (Number(row?.n ?? 0) > 0) return { ok: false, message: `The store ${describeStore(to)} already holds records (table ${table}); copy into an empty one.` };
      }
      const rows = {} as Record<keyof ServiceTables, number>;
      await target.transaction().execute(async (tx) => {
        for (const table of TABLE_ORDER) {
          const all = (await source.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
          for (let i = 0; i < all.length; i += BATCH) {
            await tx.insertInto(table).values(all.slice(i, i + BATCH) as never).execute();
          }
          rows[table] = all.length;
        }
      });
      return { ok: true, rows };
    } finally {
      await target.destroy();
    }
  } finally {
    await source.destroy();
  }
}
