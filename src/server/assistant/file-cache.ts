import { stat } from 'node:fs/promises';

/**
 * `load(file)` cached per file path, loaded again when the file's mtime or size changes; at most
 * `maxCached` files stay cached (the least recently loaded dropped first), and a failed load is
 * not kept.
 */
export function createFileCache<T>(load: (file: string) => Promise<T>, maxCached: number): (file: string) => Promise<T> {
  const cache = new Map<string, { readonly stamp: string; readonly value: Promise<T> }>();
  return async (file) => {
    const info = await stat(file);
    const stamp = `${info.mtimeMs}:${info.size}`;
    const cached = cache.get(file);
    if (cached?.stamp === stamp) return cached.value;
    const value = load(file);
    cache.delete(file);
    cache.set(file, { stamp, value });
    value.catch(() => cache.delete(file));
    while (cache.size > maxCached) cache.delete(cache.keys().next().value as string);
    return value;
  };
}
