import { z } from 'zod';
import { asyncapiSchema, openapiSchema } from './primitives.js';

/** `api`: OpenAPI/AsyncAPI sources, playground, parameter and example settings, MDX API pages. */
export const apiSchema = z.strictObject({
  openapi: openapiSchema.optional(),
  asyncapi: asyncapiSchema.optional(),
  params: z
    .strictObject({ expanded: z.enum(['all', 'closed']).optional(), post: z.array(z.string()).optional() })
    .optional(),
  playground: z
    .strictObject({
      display: z.enum(['interactive', 'simple', 'none', 'auth']).optional(),
      proxy: z.boolean().optional(),
      credentials: z.boolean().optional(),
    })
    .optional(),
  examples: z
    .strictObject({
      defaults: z.enum(['required', 'all']).optional(),
      languages: z.array(z.string()).optional(),
      prefill: z.boolean().optional(),
      autogenerate: z.boolean().optional(),
    })
    .optional(),
  url: z.enum(['full']).optional(),
  mdx: z
    .strictObject({
      auth: z
        .strictObject({ method: z.enum(['bearer', 'basic', 'key', 'cobo']).optional(), name: z.string().optional() })
        .optional(),
      server: z.union([z.url(), z.array(z.url())]).optional(),
    })
    .optional(),
});
