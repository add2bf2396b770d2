import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { packArchive } from '../../bundle/pack-archive.js';
import { DEFAULT_SNAPSHOT_FILES, snapshotSource, type SnapshotResult } from '../../export/snapshot-source.js';
import { readArchiveEntries } from '../host/archive-entries.js';
import { checkEntryPath } from '../host/entry-path.js';

export interface PackSourceOptions {
  /** The site's docs source folder. */
  readonly source: string;
  /** A scratch folder of the caller's (the snapshot is made and removed inside it). */
  readonly workDir: string;
  /** Folders never copied (the service's data folder). */
  readonly exclude: readonly string[];
  /** The archive to write. */
  readonly output: string;
  readonly signal?: AbortSignal;
}

/**
 * The source snapshot of a job as one `.tar.gz` that a worker on another machine unpacks:
 * `snapshotSource` copies the source with the containment of an export (no link followed out of
 * it, the caps on files and bytes), then its regular files are packed. A refusal is the
 * snapshot's reason, in words for the caller.
 */
export async function packSource(options: PackSourceOptions): Promise<SnapshotResult> {
  const into = path.join(options.workDir, 'snapshot');
  await rm(into, { recursive: true, force: true });
  try {
    const snapshot = await snapshotSource({ source: options.source, into, exclude: [options.workDir, ...options.exclude], ...(options.signal ? { signal: options.signal } : {}) });
    if (!snapshot.ok) return snapshot;
    const files = (await readdir(into, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    const entries = files
      .map((e) => path.join(e.parentPath, e.name))
      .sort()
      .map((file) => ({ name: path.relative(into, file).split(path.sep).join('/'), from: file }));
    await packArchive(entries, options.output, 'tar.gz');
    return snapshot;
  } finally {
    await rm(into, { recursive: true, force: true });
  }
}

/**
 * Unpacks a source archive into `dest` (created): regular files and folders only, each name
 * checked (no absolute path, no `..`), at most `maxBytes` and `maxEntries` in all. Rejects on
 * anything else.
 */
export async function unpackSource(archive: string, dest: string, maxBytes: number, maxEntries = DEFAULT_SNAPSHOT_FILES): Promise<void> {
  await mkdir(dest, { recursive: true });
  let total = 0;
  let entries = 0;
  await readArchiveEntries(archive, 'tar.gz', async (entry, content) => {
    entries += 1;
    if (entries > maxEntries) throw new Error(`the source archive holds more than ${maxEntries} entries`);
    const check = checkEntryPath(entry.name);
    if (!check.ok) throw new Error(`the source archive entry ${JSON.stringify(entry.name)} is refused: ${check.reason}`);
    const target = path.join(dest, check.path);
    if (entry.type === 'directory') {
      await mkdir(target, { recursive: true });
      content.resume();
      return;
    }
    if (entry.type !== 'file') throw new Error(`the source archive entry ${JSON.stringify(entry.name)} is not a regular file`);
    total += entry.size;
    if (total > maxBytes) throw new Error(`the source archive unpacks to more than ${maxBytes} bytes`);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(content, createWriteStream(target, { flags: 'wx', mode: 0o644 }));
  });
}
