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
  'load/link-outside-project': {
    severity: 'error',
    summary: 'A symbolic link in the project leads outside its folder (and any `--allow-outside` folder); what it points at is neither read nor copied.',
  },
  'load/not-a-regular-file': {
    severity: 'error',
    summary: 'A FIFO, socket or device file sits in the project; it is never opened (reading one could hang the build).',
  },
  'load/file-too-large': {
    severity: 'error',
    summary: 'A docs.json, OpenAPI document, page or snippet is larger than its byte cap (checked before reading); it is not read.',
  },
} as const satisfies CodeTable;
