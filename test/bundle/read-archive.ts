import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import tar from 'tar-stream';
import yauzl from 'yauzl';

/** One entry of an archive as the tests see it. */
export interface ReadEntry {
  readonly name: string;
  readonly type: string;
  readonly mode: number;
  readonly mtime: string;
  readonly uid?: number;
  readonly gid?: number;
  readonly content: Buffer;
}

/** Every entry of a .tar.gz, in archive order. */
export async function readTarGz(file: string): Promise<ReadEntry[]> {
  const extract = tar.extract();
  const entries: ReadEntry[] = [];
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => void chunks.push(c as Buffer));
      stream.on('end', () => {
        entries.push({ name: header.name, type: header.type ?? 'file', mode: header.mode ?? 0, mtime: (header.mtime ?? new Date(0)).toISOString(), uid: header.uid ?? 0, gid: header.gid ?? 0, content: Buffer.concat(chunks) });
        next();
      });
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(gunzipSync(await readFile(file)));
  await done;
  return entries;
}

/** Every entry of a .zip, in archive order. */
export function readZip(file: string): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ReadEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, type: 'file', mode: (entry.externalFileAttributes >>> 16) & 0o7777, mtime: entry.getLastModDate({ forceDosFormat: true, timezone: 'UTC' }).toISOString(), content: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
