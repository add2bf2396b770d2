import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileCache, MAX_CACHED_FILE } from '../../../src/server/host/file-cache.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-file-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file = async (name: string, bytes: number) => {
  const at = path.join(dir, name);
  await writeFile(at, Buffer.alloc(bytes, name));
  return at;
};

describe('the host file cache', () => {
  it('keeps files within its budget, least recently used out first', async () => {
    const cache = createFileCache(3_000);
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((n) => file(n, 1_000)));
    for (const f of [a, b, c]) await cache.read(f as string, 1_000);
    expect(cache.bytes).toBe(3_000);
    // Reading `a` again makes it the most recent; `d` then pushes out `b`, the least recent.
    expect(Buffer.isBuffer(cache.read(a as string, 1_000))).toBe(true);
    await cache.read(d as string, 1_000);
    expect(cache.bytes).toBe(3_000);
    expect(Buffer.isBuffer(cache.read(a as string, 1_000))).toBe(true);
    expect(Buffer.isBuffer(cache.read(c as string, 1_000))).toBe(true);
    const again = cache.read(b as string, 1_000);
    expect(again).toBeInstanceOf(Promise);
    expect((await again).equals(Buffer.alloc(1_000, 'b'))).toBe(true);
  });

  it('reads a file once for concurrent first reads, never holds one over the file limit, and lets a failed read fail', async () => {
    const cache = createFileCache();
    const small = await file('s', 10);
    const [x, y] = [cache.read(small, 10), cache.read(small, 10)];
    expect(x).toBe(y);
    await x;
    const big = await file('big', MAX_CACHED_FILE + 1);
    await cache.read(big, MAX_CACHED_FILE + 1);
    expect(cache.bytes).toBe(10);
    await expect(cache.read(path.join(dir, 'gone'), 5)).rejects.toThrow(/ENOENT/);
    // A failure is not remembered: the file, once there, is read.
    await file('gone', 5);
    expect((await cache.read(path.join(dir, 'gone'), 5)).length).toBe(5);
  });
});
