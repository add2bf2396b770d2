import type { CodeTable } from './types.js';

export const loadCodes = {
  'load/frontmatter-invalid': {
    severity: 'error',
    summary: "A page's frontmatter is not valid YAML; the page is built without its metadata.",
  },
  'load/duplicate-page': {
    severity: 'error',
    summary: 'Two files (`x.mdx` and `x.md`) give the same page path; the `.mdx` one is used.',
  },
} as const satisfies CodeTable;
