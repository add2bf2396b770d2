import { z } from 'zod';

const metatagsSchema = z.record(z.string(), z.string().min(1));

/** `seo`: meta tags (site-wide and per path), organization data, indexing. */
export const seoSchema = z.strictObject({
  metatags: metatagsSchema.optional(),
  paths: z.array(z.strictObject({ path: z.string().min(1), metatags: metatagsSchema })).optional(),
  organization: z
    .strictObject({
      id: z.url().optional(),
      name: z.string().min(1).optional(),
      legalName: z.string().min(1).optional(),
      url: z.url().optional(),
      logo: z.url().optional(),
      sameAs: z.array(z.url()).optional(),
    })
    .optional(),
  indexing: z.enum(['navigable', 'all']).optional(),
  trailingSlash: z.boolean().optional(),
});

/** `search`: the search box placeholder. */
export const searchSchema = z.strictObject({ prompt: z.string().optional() });
