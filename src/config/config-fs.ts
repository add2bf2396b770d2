import { readdir, readFile } from 'node:fs/promises';

/** The file access the config stage needs; tests and the dev server may pass their own. */
export interface ConfigFileSystem {
  /** UTF-8 text of the file at an absolute path, or `undefined` if it is not a readable file. */
  readText(absolutePath: string): Promise<string | undefined>;
  /** Names of the entries of a directory at an absolute path; empty if it cannot be read. */
  listDirectory(absolutePath: string): Promise<readonly string[]>;
}

/** The real file system. */
export const nodeConfigFileSystem: ConfigFileSystem = {
  async readText(absolutePath) {
    try {
      return await readFile(absolutePath, 'utf8');
    } catch {
      return undefined;
    }
  },
  async listDirectory(absolutePath) {
    try {
      return (await readdir(absolutePath)).sort();
    } catch {
      return [];
    }
  },
};
