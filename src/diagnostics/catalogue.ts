import type { CodeEntry } from './codes/types.js';
import { internalCodes } from './codes/internal.js';
import { configCodes } from './codes/config.js';
import { loadCodes } from './codes/load.js';
import { openapiCodes } from './codes/openapi.js';
import { asyncapiCodes } from './codes/asyncapi.js';
import { navCodes } from './codes/nav.js';
import { mdxCodes } from './codes/mdx.js';
import { mdxApiCodes } from './codes/mdx-api.js';
import { buildCodes } from './codes/build.js';
import { bundleCodes } from './codes/bundle.js';

/**
 * The permanent catalogue of diagnostic codes. Codes are never renamed or reused; each area
 * keeps its own table in `codes/`.
 */
export const catalogue = {
  ...internalCodes,
  ...configCodes,
  ...loadCodes,
  ...openapiCodes,
  ...asyncapiCodes,
  ...navCodes,
  ...mdxCodes,
  ...mdxApiCodes,
  ...buildCodes,
  ...bundleCodes,
} as const satisfies Readonly<Record<string, CodeEntry>>;

export type DiagnosticCode = keyof typeof catalogue;
