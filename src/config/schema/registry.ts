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

/**
 * Objects whose unknown keys Mintlify's validator refuses instead of stripping (`colors`, colour
 * pairs, OpenAPI/AsyncAPI source objects, `navigation.global`, `fonts.{heading, body}`,
 * `integrations`, the platforms of `footer.socials`). Every other object drops an unknown key
 * with a `config/ignored-key` warning, as Mintlify drops it silently. Identity-based: mark the
 * exact schema instance the parent uses.
 */
const closedSchemas = new WeakSet<z.ZodType>();

/** Marks `schema` as closed (see `closedSchemas`) and returns it, for use inline where it is defined. */
export function closed<T extends z.ZodType>(schema: T): T {
  closedSchemas.add(schema);
  return schema;
}

/** Whether `schema` (already unwrapped to the object or record) was marked with `closed`. */
export function isClosed(schema: z.ZodType): boolean {
  return closedSchemas.has(schema);
}
