import type { CodeTable } from './types.js';

export const buildCodes = {
  'build/output-refused': {
    severity: 'error',
    summary: 'The output folder is the project itself, holds it, or is a non-empty folder Sheaf did not write.',
  },
  'build/contextual-unavailable': {
    severity: 'info',
    summary: 'A contextual menu option Sheaf cannot offer on this site is left out of the menu: `assistant` without the Ask AI panel; `devin-mcp` (Devin publishes no install link).',
  },
  'build/contextual-mcp-server': {
    severity: 'info',
    summary: "The contextual menu offers options that connect to the site's search MCP server at `<site>/mcp` (`mcp`, `add-mcp`, `cursor`, `vscode`): `sheaf host` and `sheaf dev` serve it; on a plain static host or CDN nothing answers there.",
  },
  'build/page-contextual-invalid': {
    severity: 'warning',
    summary: "A page's frontmatter `contextual` is not a valid contextual menu setting; the page shows docs.json's menu instead (Mintlify's fallback).",
  },
  'build/broken-link': {
    severity: 'warning',
    summary: 'A page links to a site path that is neither a page nor a file of the site.',
  },
  'build/unresolved-link': {
    severity: 'warning',
    summary: 'The link check over the written site found links to a path where no file was written, which the build had not reported otherwise (a link in docs.json, a redirect destination, a sitemap entry…).',
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
  'build/tailwind-class': {
    severity: 'warning',
    summary: 'Tailwind CSS warned about a class a page uses (an ambiguous arbitrary value…), or a class name was too long or held characters no class holds and was not generated.',
  },
  'build/redirect-query': {
    severity: 'warning',
    summary: 'A docs.json redirect source holds a query (`?x=1`) or an anchor (`#part`); sources are matched on their path only (Mintlify allows neither), so the redirect is left out.',
  },
  'build/redirect-shadowed': {
    severity: 'warning',
    summary: 'A docs.json redirect source is a file of the site (an image, a document, a Markdown copy) or lies under one; the file is served and the redirect is left out.',
  },
  'build/no-site-url': {
    severity: 'info',
    summary: 'No site URL was given, so sitemap.xml lists root-relative paths; pass --site-url for absolute ones.',
  },
  'build/social-image-asset': {
    severity: 'warning',
    summary: 'The logo or `thumbnails.background` image cannot be drawn on the social preview images (a URL, which the build does not fetch; a missing file; a format other than PNG, JPEG, GIF or SVG; a file that does not decode); the images are drawn without it.',
  },
  'build/social-image-font': {
    severity: 'info',
    summary: '`thumbnails.fonts.family` names a font the build has no file of (Google Fonts are not fetched), so the social preview images use Inter; or page titles hold characters Inter has no glyph for (CJK, emoji…), left out of the images.',
  },
  'build/social-image-url': {
    severity: 'info',
    summary: 'The social preview images are linked by page-relative URLs because no site URL is known; social networks need absolute ones: pass --site-url.',
  },
  'build/social-image-failed': {
    severity: 'warning',
    summary: 'A page\'s social preview image could not be drawn; the page is written without `og:image`.',
  },
} as const satisfies CodeTable;
