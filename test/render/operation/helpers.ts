import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectGolden as expectGoldenFile } from '../../golden.js';
import type { IndexedOperation, LoadedOpenApi } from '../../../src/model/openapi.js';
import type { RenderedBody } from '../../../src/model/render.js';
import type { SitePage } from '../../../src/model/site.js';
import { loadOpenApi } from '../../../src/openapi/load-openapi.js';
import { buildOperationModel } from '../../../src/openapi/operation-model/model-from-document.js';
import type { OperationModel } from '../../../src/openapi/operation-model/model.js';
import { operationDisplay, renderOperationPage, type RenderOperationInput } from '../../../src/render/operation/render-operation.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

/** Absolute path of `test/fixtures/operation-<construct>`. */
export function fixtureDir(construct: string): string {
  return path.join(FIXTURES, `operation-${construct}`);
}

/** Loads `test/fixtures/operation-<construct>/openapi.yaml` the way a build does. */
export async function loadFixture(construct: string): Promise<LoadedOpenApi> {
  const result = await loadOpenApi(fixtureDir(construct), { files: [], named: ['openapi.yaml'], allowNetwork: false });
  const loaded = result.output.documents[0];
  if (!loaded) throw new Error(`fixture ${construct} did not load: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return loaded;
}

export interface Entry {
  readonly entry: IndexedOperation;
  readonly kind: 'operation' | 'webhook';
}

/** Every operation, then every webhook, of a loaded document. */
export function entries(loaded: LoadedOpenApi): Entry[] {
  return [
    ...loaded.index.operations.map((entry) => ({ entry, kind: 'operation' as const })),
    ...loaded.index.webhooks.map((entry) => ({ entry, kind: 'webhook' as const })),
  ];
}

/** The model of one entry. */
export function modelOf(loaded: LoadedOpenApi, e: Entry): OperationModel {
  return buildOperationModel(loaded, e.entry.pointer, e.kind, e.entry.method, e.entry.path);
}

/** A page as resolve would make it for an entry. */
export function pageOf(e: Entry): SitePage {
  return { route: '/api/page', kind: e.kind, source: 'openapi.yaml', title: e.entry.summary ?? e.entry.path, hidden: false };
}

/** Renders one entry with the defaults (`closed`), overridable. */
export function renderEntry(loaded: LoadedOpenApi, e: Entry, extra: Partial<RenderOperationInput> = {}): RenderedBody {
  return renderOperationPage({ page: pageOf(e), model: modelOf(loaded, e), document: loaded.document, settings: operationDisplay(undefined), ...extra });
}

/** Finds the entry for `METHOD path` (webhooks: `WEBHOOK name`). */
export function find(loaded: LoadedOpenApi, ref: string): Entry {
  const [method = '', ...rest] = ref.split(' ');
  const name = rest.join(' ');
  const found = entries(loaded).find((e) => (method === 'WEBHOOK' ? e.kind === 'webhook' : e.entry.method === method.toLowerCase()) && e.entry.path === name);
  if (!found) throw new Error(`no ${ref}`);
  return found;
}

/** One line per block element: enough structure for a readable diff of the golden files. */
export function pretty(html: string): string {
  return html.replace(/(?=<(?:div|section|details|summary|h[1-6]|p|dl|dt|dd|table|tr|pre|ul|li)[\s>])/g, '\n').trim();
}

/**
 * Compares `actual` with `test/fixtures/operation-<construct>/expected.html` (test/golden.ts: a
 * missing file fails, `UPDATE=1` rewrites it; read the diff before committing).
 */
export function expectGolden(construct: string, actual: string): void {
  expectGoldenFile(path.join(fixtureDir(construct), 'expected.html'), actual);
}

/** Every page of a fixture, each under a `<!-- METHOD path -->` line, pretty-printed. */
export async function renderFixture(construct: string, extra: Partial<RenderOperationInput> = {}): Promise<string> {
  const loaded = await loadFixture(construct);
  return entries(loaded)
    .map((e) => `<!-- ${e.kind === 'webhook' ? 'WEBHOOK' : e.entry.method.toUpperCase()} ${e.entry.path} -->\n${pretty(renderEntry(loaded, e, extra).html)}\n`)
    .join('\n');
}
