import { bundledThemes, type BundledTheme } from 'shiki/themes';
import { z } from 'zod';

/** A Shiki theme docs.json may name: one bundled with shiki, or `css-variables`. */
export type ShikiThemeName = BundledTheme | 'css-variables';

/**
 * Shiki themes accepted wherever docs.json names a code theme: every theme bundled with the shiki
 * Sheaf ships (`bundledThemes`, in shiki's order), then `css-variables`, which Mintlify's published
 * schema lists too (its colours are CSS variables; it is not a bundled theme).
 */
export const shikiThemes: readonly ShikiThemeName[] = [...(Object.keys(bundledThemes) as BundledTheme[]), 'css-variables'];

/** `system` follows the site's light/dark mode; `dark` is always dark. */
export type CodeblocksMode = 'system' | 'dark';

const shikiThemeSchema = z.enum(shikiThemes as [ShikiThemeName, ...ShikiThemeName[]]);

/** The object form of `styling.codeblocks`. */
const codeblocksObjectSchema = z.strictObject({
  theme: z.union([shikiThemeSchema, z.strictObject({ light: shikiThemeSchema, dark: shikiThemeSchema })]).optional(),
  languages: z.strictObject({ custom: z.array(z.string()).optional() }).optional(),
});

/** The object form of `styling.codeblocks`, as read after validation. */
export type CodeblocksObject = z.output<typeof codeblocksObjectSchema>;

/**
 * `styling.codeblocks` as written: `"system"`, `"dark"`, one Shiki theme name for every code block
 * (the settings pages document it; Mintlify's published schema lacks it), or the object form.
 * The output has two forms only, a mode or the object: a theme name is read as `{ theme: name }`,
 * so no later stage reads the written forms.
 */
const codeblocksSchema = z
  .union([
    z.enum(['system', 'dark', ...shikiThemes] as [CodeblocksMode | ShikiThemeName, ...(CodeblocksMode | ShikiThemeName)[]]),
    codeblocksObjectSchema,
  ])
  .transform((value): CodeblocksMode | CodeblocksObject =>
    typeof value !== 'string' || value === 'system' || value === 'dark' ? value : { theme: value },
  );

/** `styling`: eyebrows, code block themes and LaTeX. */
export const stylingSchema = z.strictObject({
  eyebrows: z.enum(['section', 'breadcrumbs']).optional(),
  codeblocks: codeblocksSchema.optional(),
  latex: z.boolean().optional(),
});
