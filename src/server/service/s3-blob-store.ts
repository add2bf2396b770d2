import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { redactUrl } from '../redact-url.js';
import { trimChars } from '../../text/linear-text.js';
import { withoutWarning } from '../without-warning.js';
import { BlobStoreUnavailableError, type BlobStore } from './blob-store.js';

export interface S3Location {
  readonly bucket: string;
  /** Key prefix, empty or ending in `/`. */
  readonly prefix: string;
  /** `https://…` of an S3-compatible server (R2, MinIO); absent: AWS. */
  readonly endpoint?: string;
  readonly region?: string;
}

/** `s3://bucket/prefix` of `--bundle-store`; throws a plain sentence for anything else. */
export function parseS3Url(value: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value.trim());
  if (!m) throw new BlobStoreUnavailableError(`The bundle store \`${value}\` is not valid: use s3://BUCKET or s3://BUCKET/PREFIX.`);
  const prefix = trimChars(m[2] ?? '', '/');
  return { bucket: m[1] as string, prefix: prefix === '' ? '' : `${prefix}/` };
}

/** Parts of a multipart upload: 16 MiB, up to 4 at once. */
const PART_BYTES = 16 * 1024 * 1024;

/**
 * Blobs in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), credentials from the standard
 * AWS environment variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, …). Uploads go in
 * parts for large files; bundle links are S3 presigned GET URLs.
 */
export function s3BlobStore(location: S3Location, env: Readonly<Record<string, string | undefined>> = process.env): BlobStore {
  const region = location.region ?? env['AWS_REGION'] ?? env['AWS_DEFAULT_REGION'] ?? 'us-east-1';
  // The SDK's notice that its versions after January 2027 need Node 22 is for us, not the
  // operator: package.json pins a version that runs on Node 20.
  const client = withoutWarning('NodeVersionSupportWarning', () =>
    new S3Client({
      region,
      ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
      // Checksums only where the operation needs them: R2 and MinIO reject some of the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
  const Bucket = location.bucket;
  const keyOf = (key: string) => `${location.prefix}${key}`;
  const where = `s3://${Bucket}/${location.prefix}${location.endpoint ? ` at ${redactUrl(location.endpoint)}` : ''}`;
  return {
    kind: 's3',
    description: where,
    async put(key, file) {
      const bytes = (await stat(file)).size;
      const ContentType = key.endsWith('.json') ? 'application/json' : 'application/gzip';
      const upload = new Upload({ client, params: { Bucket, Key: keyOf(key), Body: createReadStream(file), ContentLength: bytes, ContentType }, partSize: PART_BYTES, queueSize: 4 });
      await upload.done();
      return bytes;
    },
    async fetchTo(key, file) {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      if (!out.Body) throw new Error(`the object ${key} has no body`);
      await pipeline(out.Body as Readable, createWriteStream(file, { mode: 0o600 }));
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw new BlobStoreUnavailableError(`The bundle store ${where} cannot be reached: ${s3Reason(error)}.`, { cause: error });
      }
    },
    presign: (key, ttlSeconds, filename) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: keyOf(key), ResponseContentDisposition: `attachment; filename="${filename}"` }), { expiresIn: ttlSeconds }),
    close: async () => client.destroy(),
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Why a call failed, in a few words (no request ids, no signatures). */
export function s3Reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e?.code === 'ECONNREFUSED' || (error instanceof AggregateError && (error.errors[0] as NodeJS.ErrnoException)?.code === 'ECONNREFUSED')) return 'connection refused';
  const status = e?.$metadata?.httpStatusCode;
  if (status === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchBucket') return 'no such bucket';
  if (status === 403) return 'access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)';
  return `${e?.name ?? 'error'}${status ? ` (HTTP ${status})` : ''}: ${String(e?.message ?? error).split('\n')[0]}`;
}


