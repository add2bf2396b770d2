import path from 'node:path';
import { redactUrl } from '../redact-url.js';

/** Where the service keeps its records: a SQLite file (the default) or a PostgreSQL database. */
export type StoreLocation = { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgres'; readonly url: string };

/** The database file of a data folder when no `--store` is given. */
export const defaultStoreFile = (dataDir: string): string => path.join(path.resolve(dataDir), 'sheaf.db');

/**
 * `--store` / `SHEAF_STORE_URL`: `postgres://…` or `postgresql://…` for PostgreSQL; `sqlite:FILE`
 * or a plain path for a SQLite file; absent: `<dataDir>/sheaf.db`. Throws a plain sentence for
 * any other scheme.
 */
export function parseStoreLocation(value: string | undefined, dataDir: string): StoreLocation {
  if (value === undefined || value.trim() === '') return { kind: 'sqlite', file: defaultStoreFile(dataDir) };
  const text = value.trim();
  if (/^postgres(ql)?:\/\//i.test(text)) {
    try {
      new URL(text);
    } catch {
      throw new Error('The store URL is not a valid URL: percent-encode any `/`, `?`, `#` or `@` in its user name or password.');
    }
    return { kind: 'postgres', url: text };
  }
  const sqlite = /^sqlite:(?:\/\/)?(.+)$/i.exec(text);
  if (sqlite) return { kind: 'sqlite', file: path.resolve(sqlite[1] as string) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) throw new Error(`The store ${redactUrl(text)} is not supported: use postgres://… or a SQLite file (sqlite:PATH).`);
  return { kind: 'sqlite', file: path.resolve(text) };
}

/** How a store location is named in messages. */
export const describeStore = (location: StoreLocation): string => (location.kind === 'postgres' ? redactUrl(location.url) : `SQLite ${location.file}`);
