import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Social preview images on disk by content hash, beside the render cache's bodies (the same
 * folder, `og/` under it): the key hashes everything an image is drawn from, so a hit is the
 * image itself and nothing is drawn again.
 */
export interface ImageCache {
  get(key: string): Promise<Uint8Array | undefined>;
  set(key: string, png: Uint8Array): Promise<void>;
}

/** The cache in `dir` (`<dir>/og/<first 2 hex>/<key>.png`); without `dir`, one that keeps nothing. */
export function createImageCache(dir: string | undefined): ImageCache {
  if (!dir) return { get: async () => undefined, set: async () => {} };
  const file = (key: string) => path.join(dir, 'og', key.slice(0, 2), `${key}.png`);
  return {
    get: async (key) => {
      try {
        return new Uint8Array(await readFile(file(key)));
      } catch {
        return undefined;
      }
    },
    set: async (key, png) => {
      // Written aside, then renamed: a build stopped half-way leaves no truncated image to be
      // read back. A cache that cannot be written (a read-only folder) costs the next build
      // time, never this one.
      try {
        await mkdir(path.dirname(file(key)), { recursive: true });
        const partial = `${file(key)}.${process.pid}.${threadId}.partial`;
        await writeFile(partial, png);
        await rename(partial, file(key));
      } catch {
        // nothing: the image is written to the site all the same
      }
    },
  };
}
