import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readProjectText, type ReadScope } from '../project-fs/read-project-file.js';
import { refusalDiagnostic } from '../project-fs/refusal-diagnostic.js';
import type { Diagnostic } from '../model/diagnostic.js';

/** The file access the config stage needs; tests and the dev server may pass their own. */
export interface ConfigFileSystem {
  /** UTF-8 text of the file at an absolute path, or `undefined` if it is not a readable file. */
  readText(absolutePath: string): Promise<string | undefined>;
  /** Names of the entries of a directory at an absolute path; empty if it cannot be read. */
  listDirectory(absolutePath: string): Promise<readonly string[]>;
  /**
   * Why `readText` gave nothing for a file that exists but may not be read (a link out of the
   * project, a FIFO, a file over the cap): the diagnostic to report instead of "does not exist".
   */
  refusal?(absolutePath: string): Diagnostic | undefined;
}

/** The real file system, without containment or caps (tests; a project is read with `projectConfigFileSystem`). */
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

/**
 * The project's configuration files as the load stage reads them: docs.json, mint.json and every
 * file a `$ref` includes go through `readProjectText` (inside the project, regular files only,
 * at most `maxBytes` each). A refused file reads as `undefined` and its diagnostic is kept for
 * `refusal`.
 */
export function projectConfigFileSystem(scope: ReadScope, maxBytes: number): ConfigFileSystem {
  const refused = new Map<string, Diagnostic>();
  const root = path.resolve(scope.root);
  return {
    async readText(absolutePath) {
      const read = await readProjectText(scope, absolutePath, maxBytes);
      if (read.ok) return read.text;
      const file = path.relative(root, path.resolve(absolutePath)).split(path.sep).join('/');
      const diagnostic = refusalDiagnostic(file, read.refusal, 'config');
      if (diagnostic) refused.set(path.resolve(absolutePath), diagnostic);
      return undefined;
    },
    listDirectory: nodeConfigFileSystem.listDirectory,
    refusal: (absolutePath) => refused.get(path.resolve(absolutePath)),
  };
}
