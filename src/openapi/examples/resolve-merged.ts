import type { RawSchema } from '../operation-model/model.js';
import { mergeAllOf } from './merge-all-of.js';
import { resolveSchema } from './resolve-schema.js';

/**
 * `node` with its `$ref`s followed and its `allOf` merged (see `mergeAllOf`): one flat schema to
 * read `properties`, `type` or `format` from. `undefined` when it does not resolve or is a cycle.
 */
export function resolveMerged(node: unknown, document: unknown): RawSchema | undefined {
  const resolved = resolveSchema(node, document, new Set());
  if (resolved === 'cycle' || !resolved) return undefined;
  if (!Array.isArray(resolved.schema.allOf)) return resolved.schema;
  return mergeAllOf(resolved.schema, document, new Set(resolved.refs)).schema;
}
