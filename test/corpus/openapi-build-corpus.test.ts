import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeOpenApiProject } from '../../bench/openapi-project.js';
import { build } from '../../src/api/build.js';
import { CORPUS, HAS_CORPUS } from './corpus-path.js';

const OPENAPI = path.join(CORPUS, 'openapi');
const ROWS = HAS_CORPUS
  ? readFileSync(path.join(OPENAPI, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0] as string)
  : [];

/**
 * Every corpus document, wrapped in a docs.json with bulk navigation, builds with no crash and
 * no internal error, and publishes one page per operation and webhook not excluded.
 */
describe.skipIf(!HAS_CORPUS)('OpenAPI corpus: every document builds into a site', () => {
  it.each(ROWS)('%s', async (doc) => {
    const { root, spec } = makeOpenApiProject(OPENAPI, doc);
    try {
      const started = performance.now();
      const r = await build({ root, outDir: path.join(root, '_site'), cacheDir: false });
      const seconds = (performance.now() - started) / 1000;
      const codes: Record<string, number> = {};
      for (const d of r.diagnostics) codes[d.code] = (codes[d.code] ?? 0) + 1;
      const operationPages = r.site?.pages.filter((p) => p.kind !== 'mdx').length ?? 0;
      console.log(`${doc}: ${operationPages} operation pages in ${seconds.toFixed(1)} s`, codes);
      expect(codes['internal/error'] ?? 0).toBe(0);
      expect(r.stats?.pages).toBe(r.site?.pages.length);
      // The index the build used decides what "not excluded" is: one page for each of those.
      const { loadProject } = await import('../../src/load/load-project.js');
      const project = (await loadProject(root)).output;
      const index = project?.openapi.find((d) => d.index.file === spec)?.index;
      const expected = index ? [...index.operations, ...index.webhooks].filter((o) => !o.excluded).length : 0;
      expect(operationPages).toBe(expected);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);
});
