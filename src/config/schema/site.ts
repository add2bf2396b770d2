import { z } from 'zod';
import { iconSchema } from './primitives.js';

/**
 * `redirects`: `{source, destination, permanent?}`. Each `source` may appear once; that check is
 * a refinement of the root schema (see `docs-config.ts`) so the message can name both entries.
 */
export const redirectsSchema = z.array(
  z.strictObject({ source: z.string(), destination: z.string(), permanent: z.boolean().optional() }),
);

/** `errors`: the 404 page. */
export const errorsSchema = z.strictObject({
  404: z.strictObject({
    redirect: z.boolean().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
  }),
});

/**
 * The built-in `contextual.options`: those of Mintlify's published schema, and `devin-desktop`,
 * which the settings pages document and the schema lacks (`windsurf` is in the schema and not in
 * the pages; both are accepted).
 */
export const contextualOptions = [
  'copy', 'assistant', 'view', 'download-pdf', 'download-spec', 'chatgpt', 'claude', 'perplexity', 'grok',
  'aistudio', 'devin', 'devin-desktop', 'windsurf', 'mcp', 'add-mcp', 'cursor', 'vscode', 'devin-mcp',
] as const;

const customContextualOptionSchema = z.strictObject({
  title: z.string(),
  description: z.string(),
  icon: iconSchema.optional(),
  href: z.union([
    z.string(),
    z.strictObject({
      base: z.string(),
      query: z.array(z.strictObject({ key: z.string(), value: z.string() })).optional(),
    }),
  ]),
});

/** `contextual`: the page menu (copy, open in ChatGPT, …) and where it shows. */
export const contextualSchema = z.strictObject({
  options: z.array(z.union([z.enum(contextualOptions), customContextualOptionSchema])),
  display: z.enum(['header', 'toc']).optional(),
});

export const interactionSchema = z.strictObject({ drilldown: z.boolean().optional() });

export const metadataSchema = z.strictObject({ timestamp: z.boolean().optional() });

/** `variables`: `{{name}}` replacements in MDX pages and snippets. */
export const variablesSchema = z.record(z.string(), z.string());

/** `markdown`: settings for the Markdown copies served to AI agents. */
export const markdownSchema = z.strictObject({
  schema: z.boolean().optional(),
  instructions: z.union([z.string(), z.array(z.string())]).optional(),
});

/** `variations` (theme `willow` only): content variations, the first is the default. */
export const variationsSchema = z.strictObject({
  options: z.array(z.strictObject({ id: z.string().min(1), label: z.string().min(1) })).min(1),
});
