import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunnerResult } from './index.js';

/**
 * Builds a whole site with the compiled API (`dist/`, so worker threads are on, as for users),
 * into a temporary folder, with no render cache: every page rendered and written.
 */
export async function siteBuild(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const api = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof import('../../src/index.js');
  const out = mkdtempSync(path.join(tmpdir(), 'sheaf-bench-'));
  try {
    const result = await api.build({ root: input['root'] as string, outDir: out, cacheDir: false });
    const stats = result.stats;
    return {
      items: stats?.pages ?? 0,
      notes: `${stats?.files ?? 0} files, ${((stats?.bytes ?? 0) / 1e6).toFixed(1)} MB, ${result.errorCount} errors, ${result.warningCount} warnings`,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
