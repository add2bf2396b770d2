import { TarArchive, ZipArchive, type Archiver } from 'archiver';
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

/** Every entry's time: 1980-01-01T00:00:00Z, the earliest a zip (DOS) time can hold. */
export const ENTRY_DATE = new Date(Date.UTC(1980, 0, 1, 0, 0, 0));

/** Every entry's permission bits: readable by all, writable by the owner, never executable. */
export const ENTRY_MODE = 0o644;

export interface ArchiveEntry {
  /** Path inside the archive (POSIX, relative). */
  readonly name: string;
  /** File to read, or the content itself. */
  readonly from: string | Buffer;
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
 * only, each with `ENTRY_DATE` and `ENTRY_MODE`, no owner names, and a fixed gzip header, so
 * the same entries give the same bytes. Files are read one at a time (memory holds one file).
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
      archive.append(content, { name: entry.name, date: ENTRY_DATE, mode: ENTRY_MODE });
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
