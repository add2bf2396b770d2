import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { discoverOpenApiFiles } from '../../src/openapi/discover-openapi-files.js';
import { loadOpenApi } from '../../src/openapi/load-openapi.js';

/** The shared corpus of real OpenAPI documents, beside the repository; never copied in. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/openapi');
const HAS_CORPUS = existsSync(path.join(ROOT, 'MANIFEST.tsv'));
if (!HAS_CORPUS) console.warn(`OpenAPI corpus suite skipped: ${ROOT}/MANIFEST.tsv not found (the corpus lives in ../shared/corpus).`);

/** Time allowed to load and index one document, in milliseconds (the largest take about 1.5 s). */
const PER_DOCUMENT_MS = 30_000;

interface Row {
  readonly path: string;
  readonly version: string;
  /** Operations the manifest counts: path operations plus webhook operations. */
  readonly operations: number;
  readonly webhooks: number;
  readonly validity: string;
}

function readManifest(): Row[] {
  const [header, ...lines] = readFileSync(path.join(ROOT, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const columns = (header ?? '').split('\t');
  const column = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  return lines.map((line) => {
    const cells = line.split('\t');
    return {
      path: column(cells, 'path'),
      version: column(cells, 'openapi_version'),
      operations: Number(column(cells, 'operations')),
      webhooks: Number(column(cells, 'webhook_ops')),
      validity: column(cells, 'swagger_parser'),
    };
  });
}

/**
 * Documents swagger-parser rejects, with the code that must report the reason. The others it
 * rejects fail JSON Schema validation of schema details only (`additionalProperties`, `oneOf`
 * of `info.license`…), which the loader does not check and Mintlify renders anyway: they are
 * listed with `null`.
 */
const INVALID: Readonly<Record<string, string | null>> = {
  'swagger2/jira-7.6.1.swagger.yaml': 'openapi/duplicate-operation-id',
  'v31/scalar-galaxy.yaml': 'openapi/ref-inside-id',
  'small/cosmo-cargo-shipments.json': 'openapi/missing-responses',
  'small/cosmo-cargo-interplanetary.json': null,
  'multifile/digitalocean/DigitalOcean-public.v2.yaml': null,
  'v31/redoc-openapi-3-1.yaml': null,
  'edge/docusaurus-oneOf.yaml': null,
  'edge/docusaurus-anyOf.yaml': null,
  'edge/redoc-openapi.yaml': null,
};

const ROWS = HAS_CORPUS ? readManifest() : [];

const countCodes = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.reduce<Record<string, number>>((acc, d) => ({ ...acc, [d.code]: (acc[d.code] ?? 0) + 1 }), {});

function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe.skipIf(!HAS_CORPUS)('OpenAPI corpus: every document loads into an index or into diagnostics', () => {
  it.each(ROWS.map((row) => [row.path, row] as const))(
    '%s',
    async (_, row) => {
      const started = performance.now();
      const result = await withinTime(
        loadOpenApi(ROOT, { files: [], named: [row.path], allowNetwork: false }),
        PER_DOCUMENT_MS,
        row.path,
      );
      const ms = Math.round(performance.now() - started);
      const loaded = result.output.documents[0];
      const operations = loaded ? loaded.index.operations.length + loaded.index.webhooks.length : 0;
      const byCode = countCodes(result.diagnostics);
      console.log(
        `${row.path}: ${operations} ops (${loaded?.index.webhooks.length ?? 0} webhooks), manifest ${row.operations}, ${ms} ms, diagnostics ${JSON.stringify(byCode)}` +
          (INVALID[row.path] === null ? ' [invalid for swagger-parser in schema details only]' : ''),
      );

      expect(byCode['internal/error'] ?? 0).toBe(0);
      for (const d of result.diagnostics) expect([d.file, typeof d.line, typeof d.column]).toEqual([expect.any(String), 'number', 'number']);
      if (row.version.startsWith('3.2')) {
        expect(byCode['openapi/unsupported-version']).toBe(1);
        expect(result.output.failed).toEqual([row.path]);
        return;
      }
      expect(result.output.failed).toEqual([]);
      expect(operations).toBe(row.operations);
      expect(loaded?.index.webhooks.length).toBe(row.webhooks);
      expect(loaded?.index.converted).toBe(row.version === 'swagger 2.0');
      if (row.version === 'swagger 2.0') expect(byCode['openapi/swagger2-converted']).toBe(1);
      const expected = INVALID[row.path];
      if (row.validity.startsWith('invalid')) {
        expect(expected, `${row.path} is invalid per the manifest; add it to INVALID`).not.toBeUndefined();
        if (expected) expect(byCode[expected] ?? 0).toBeGreaterThan(0);
      } else {
        // Valid documents get no errors and no structural warnings.
        expect(result.diagnostics.filter((d) => d.code !== 'openapi/swagger2-converted')).toEqual([]);
      }
    },
    PER_DOCUMENT_MS + 5_000,
  );

  it('discovers exactly the documents of the manifest among all corpus files', async () => {
    const files = (await fg('**/*.{json,yaml,yml}', { cwd: ROOT })).sort();
    const discovered = await discoverOpenApiFiles({ root: ROOT }, files);
    console.log(`discovery: ${discovered.length} documents among ${files.length} JSON/YAML files`);
    expect(discovered).toEqual(ROWS.map((row) => row.path).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
