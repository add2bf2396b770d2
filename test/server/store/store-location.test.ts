import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/store/open-store.js';
import { describeStore, parseStoreLocation } from '../../../src/server/store/store-location.js';
import { redactUrl } from '../../../src/server/redact-url.js';
import { parseS3Url } from '../../../src/server/service/s3-blob-store.js';
import { checkRedisUrl } from '../../../src/server/service/redis-connection.js';
import { MIGRATION_NAMES } from '../../../src/server/store/store-migrations.js';

describe('--store', () => {
  it('is the data folder’s SQLite file by default, a SQLite file by path or sqlite:, or PostgreSQL by URL', () => {
    expect(parseStoreLocation(undefined, '/srv/data')).toEqual({ kind: 'sqlite', file: '/srv/data/sheaf.db' });
    expect(parseStoreLocation('  ', '/srv/data')).toEqual({ kind: 'sqlite', file: '/srv/data/sheaf.db' });
    expect(parseStoreLocation('/var/lib/sheaf/store.db', '/srv/data')).toEqual({ kind: 'sqlite', file: '/var/lib/sheaf/store.db' });
    expect(parseStoreLocation('sqlite:/tmp/x.db', '/srv/data')).toEqual({ kind: 'sqlite', file: '/tmp/x.db' });
    expect(parseStoreLocation('postgres://u:p@db:5432/sheaf', '/srv/data')).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/sheaf' });
    expect(parseStoreLocation('postgresql://db/sheaf', '/srv/data')).toEqual({ kind: 'postgres', url: 'postgresql://db/sheaf' });
  });

  it('refuses other schemes in words that never show the password', () => {
    expect(() => parseStoreLocation('mysql://root:hunter2@db/sheaf', '/d')).toThrow('The store mysql://root:***@db/sheaf is not supported: use postgres://… or a SQLite file (sqlite:PATH).');
    expect(() => parseStoreLocation('postgres://sheaf:pa/ss@db/sheaf', '/d')).toThrow('The store URL is not a valid URL: percent-encode any `/`, `?`, `#` or `@` in its user name or password.');
  });

  it('names a store without its password or query', () => {
    expect(redactUrl('postgres://sheaf:hunter2@db:5432/sheaf?sslmode=require&password=x')).toBe('postgres://sheaf:***@db:5432/sheaf?…');
    // A password holding `/` or `#` makes the URL unparsable: nothing of it is shown.
    expect(redactUrl('postgres://sheaf:pa/ss#x@db/sheaf')).toBe('(an invalid URL)');
    expect(redactUrl('redis://:hunter2@127.0.0.1:6379')).toBe('redis://:***@127.0.0.1:6379');
    expect(describeStore({ kind: 'sqlite', file: '/d/sheaf.db' })).toBe('SQLite /d/sheaf.db');
  });
});

describe('--bundle-store and --queue', () => {
  it('takes s3://BUCKET and s3://BUCKET/PREFIX, and nothing else', () => {
    expect(parseS3Url('s3://bundles')).toEqual({ bucket: 'bundles', prefix: '' });
    expect(parseS3Url('s3://bundles/exports/prod/')).toEqual({ bucket: 'bundles', prefix: 'exports/prod/' });
    expect(() => parseS3Url('https://bundles.s3.amazonaws.com')).toThrow('The bundle store `https://bundles.s3.amazonaws.com` is not valid: use s3://BUCKET or s3://BUCKET/PREFIX.');
    expect(() => parseS3Url('s3://Bad_Bucket')).toThrow('is not valid');
  });

  it('takes redis:// and rediss:// only', () => {
    expect(checkRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(checkRedisUrl('rediss://:pw@cache:6380/2')).toBe('rediss://:pw@cache:6380/2');
    expect(() => checkRedisUrl('http://:hunter2@cache:6379')).toThrow('The queue `http://:***@cache:6379/` is not valid: use redis://HOST:PORT (or rediss:// for TLS).');
  });
});

describe('SQLite stores opened together', () => {
  it('migrate once, whichever opens first', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-store-race-'));
    try {
      const file = path.join(dir, 'sheaf.db');
      const stores = await Promise.all(Array.from({ length: 3 }, () => openStore({ kind: 'sqlite', file })));
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(stores[0]!.db);
      expect(rows.map((r) => r.name).sort()).toEqual(MIGRATION_NAMES);
      expect((await stores[1]!.createOrganization({ id: 'acme', name: 'Acme', plan: 'pro' })).ok).toBe(true);
      expect(await stores[2]!.getOrganization('acme')).toEqual({ id: 'acme', name: 'Acme', plan: 'pro' });
      await Promise.all(stores.map((s) => s.close()));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
