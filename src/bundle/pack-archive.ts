import { TarArchive, ZipArchive, type Archiver } from 'archiver';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type ArchiveFormat = 'tar.gz' | 'zip';

/** The archive format a bundle path asks for by its ending, or undefined. */
export function archiveFormatOf(file: string): ArchiveFormat | undefined {
  const name = file.toLowerCase();
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return 'tar.gz';
  if (name.endsWith('.zip')) return 'zip';
  return undefined;
}

/** The earliest entry time: 1980-01-01T00:00:00Z, the earliest a zip (DOS) time can hold. */
const EARLIEST = Date.UTC(1980, 0, 1, 0, 0, 0);

/** Entry times are spread over 40 years (to 2020: always in the past), in steps of 2 s (a zip time's resolution). */
const TIME_STEPS = (40 * 365 * 24 * 3600) / 2;

/**
 * An entry's modification time, derived from its content's SHA-256 (hex): the same bytes give the
 * same time, different bytes (almost surely) another. Servers that derive validators from a file's
 * time and size (nginx's ETag and Last-Modified, most static hosts) then see a changed page as
 * changed even when its size is the same, and the archive stays byte-for-byte reproducible.
 */
export function entryDate(sha256: string): Date {
  return new Date(EARLIEST + (Number.parseInt(sha256.slice(0, 12), 16) % TIME_STEPS) * 2000);
}

/** Every entry's permission bits: readable by all, writable by the owner, never executable. */
export const ENTRY_MODE = 0o644;

export interface ArchiveEntry {
  /** Path inside the archive (POSIX, relative). */
  readonly name: string;
  /** File to read, or the content itself. */
  readonly from: string | Buffer;
  /** The content's SHA-256 (hex), when known already (else it is computed). */
  readonly sha256?: string;
}

/**
 * Rewrites the 10-byte gzip header to fixed values: modification time 0 (bytes 4–7) and
 * operating system 3, Unix (byte 9), which zlib otherwise sets from the platform it was built
 * for. The deflate data and trailer are untouched (the CRC covers the data only).
 */
function fixedGzipHeader(): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (offset < 10) {
        const out = Buffer.from(chunk);
        for (let i = 0; i < out.length && offset + i < 10; i++) {
          const at = offset + i;
          if (at >= 4 && at <= 7) out[i] = 0;
          if (at === 9) out[i] = 3;
        }
        offset += chunk.length;
        return callback(null, out);
      }
      offset += chunk.length;
      callback(null, chunk);
    },
  });
}

/**
 * Writes `entries`, in the order given, as a `.tar.gz` or `.zip` at `output`: regular files
 * only, each with its content's time (`entryDate`) and `ENTRY_MODE`, no owner names, and a fixed
 * gzip header, so the same entries give the same bytes. Files are read one at a time (memory holds one file).
 * The archive is written next to `output` and renamed into place: no half-written bundle is
 * ever at `output`. Returns its size in bytes.
 */
export async function packArchive(entries: readonly ArchiveEntry[], output: string, format: ArchiveFormat): Promise<number> {
  const archive: Archiver = format === 'zip' ? new ZipArchive({ zlib: { level: 9 } }) : new TarArchive({ gzip: true, gzipOptions: { level: 9 } });
  const partial = path.join(path.dirname(output), `.${path.basename(output)}.${process.pid}.partial`);
  const out = createWriteStream(partial);
  const written = format === 'zip' ? pipeline(archive, out) : pipeline(archive, fixedGzipHeader(), out);
  written.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  try {
    for (const entry of entries) {
      const content = typeof entry.from === 'string' ? await readFile(entry.from) : entry.from;
      const added = once(archive, 'entry');
      const sha256 = entry.sha256 ?? createHash('sha256').update(content).digest('hex');
      archive.append(content, { name: entry.name, date: entryDate(sha256), mode: ENTRY_MODE });
      await Promise.race([added, written]);
    }
    await Promise.all([archive.finalize(), written]);
    await rename(partial, output);
    return out.bytesWritten;
  } catch (error) {
    archive.abort();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}
