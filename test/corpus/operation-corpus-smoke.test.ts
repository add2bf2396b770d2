import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadedOpenApi } from '../../src/model/openapi.js';
import type { SitePage } from '../../src/model/site.js';
import { loadOpenApi } from '../../src/openapi/load-openapi.js';
import { buildOperationModel, renderOperationPage } from '../../src/render/operation/index.js';
import { CORPUS } from './corpus-path.js';
import { operationDisplay } from '../../src/render/operation/render-operation.js';

/**
 * Every operation and webhook of every document in ../shared/corpus/openapi/MANIFEST.tsv is
 * built into a model and rendered: none may throw. Prints ms/operation for GitHub's description
 * (a figure to read, not an assertion: timings belong to bench/).
 */
const ROOT = path.join(CORPUS, 'openapi');
const MANIFEST = path.join(ROOT, 'MANIFEST.tsv');
const HAS_CORPUS = existsSync(MANIFEST);
if (!HAS_CORPUS) console.warn(`Operation corpus smoke test skipped: ${MANIFEST} not found (the corpus lives in ../shared/corpus).`);

const GITHUB = 'large/github-api.github.com.json';

function manifestPaths(): string[] {
  const [header, ...lines] = readFileSync(MANIFEST, 'utf8').trim().split('\n');
  const column = (header ?? '').split('\t').indexOf('path');
  return lines.map((line) => line.split('\t')[column] ?? '').filter((p) => p !== '');
}

function renderAll(loaded: LoadedOpenApi, file: string): { count: number; ms: number; bytes: number } {
  const cache = new Map<string, string>();
  const list = [
    ...loaded.index.operations.map((entry) => ({ entry, kind: 'operation' as const })),
    ...loaded.index.webhooks.map((entry) => ({ entry, kind: 'webhook' as const })),
  ];
  const started = performance.now();
  let bytes = 0;
  for (const { entry, kind } of list) {
    const page: SitePage = { route: '/x', kind, source: file, title: entry.summary ?? entry.path, hidden: false };
    const model = buildOperationModel(loaded, entry.pointer, kind, entry.method, entry.path);
    const body = renderOperationPage({ page, model, document: loaded.document, settings: operationDisplay(undefined), markdownCache: cache });
    bytes += body.html.length;
  }
  return { count: list.length, ms: performance.now() - started, bytes };
}

describe.skipIf(!HAS_CORPUS)('operation pages of every corpus document', () => {
  it.each(HAS_CORPUS ? manifestPaths() : [])('%s', async (file) => {
    const { output } = await loadOpenApi(ROOT, { files: [], named: [file], allowNetwork: false });
    // Documents the loader rejects are the OpenAPI corpus suite's business; there is nothing to render.
    for (const loaded of output.documents) {
      const { count, ms, bytes } = renderAll(loaded, file);
      expect(count).toBe(loaded.index.operations.length + loaded.index.webhooks.length);
      if (file === GITHUB) {
        console.log(`${file}: ${count} operations, ${(ms / count).toFixed(2)} ms/operation, ${Math.round(bytes / count / 1024)} KB HTML/operation`);
      }
    }
  });
});
