import type { Redis } from 'ioredis';
import { openStore, type ServiceStore } from '../store/open-store.js';
import { parseStoreLocation } from '../store/store-location.js';
import type { BlobStore } from './blob-store.js';
import { localBlobStore } from './local-blob-store.js';
import { closeRedis, connectRedis } from './redis-connection.js';
import { parseS3Url, s3BlobStore } from './s3-blob-store.js';
import type { ServiceLog } from './service-log.js';

/** Where the service and its workers keep their state: flags of `sheaf service` and `sheaf worker`. */
export interface BackendOptions {
  /** The data folder: the SQLite store, local bundles and scratch folders. */
  readonly dataDir: string;
  /** `--store`: `postgres://…` or a SQLite file; default `<dataDir>/sheaf.db`. */
  readonly store?: string | undefined;
  /** `--queue`: `redis://…`; default none (the service runs jobs itself). */
  readonly queue?: string | undefined;
  /** `--bundle-store`: `s3://bucket/prefix`; default the data folder. */
  readonly bundleStore?: string | undefined;
  /** `--s3-endpoint`, for S3-compatible servers (R2, MinIO). */
  readonly s3Endpoint?: string | undefined;
  /** `--s3-region`; default `AWS_REGION`, else `us-east-1`. */
  readonly s3Region?: string | undefined;
  /** AWS credentials (`AWS_ACCESS_KEY_ID`, …). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly log: ServiceLog;
}

export interface Backends {
  readonly store: ServiceStore;
  readonly blobs: BlobStore;
  /** The queue's Redis, when there is one. */
  readonly redis?: Redis;
  close(): Promise<void>;
}

/**
 * Opens the store, the bundle store and the queue's Redis, each checked now: a clear error names
 * the one that cannot be reached (its URL without password) and why, and nothing stays open.
 */
export async function openBackends(options: BackendOptions): Promise<Backends> {
  const opened: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of [...opened].reverse()) await close().catch(() => undefined);
  };
  try {
    const store = await openStore(parseStoreLocation(options.store, options.dataDir));
    opened.push(() => store.close());
    const blobs = options.bundleStore
      ? s3BlobStore(
          { ...parseS3Url(options.bundleStore), ...(options.s3Endpoint ? { endpoint: options.s3Endpoint } : {}), ...(options.s3Region ? { region: options.s3Region } : {}) },
          options.env,
        )
      : localBlobStore(options.dataDir);
    opened.push(() => blobs.close());
    await blobs.ping();
    let redis: Redis | undefined;
    if (options.queue) {
      const connected = await connectRedis(options.queue, options.log);
      redis = connected;
      opened.push(() => closeRedis(connected));
    }
    return { store, blobs, ...(redis ? { redis } : {}), close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
