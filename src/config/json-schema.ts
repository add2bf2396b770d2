import { z } from 'zod';
import { docsConfigSchema } from './schema/docs-config.js';
import { configRegistry } from './schema/registry.js';

/**
 * The JSON Schema (draft-07, the dialect editors support best) of docs.json, generated from the
 * zod schema. Cross-field rules (one child kind per navigation element, unique redirect sources)
 * are not expressible here and are only checked by `loadConfig`. Deterministic: same schema, same
 * output.
 */
export function docsConfigJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(docsConfigSchema, {
    target: 'draft-7',
    io: 'input',
    metadata: configRegistry,
    reused: 'inline',
    cycles: 'ref',
  }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  return { $schema, title: 'docs.json (Mintlify format), as Sheaf reads it', ...rest };
}
