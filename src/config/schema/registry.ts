import { z } from 'zod';

/**
 * Names and descriptions of parts of the schema, for `z.toJSONSchema`: a part with an `id` goes
 * to `definitions` under it; a `description` shows in editors. A local registry, so nothing is
 * added to zod's global one.
 */
export const configRegistry = z.registry<{ id?: string; description?: string }>();

/** Registers `schema` under `id` and returns it, for use inline where it is defined. */
export function named<T extends z.ZodType>(id: string, schema: T): T {
  configRegistry.add(schema, { id });
  return schema;
}

/**
 * Attaches a description to `schema` and returns it. Use it on a schema instance of its own
 * (e.g. the result of `.optional()`), never on one registered with `named`, whose id it would replace.
 */
export function about<T extends z.ZodType>(description: string, schema: T): T {
  configRegistry.add(schema, { description });
  return schema;
}
