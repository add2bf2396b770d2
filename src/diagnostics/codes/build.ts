import type { CodeTable } from './types.js';

export const buildCodes = {
  'build/output-refused': {
    severity: 'error',
    summary: 'The output folder is the project itself, holds it, or is a non-empty folder Sheaf did not write.',
  },
  'build/broken-link': {
    severity: 'warning',
    summary: 'A page links to a site path that is neither a page nor a file of the site.',
  },
  'build/missing-asset': {
    severity: 'warning',
    summary: 'A page or docs.json refers to an image or file that is not in the project; it is left out.',
  },
  'build/write-failed': {
    severity: 'error',
    summary: 'A page could not be written (e.g. a path the file system refuses); the other pages are written.',
  },
  'build/script-url': {
    severity: 'warning',
    summary: 'A link (Markdown, an `href` prop, docs.json, a redirect or an OpenAPI description) has a `javascript:` URL; it is rendered without a target.',
  },
  'build/no-site-url': {
    severity: 'info',
    summary: 'No site URL was given, so sitemap.xml lists root-relative paths; pass --site-url for absolute ones.',
  },
} as const satisfies CodeTable;
