import { copyFile, mkdir, rename, rm, stat, access } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import type { BlobStore } from './blob-store.js';

/** Blobs as files under the service's data folder (one machine; the default). */
export function localBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`blob key outside the data folder: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    description: `the data folder ${root}`,
    async put(key, file) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await moveFile(file, target);
      return (await stat(target)).size;
    },
    async fetchTo(key, file) {
      await copyFile(fileOf(key), file);
    },
    async size(key) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? s.size : undefined;
      } catch {
        return undefined;
      }
    },
    remove: (key) => rm(fileOf(key), { force: true }),
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    localPath: fileOf,
    close: async () => undefined,
  };
}

export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
