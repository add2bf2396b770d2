import { z } from 'zod';
import { apiSchema } from './api.js';
import {
  appearanceSchema, backgroundSchema, bannerSchema, colorsSchema, faviconSchema, fontsSchema, iconsSchema, logoSchema,
  thumbnailsSchema,
} from './branding.js';
import { integrationsSchema } from './integrations.js';
import { footerSchema, navbarSchema } from './navbar-footer.js';
import { navigationSchema } from './navigation-divisions.js';
import { seoSchema, searchSchema } from './seo-search.js';
import {
  contextualSchema, errorsSchema, interactionSchema, markdownSchema, metadataSchema, redirectsSchema, variablesSchema,
  variationsSchema,
} from './site.js';
import { about } from './registry.js';
import { stylingSchema } from './styling.js';

/** The 9 themes. Mintlify's schema is a union on `theme`; all share the same keys except `variations`. */
export const themes = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'] as const;

/** Themes that accept `variations`. */
export const variationThemes: readonly string[] = ['willow'];

/**
 * The whole docs.json. Cross-field rules (one child kind per navigation element, unique redirect
 * sources, `variations` only with willow) are checked by `check-config.ts`, which the validator
 * runs next to this schema.
 */
export const docsConfigSchema = z.strictObject({
  $schema: about('URL of the JSON Schema, `https://mintlify.com/docs.json`.', z.url().optional()),
  theme: about('The layout theme.', z.enum(themes)),
  name: about('Name of the project, organization or product.', z.string().min(1)),
  public: about('Whether the whole site is public when authentication is enabled.', z.boolean().optional()),
  description: about('Site description, used for SEO and AI indexing.', z.string().optional()),
  colors: about('Brand colours; `primary` is required.', colorsSchema),
  logo: about('Logo image path or URL, or `{light, dark, href?}`.', logoSchema.optional()),
  favicon: about('Favicon path, or `{light, dark}`.', faviconSchema.optional()),
  api: about('API reference settings: OpenAPI/AsyncAPI sources, playground, examples.', apiSchema.optional()),
  appearance: about('Light/dark mode settings.', appearanceSchema.optional()),
  background: about('Background image, decoration and colour.', backgroundSchema.optional()),
  navbar: about('Navbar links and primary button.', navbarSchema.optional()),
  navigation: about('The structure of the site: exactly one of products, languages, versions, tabs, dropdowns, anchors, groups or pages.', navigationSchema),
  footer: about('Footer social links and link columns.', footerSchema.optional()),
  search: about('Search box settings.', searchSchema.optional()),
  seo: about('Meta tags, indexing and organization data.', seoSchema.optional()),
  fonts: about('Font for all text, or `{heading, body}`.', fontsSchema.optional()),
  icons: about('Icon library used for icon names.', iconsSchema.optional()),
  styling: about('Eyebrows, code block themes and LaTeX.', stylingSchema.optional()),
  redirects: about('Redirects `{source, destination, permanent?}`; each source once.', redirectsSchema.optional()),
  integrations: about('Analytics and support integrations.', integrationsSchema.optional()),
  banner: about('Site-wide banner.', bannerSchema.optional()),
  errors: about('Error pages (404).', errorsSchema.optional()),
  contextual: about('Contextual page menu options.', contextualSchema.optional()),
  thumbnails: about('Social preview images.', thumbnailsSchema.optional()),
  interaction: about('Navigation interaction settings.', interactionSchema.optional()),
  metadata: about('Page metadata settings.', metadataSchema.optional()),
  variables: about('Values replacing `{{name}}` in MDX pages and snippets.', variablesSchema.optional()),
  markdown: about('Markdown copies of pages for AI agents.', markdownSchema.optional()),
  variations: about('Content variations (theme `willow` only).', variationsSchema.optional()),
});

/** docs.json as written by users. */
export type DocsConfigInput = z.input<typeof docsConfigSchema>;
/** docs.json after validation. */
export type DocsConfigOutput = z.output<typeof docsConfigSchema>;
