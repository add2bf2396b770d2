import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { expectGolden as expectGoldenFile } from '../../../golden.js';
import type { LoadedOpenApi } from '../../../../src/model/openapi.js';
import { buildOperationModel } from '../../../../src/openapi/operation-model/model-from-document.js';
import type { CodeSample, CodeSampleSettings } from '../../../../src/render/operation/code-samples/index.js';
import type { OperationModel } from '../../../../src/openapi/operation-model/model.js';

export const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

/** The document of `test/fixtures/<name>/openapi.yaml`, as the loader would hand it over. */
export function loadFixture(name: string): LoadedOpenApi {
  const document = yaml.load(readFileSync(path.join(FIXTURES, name, 'openapi.yaml'), 'utf8')) as Record<string, unknown>;
  const index = { file: 'openapi.yaml', version: String(document.openapi), converted: false, operations: [], webhooks: [], tags: [] };
  return { index, document };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const escapeToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The model of the operation (or webhook) with this `operationId`. */
export function modelOf(loaded: LoadedOpenApi, operationId: string): OperationModel {
  for (const [kind, key] of [['operation', 'paths'], ['webhook', 'webhooks']] as const) {
    const items = (loaded.document[key] ?? {}) as Record<string, Record<string, { operationId?: string }>>;
    for (const [p, item] of Object.entries(items)) {
      for (const method of METHODS) {
        if (item[method]?.operationId === operationId) return buildOperationModel(loaded, `/${key}/${escapeToken(p)}/${method}`, kind, method, p);
      }
    }
  }
  throw new Error(`no operation ${operationId} in the fixture`);
}

export const settings = (over: Partial<CodeSampleSettings> = {}): CodeSampleSettings => ({ defaults: 'all', autogenerate: true, prefill: false, ...over });

/** Samples as one text: `=== Label (language)` then the code, blank line between. */
export function samplesText(samples: readonly CodeSample[]): string {
  return samples.map((s) => `=== ${s.label} (${s.language})\n${s.code}\n`).join('\n');
}

/** Compares with `test/fixtures/<fixture>/expected/<name>` (test/golden.ts: `UPDATE=1` rewrites it; read the diff before accepting). */
export function expectGolden(fixture: string, name: string, actual: string): void {
  expectGoldenFile(path.join(FIXTURES, fixture, 'expected', name), actual, `${fixture}/expected/${name}`);
}
