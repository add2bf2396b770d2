import { rmSync } from 'node:fs';
import path from 'node:path';
import { makeOpenApiProject } from '../openapi-project.js';
import type { RunnerResult } from './index.js';

/** A whole site (every operation page, search index, site files) from one corpus OpenAPI document. */
export async function openapiSite(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const api = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof import('../../src/index.js');
  const { root } = makeOpenApiProject(input['root'] as string, input['file'] as string);
  try {
    const result = await api.build({ root, outDir: path.join(root, '_site'), cacheDir: false });
    const stats = result.stats;
    return { items: stats?.pages ?? 0, notes: `${stats?.files ?? 0} files, ${((stats?.bytes ?? 0) / 1e6).toFixed(1)} MB, ${result.errorCount} errors` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
