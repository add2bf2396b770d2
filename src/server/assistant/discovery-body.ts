import { z } from 'zod';
import { invalidBodyMessage } from './message-body.js';

/**
 * The request bodies of the search and page endpoints, as Mintlify's discovery API document
 * defines them (`discovery-openapi.json`, `/v1/search/{domain}` and `/v1/page/{domain}`). Objects
 * are loose, as the document's schemas are: fields it does not name are accepted and ignored.
 */

/** Results per search at most (and the document's default). */
export const MAX_SEARCH_PAGE_SIZE = 50;
export const DEFAULT_SEARCH_PAGE_SIZE = 10;

/**
 * `groups` name the reader groups a caller may see on a site with reader authentication. Sheaf
 * builds no such sites (docs.json `auth`/`userAuth` and page `groups` are not read), so every page
 * is public and `groups` changes nothing: it is validated and ignored.
 */
const groupsSchema = z.array(z.string()).optional();

export const searchBodySchema = z.looseObject({
  query: z.string(),
  pageSize: z.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).default(DEFAULT_SEARCH_PAGE_SIZE),
  scoreThreshold: z.number().min(0).max(1).optional(),
  filter: z
    .looseObject({ version: z.string().optional(), language: z.string().optional(), tag: z.string().optional(), groups: groupsSchema })
    .optional(),
});

export const pageBodySchema = z.looseObject({
  path: z.string(),
  groups: groupsSchema,
});

export type SearchBody = z.infer<typeof searchBodySchema>;
export type PageBody = z.infer<typeof pageBodySchema>;

/** The body validated by `schema`, or a message naming each bad field (`filter.tag: …`). */
export function parseDiscoveryBody<S extends z.ZodType>(schema: S, input: unknown): { readonly body: z.output<S> } | { readonly message: string } {
  const parsed = schema.safeParse(input);
  return parsed.success ? { body: parsed.data } : { message: invalidBodyMessage(parsed.error, input) };
}
