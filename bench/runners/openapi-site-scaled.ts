import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeOpenApiProject } from '../openapi-project.js';
import { scaleDocument } from '../scale-document.js';
import type { RunnerResult } from './index.js';

/**
 * A whole site from a corpus JSON document scaled `factor` times (`scale-document.ts`): the
 * scaled document replaces the copy in the throwaway project before the build.
 */
export async function openapiSiteScaled(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const api = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof import('../../src/index.js');
  const { root, spec } = makeOpenApiProject(input['root'] as string, input['file'] as string);
  try {
    const file = path.join(root, spec);
    const scaled = JSON.stringify(scaleDocument(JSON.parse(readFileSync(file, 'utf8')), Number(input['factor'])));
    writeFileSync(file, scaled);
    const result = await api.build({ root, outDir: path.join(root, '_site'), cacheDir: false });
    const stats = result.stats;
    const internal = result.diagnostics.filter((d) => d.code === 'internal/error').length;
    return {
      items: stats?.pages ?? 0,
      notes: `${(scaled.length / 1e6).toFixed(0)} MB document, ${stats?.files ?? 0} files, ${((stats?.bytes ?? 0) / 1e6).toFixed(0)} MB, ${result.errorCount} errors, ${internal} internal`,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
