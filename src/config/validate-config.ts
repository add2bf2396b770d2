import { catalogue } from '../diagnostics/catalogue.js';
import { checkConfig } from './check-config.js';
import { dropInvalidGroupOpenapi } from './drop-invalid-group-openapi.js';
import { normalizePages } from './normalize-pages.js';
import type { ConfigProblem } from './problem.js';
import { docsConfigSchema, type DocsConfigOutput } from './schema/docs-config.js';
import { problemsFromIssues } from './zod-issues.js';

/** The outcome of validating a merged docs.json value. */
export interface ValidatedConfig {
  /** The valid configuration with page entries normalized; `undefined` if any problem is an error. */
  readonly config: DocsConfigOutput | undefined;
  /** Every problem found, located by pointers into the merged value. */
  readonly problems: readonly ConfigProblem[];
}

/**
 * Validates a merged docs.json value: drops invalid group `openapi`s (with a warning), checks
 * the cross-field rules and the zod schema, and on success normalizes page entries. Pure.
 */
export function validateConfig(value: unknown): ValidatedConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const problem: ConfigProblem = {
      code: 'config/invalid-value',
      pointer: '',
      message: `The configuration must be a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}.`,
      hint: 'Start from `{ "theme": "mint", "name": "…", "colors": { "primary": "#0D9373" }, "navigation": { … } }`.',
    };
    return { config: undefined, problems: [problem] };
  }
  const dropped = dropInvalidGroupOpenapi(value as Record<string, unknown>);
  const parsed = docsConfigSchema.safeParse(dropped.config);
  const problems = [
    ...dropped.problems,
    ...checkConfig(dropped.config),
    ...(parsed.success ? [] : problemsFromIssues(parsed.error.issues, docsConfigSchema, dropped.config)),
  ];
  const failed = problems.some((p) => catalogue[p.code].severity === 'error');
  if (failed || !parsed.success) return { config: undefined, problems };
  return { config: { ...parsed.data, navigation: normalizePages(parsed.data.navigation) }, problems };
}
