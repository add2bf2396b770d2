import { z } from 'zod';
import { EXPORT_VERSION, type Deployment } from '../../model/bundle.js';
import { malformedPagePaths, MAX_PAGE_PATH } from '../../resolve/select-pages.js';

/** Every deployment profile, each once (a missing or extra one does not compile). */
const DEPLOYMENT_VALUES = { cloud: 'cloud', 'client-hosted': 'client-hosted', 'air-gapped': 'air-gapped' } as const satisfies { readonly [K in Deployment]: K };

/** Entries of `paths` at most. */
export const MAX_JOB_PATHS = 1000;

/**
 * The body of `POST /v1/static-export/jobs`: Mintlify's `StartStaticExportRequest` (`domain`,
 * `version`, `paths`) and Sheaf's `deployment`. The shapes are checked here; the values of
 * `version` and `paths` by `startJobProblem`, whose messages name the values at fault.
 */
export const StartJobBody = z.strictObject({
  domain: z.string().min(1).max(253),
  deployment: z.enum(DEPLOYMENT_VALUES).default('cloud'),
  version: z.string().optional(),
  paths: z.array(z.string()).optional(),
});

export type StartJobRequest = z.output<typeof StartJobBody>;

const shown = (values: readonly string[]) => values.slice(0, 5).map((v) => JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v)).join(', ') + (values.length > 5 ? ` and ${values.length - 5} more` : '');

/**
 * Why `version` or `paths` cannot be exported, for a 400 answer; undefined when they can. Whether
 * each path names a page of the site is known only once the job has loaded the site: a job whose
 * paths name no page fails, its `error` naming them.
 */
export function startJobProblem(body: StartJobRequest): string | undefined {
  if (body.version !== undefined && !EXPORT_VERSION.test(body.version)) {
    return `Field \`version\` ${shown([body.version])} is not a version label: 1–64 letters, digits, \`.\`, \`_\` or \`-\`, starting with a letter or digit (e.g. \`2024-06-01\`).`;
  }
  if (body.paths === undefined) return undefined;
  if (body.paths.length === 0) return 'Field `paths` is empty: name at least one page, or leave `paths` out to export every page.';
  if (body.paths.length > MAX_JOB_PATHS) return `Field \`paths\` has ${body.paths.length} entries; at most ${MAX_JOB_PATHS} are accepted (leave it out to export every page).`;
  const bad = malformedPagePaths(body.paths);
  if (bad.length) {
    return `Field \`paths\` has ${bad.length === 1 ? 'an entry that is' : `${bad.length} entries that are`} no page path: ${shown(bad)}. A page path is the page's path as in docs.json (\`index\`, \`guides/getting-started\`), at most ${MAX_PAGE_PATH} characters, without white space, \`?\`, \`#\`, \`\\\`, empty, \`.\` or \`..\` segments.`;
  }
  return undefined;
}
