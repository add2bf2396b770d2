/** The part of archiver 8 (ESM, untyped) that Sheaf uses. */
declare module 'archiver' {
  import type { Transform } from 'node:stream';

  export interface EntryData {
    /** Path inside the archive, POSIX. */
    name: string;
    date?: Date;
    /** Permission bits (0o644). */
    mode?: number;
  }

  export interface TarOptions {
    gzip?: boolean;
    gzipOptions?: { level?: number };
  }

  export interface ZipOptions {
    comment?: string;
    zlib?: { level?: number };
  }

  export class Archiver extends Transform {
    append(source: Buffer | string | NodeJS.ReadableStream, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
  }

  export class TarArchive extends Archiver {
    constructor(options?: TarOptions);
  }

  export class ZipArchive extends Archiver {
    constructor(options?: ZipOptions);
  }
}
