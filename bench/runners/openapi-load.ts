import { loadOpenApi } from '../../src/openapi/load-openapi.js';
import type { RunnerResult } from './index.js';

/** Loads and indexes one OpenAPI document (`input.file`, relative to `input.root`), offline. */
export async function openapiLoad(input: Readonly<Record<string, string>>): Promise<RunnerResult> {
  const root = input.root ?? '';
  const file = input.file ?? '';
  const result = await loadOpenApi(root, { files: [], named: [file], allowNetwork: false });
  const index = result.output.documents[0]?.index;
  if (!index) throw new Error(`${file} did not load: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return { items: index.operations.length + index.webhooks.length, notes: `${result.diagnostics.length} diagnostics` };
}
