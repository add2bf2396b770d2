import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { CORPUS } from './corpus-path.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What `sheaf build --format json` prints (the parts the corpus tests read). */
export interface CorpusBuildJson {
  readonly ok: boolean;
  readonly stats?: { pages: number; files: number; bytes: number; searchRecords: number; links: { checked: number; unresolved: number } };
  readonly summary: { errors: number; warnings: number; durationMs: number };
  readonly diagnostics: Diagnostic[];
}

export interface CorpusSite {
  /** The output folder. */
  readonly out: string;
  readonly result: CorpusBuildJson;
}

/** The run's folder of built sites (corpus-sites-setup.ts, the corpus suite's global setup). */
function folder(): string {
  const provided = inject('corpusSites') as string | undefined;
  if (!provided) throw new Error('The corpus sites folder is missing: run the corpus tests with --config vitest.corpus.config.ts.');
  return provided;
}

/**
 * The corpus project `name` (a folder of ../shared/corpus/mintlify) built by the compiled CLI as
 * a user builds it (`sheaf build <dir> -o <out> --format json --no-cache`: nothing is written into
 * the corpus), once per corpus run: the first test file asking builds it, the next ones read it
 * (corpus-sites-setup.ts; corpus files run one at a time, so no two builds of a project race).
 * A build costs minutes on the large projects.
 */
export function corpusSite(name: string): CorpusSite {
  const out = path.join(folder(), name);
  const json = `${out}.json`;
  if (!existsSync(json)) {
    const r = spawnSync(process.execPath, [path.join(REPO, 'bin/sheaf.js'), 'build', path.join(CORPUS, 'mintlify', name), '-o', out, '--format', 'json', '--no-cache'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 900_000,
    });
    if (r.error) throw r.error;
    JSON.parse(r.stdout);
    writeFileSync(json, r.stdout);
  }
  return { out, result: JSON.parse(readFileSync(json, 'utf8')) as CorpusBuildJson };
}
