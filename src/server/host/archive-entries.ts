import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import yauzl from 'yauzl';
import { HostProblemError, rejectWith, writeFailure } from './host-problem.js';

export type ArchiveKind = 'tar.gz' | 'zip';

/** One entry as the archive declares it; nothing is trusted yet. */
export interface ArchiveEntry {
  /** The name as stored (checked by the caller with `checkEntryPath`). */
  readonly name: string;
  readonly type: 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';
  /** Declared uncompressed bytes. */
  readonly size: number;
}

/** gzip: 1f 8b; zip: `PK\3\4` (a local file header) or `PK\5\6` (an empty archive). */
export async function detectArchiveKind(file: string): Promise<ArchiveKind | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
    if (bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))) return 'zip';
    return undefined;
  } finally {
    await handle.close();
  }
}

/** Called once per entry, in archive order; must consume `content` (or throw to stop). */
export type EntryHandler = (entry: ArchiveEntry, content: Readable) => Promise<void>;

/**
 * Reads every entry of a tar.gz or zip archive in order. A corrupt archive becomes a
 * `host/bad-archive` problem; a `HostProblemError` thrown by the handler stops the walk and
 * propagates as is.
 */
export async function readArchiveEntries(file: string, kind: ArchiveKind, onEntry: EntryHandler): Promise<void> {
  try {
    await (kind === 'zip' ? readZip(file, onEntry) : readTarGz(file, onEntry));
  } catch (error) {
    if (error instanceof HostProblemError) throw error;
    const io = writeFailure(error, 'read the archive or write its files');
    if (io) throw new HostProblemError(io);
    const detail = error instanceof Error ? error.message : String(error);
    throw rejectWith('host/bad-archive', `The bundle is not a readable ${kind} archive (${detail}).`, 'Generate a new bundle; the download may have been cut short.');
  }
}

const TAR_TYPES: Record<string, ArchiveEntry['type']> = {
  file: 'file',
  'contiguous-file': 'file',
  directory: 'directory',
  symlink: 'symlink',
  link: 'hardlink',
};

async function readTarGz(file: string, onEntry: EntryHandler): Promise<void> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(file), createGunzip(), extract);
  // Reported through the iteration below (the pipeline destroys `extract` with the same error).
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const header = entry.header;
      // tar-stream's entries are streamx streams; Node's pipeline wants its own kind.
      await onEntry({ name: header.name, type: TAR_TYPES[header.type] ?? 'other', size: header.size }, Readable.from(entry));
      entry.resume();
    }
    await feeding;
  } catch (error) {
    extract.destroy();
    await feeding.catch(() => undefined);
    throw error;
  }
}

/** Unix file type bits of a zip entry made on Unix (`versionMadeBy` high byte 3). */
const S_IFMT = 0o170000;
const ZIP_TYPES: Record<number, ArchiveEntry['type']> = { 0o100000: 'file', 0o040000: 'directory', 0o120000: 'symlink' };

async function readZip(file: string, onEntry: EntryHandler): Promise<void> {
  // decodeStrings off: yauzl would turn backslashes into slashes and fail on its own wording;
  // names are decoded here (UTF-8 flag, Info-ZIP Unicode Path) and checked by the caller.
  const zip = await yauzl.openPromise(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false });
  try {
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      const unixMode = entry.versionMadeBy >> 8 === 3 ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
      const type: ArchiveEntry['type'] = unixMode ? (ZIP_TYPES[unixMode] ?? 'other') : name.endsWith('/') ? 'directory' : 'file';
      if (entry.isEncrypted()) throw new Error(`\`${name}\` is encrypted`);
      const content = type === 'file' ? await zip.openReadStreamPromise(entry) : emptyStream();
      try {
        await onEntry({ name, type, size: entry.uncompressedSize }, content);
      } catch (error) {
        content.destroy();
        throw error;
      }
      content.resume();
    }
  } finally {
    zip.close();
  }
}

/** A readable with no data, for entries whose content is not read (directories, links). */
const emptyStream = (): Readable => Readable.from([]);
