import { z } from 'zod';
import { asyncapiSchema, directorySchema, iconSchema, openapiSchema } from './primitives.js';
import { named } from './registry.js';
import type { NavigationGroup, PageEntry } from './navigation-types.js';

/** A page path or an operation reference such as `GET /users` (see `normalize-pages.ts`). */
export const pageSchema = z.string().min(1);

/** `sdk` on a tab or group: generated reference pages from an SDK's docs. */
export const sdkSchema = z.strictObject({
  format: z.enum(['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc']),
  source: z.string().min(1),
  directory: z.string().min(1).optional(),
});

/**
 * A navigation group: a titled list of pages and nested groups. An invalid `openapi` here is
 * dropped with a warning before validation (`drop-invalid-group-openapi.ts`), as Mintlify does.
 * An empty `group` name passes the schema so the group can be kept (shown without a heading);
 * `check-config.ts` reports it (an error in docs.json, a warning in a legacy mint.json).
 */
export const groupSchema: z.ZodType<NavigationGroup> = named(
  'group',
  z.strictObject({
    group: z.string(),
    public: z.boolean().optional(),
    boost: z.number().optional(),
    icon: iconSchema.optional(),
    hidden: z.boolean().optional(),
    searchable: z.boolean().optional(),
    root: pageSchema.optional(),
    tag: z.string().optional(),
    expanded: z.boolean().optional(),
    directory: directorySchema.optional(),
    openapi: openapiSchema.optional(),
    asyncapi: asyncapiSchema.optional(),
    sdk: sdkSchema.optional(),
    get pages(): z.ZodOptional<z.ZodArray<z.ZodType<PageEntry>>> {
      return pagesSchema.optional();
    },
  }),
);

/** `pages`: page strings and nested groups, in order. */
export const pagesSchema: z.ZodArray<z.ZodType<PageEntry>> = z.array(z.union([pageSchema, groupSchema]));
