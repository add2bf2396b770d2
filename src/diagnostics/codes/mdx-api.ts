import type { CodeTable } from './types.js';

/**
 * Codes of MDX pages that describe an endpoint with `api:` frontmatter
 * (`src/render/operation/mdx-endpoint/`). Severity rule: `error` when the page cannot get its
 * API layout (it is shown as plain MDX); `warning` when it gets it with a part missing.
 */
export const mdxApiCodes = {
  'mdx/api-invalid': {
    severity: 'error',
    summary: 'A page\'s `api:` frontmatter is not `"METHOD URL"` (no method, an unknown method, no URL); the page is shown without its endpoint and playground.',
  },
  'mdx/api-no-server': {
    severity: 'warning',
    summary: 'A page\'s `api:` names a relative path and docs.json has no `api.mdx.server`; the page shows the request but the playground cannot send it.',
  },
  'mdx/api-auth-method': {
    severity: 'warning',
    summary: 'A page\'s `authMethod` is not bearer, basic, key, cobo or none; docs.json\'s `api.mdx.auth` applies instead.',
  },
} as const satisfies CodeTable;
