import { readFile } from 'node:fs/promises';

/** Files larger than this (bytes) are streamed from disk, never held in memory. */
export const MAX_CACHED_FILE = 1024 * 1024;

/** Bytes of file contents one process holds by default. */
export const DEFAULT_CACHE_BYTES = 128 * 1024 * 1024;

/**
 * The contents of small site files held in memory, least recently used first out, within a byte
 * budget: served from here a page costs no file system call and no garbage beyond its response.
 * Keyed by absolute path, so each version's files are their own entries (an old version's
 * go as they age). Concurrent first reads of one file share one read.
 */
export interface FileCache {
  /** The file's bytes, from memory when held, else read (and kept, when it fits). */
  read(file: string, size: number): Buffer | Promise<Buffer>;
  /** Bytes held now. */
  readonly bytes: number;
}

export function createFileCache(budget = DEFAULT_CACHE_BYTES): FileCache {
  const held = new Map<string, Buffer>();
  const pending = new Map<string, Promise<Buffer>>();
  let bytes = 0;
  const keep = (file: string, data: Buffer) => {
    if (data.length > MAX_CACHED_FILE || data.length > budget) return;
    held.set(file, data);
    bytes += data.length;
    for (const [oldest, value] of held) {
      if (bytes <= budget) break;
      held.delete(oldest);
      bytes -= value.length;
    }
  };
  return {
    get bytes() {
      return bytes;
    },
    read(file, size) {
      const hit = held.get(file);
      if (hit) {
        // Most recently used goes last.
        held.delete(file);
        held.set(file, hit);
        return hit;
      }
      const reading = pending.get(file);
      if (reading) return reading;
      const read = readFile(file).then(
        (data) => {
          pending.delete(file);
          if (size <= MAX_CACHED_FILE) keep(file, data);
          return data;
        },
        (error: unknown) => {
          pending.delete(file);
          throw error;
        },
      );
      pending.set(file, read);
      return read;
    },
  };
}
