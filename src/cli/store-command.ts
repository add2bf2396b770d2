import type { Command } from 'commander';
import { copyStore } from '../server/store/copy-store.js';
import { parseStoreLocation } from '../server/store/store-location.js';
import type { CliIO } from './io.js';

/** `sheaf store copy --from … --to …`: moves a service's records to another store (SQLite to PostgreSQL). */
export function registerStoreCommand(program: Command, io: CliIO, done: (code: number) => void): void {
  const store = program.command('store').description('The export service’s store (organizations, sites, keys, jobs, assistant threads).');
  store
    .command('copy')
    .description('Copy every record of one store into another, empty one (a SQLite data folder into PostgreSQL).')
    .requiredOption('--from <store>', 'the store to read: a SQLite file (./.sheaf-service/sheaf.db) or postgres://…')
    .requiredOption('--to <store>', 'the store to fill: postgres://USER:PASSWORD@HOST/DB or a SQLite file; it must hold no records')
    .action(async (flags: { from: string; to: string }) => {
      try {
        const result = await copyStore(parseStoreLocation(flags.from, '.'), parseStoreLocation(flags.to, '.'));
        if (!result.ok) {
          io.stderr(`sheaf: ${result.message}\n`);
          return done(1);
        }
        io.stdout(`Copied ${Object.entries(result.rows).map(([table, n]) => `${n} ${table}`).join(', ')}.\n`);
        done(0);
      } catch (error) {
        io.stderr(`sheaf: the copy failed: ${error instanceof Error ? error.message : String(error)}\n`);
        done(1);
      }
    });
}
