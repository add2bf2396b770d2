import type { ConfigOrigins } from '../model/project.js';
import type { DocsConfigOutput } from './schema/docs-config.js';

/**
 * The validated configuration in docs.json shape (mint.json is upgraded to it): the zod schema's
 * output, with page entries normalized (`normalizePages`) and each `openapi` read into its list of
 * normalized sources (the schema's transform). Later stages read its fields as
 * typed; none parses or checks configuration again.
 */
export type DocsConfig = DocsConfigOutput;

/** docs.json `api`: OpenAPI sources, playground, parameter and example settings, MDX API pages. */
export type ApiConfig = NonNullable<DocsConfig['api']>;

/** The configuration the config stage read and validated, with where each part came from. */
export interface LoadedConfig {
  /** `docs.json` or `mint.json`. */
  readonly file: string;
  readonly config: DocsConfig;
  readonly origins: ConfigOrigins;
}
