import type { ParameterModel } from '../operation-model/model.js';
import { givenValue, NONE } from './given-value.js';
import { resolveMerged } from './resolve-merged.js';
import { resolveSchema } from './resolve-schema.js';

/**
 * The value a parameter gives itself, or `undefined`: with `prefill`, its schema's `x-default`
 * first; then its own examples (`example`/`examples`), then its schema's `example`,
 * `examples[0]`, `default`, `const` or first `enum`. Nothing is generated from the type: callers
 * fall back to a placeholder (`{id}`) or to `generateExample`.
 */
export function explicitValue(param: ParameterModel, document: unknown, prefill = false): unknown {
  const resolved = resolveSchema(param.schema, document, new Set());
  const schema = resolved && resolved !== 'cycle' ? resolved.schema : undefined;
  if (prefill && schema && Object.hasOwn(schema, 'x-default')) return schema['x-default'];
  const own = param.examples.find((e) => e.value !== undefined);
  if (own !== undefined) return own.value;
  if (!schema) return undefined;
  const given = givenValue(schema, false);
  return given === NONE ? undefined : given;
}

/**
 * The value a schema gives itself (`givenValue`: `example`, `examples[0]`, `default`, `const`, the
 * first `enum` member; `x-default` first with `prefill`), its `$ref`s followed and `allOf` merged.
 * `undefined` when it gives none: nothing is generated from the type.
 */
export function schemaValue(schema: unknown, document: unknown, prefill = false): unknown {
  const resolved = resolveMerged(schema, document);
  if (!resolved) return undefined;
  const given = givenValue(resolved, prefill);
  return given === NONE ? undefined : given;
}
