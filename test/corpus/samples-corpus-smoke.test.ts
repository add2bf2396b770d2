import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/load-openapi.js';
import { buildOperationModel } from '../../src/openapi/operation-model/model-from-document.js';
import { codeSamplesFor, renderSamplesPanel, responseExamples } from '../../src/render/operation/code-samples/index.js';
import { CORPUS } from './corpus-path.js';

/**
 * Code samples, response examples and the samples panel for every operation and webhook of
 * every OpenAPI document of the shared corpus: nothing throws, every operation gets its three
 * default samples. Prints ms per operation (timings are reported, not asserted).
 */
const ROOT = path.join(CORPUS, 'openapi');
const MANIFEST = path.join(ROOT, 'MANIFEST.tsv');
const HAS_MANIFEST = existsSync(MANIFEST);

const ROWS = HAS_MANIFEST
  ? readFileSync(MANIFEST, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t')[0] ?? '')
      .filter(Boolean)
  : [];

const SETTINGS = { defaults: 'all', autogenerate: true, prefill: false } as const;

describe.skipIf(!HAS_MANIFEST)('samples over the OpenAPI corpus', () => {
  it.each(ROWS)('%s', async (file) => {
    const result = await loadOpenApi(ROOT, { files: [], named: [file], allowNetwork: false });
    const loaded = result.output.documents[0];
    if (!loaded) return; // Documents the loader rejects (3.2) have nothing to sample; the OpenAPI corpus suite checks why.
    const entries = [
      ...loaded.index.operations.map((op) => ({ op, kind: 'operation' as const })),
      ...loaded.index.webhooks.map((op) => ({ op, kind: 'webhook' as const })),
    ];
    let samples = 0;
    let responses = 0;
    let bytes = 0;
    const short: string[] = [];
    const started = performance.now();
    for (const { op, kind } of entries) {
      const model = buildOperationModel(loaded, op.pointer, kind, op.method, op.path);
      const list = codeSamplesFor(model, loaded.document, SETTINGS);
      const examples = responseExamples(model, loaded.document);
      bytes += renderSamplesPanel(list, examples).length;
      samples += list.length;
      responses += examples.length;
      if (kind === 'operation' && list.length - model.codeSamples.length < 3 && model.codeSamples.length === 0) short.push(`${op.method} ${op.path}`);
    }
    const ms = performance.now() - started;
    console.log(
      `${file}: ${entries.length} ops, ${samples} samples, ${responses} response examples, ` +
        `${(ms / Math.max(1, entries.length)).toFixed(2)} ms/op, panel ${(bytes / Math.max(1, entries.length) / 1024).toFixed(1)} KB/op`,
    );
    expect(short, 'operations without their three default samples').toEqual([]);
  });
});
