/**
 * Where the service keeps a job's files (bundle, search records, source snapshot): the data
 * folder of one machine, or an S3-compatible bucket that every instance and worker shares. Keys
 * are relative POSIX paths (`jobs/<jobId>/bundle.tar.gz`), as the store records them.
 */
export interface BlobStore {
  /** `local` or `s3`, and how messages name it (no credentials). */
  readonly kind: 'local' | 's3';
  readonly description: string;
  /** Stores `file` under `key` (the file is moved when the store is local); its bytes. */
  put(key: string, file: string): Promise<number>;
  /** Writes the blob into `file`; rejects when it is missing. */
  fetchTo(key: string, file: string): Promise<void>;
  /** The blob's bytes, or undefined when it is not stored. */
  size(key: string): Promise<number | undefined>;
  /** Removes the blob (nothing when missing). */
  remove(key: string): Promise<void>;
  /** Resolves when the store answers (readiness); rejects with the reason. */
  ping(): Promise<void>;
  /** The local store's file of a key (served by the service itself). */
  localPath?(key: string): string;
  /** A presigned GET link, valid `ttlSeconds` (object stores only). */
  presign?(key: string, ttlSeconds: number, filename: string): Promise<string>;
  close(): Promise<void>;
}

/** The keys of a job's blobs. */
export const jobBlobKeys = (jobId: string) => ({
  bundle: `jobs/${jobId}/bundle.tar.gz`,
  searchRecords: `jobs/${jobId}/search-records.json`,
  /** The searchable pages' Markdown copies (`PageTexts`); jobs completed before it existed have none. */
  pageTexts: `jobs/${jobId}/page-texts.json`,
  source: `sources/${jobId}.tar.gz`,
});

/** The bundle store cannot be set up or reached: the message names it and why. */
export class BlobStoreUnavailableError extends Error {
  override readonly name = 'BlobStoreUnavailableError';
}
