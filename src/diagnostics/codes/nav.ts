import type { CodeTable } from './types.js';

export const navCodes = {
  'nav/icon-substituted': {
    severity: 'warning',
    summary: 'An icon docs.json gives the navigation or the navbar (a tab, anchor, dropdown, version, language, product, group or navbar link) is not in the configured library’s free set (a Font Awesome Pro icon, or no icon at all); the closest free icon is shown instead. One warning per name for the whole site, at its first `icon` key.',
  },
  'nav/page-not-found': {
    severity: 'error',
    summary: 'A navigation entry is neither an operation reference nor the path of a page in the project.',
  },
  'nav/route-conflict': {
    severity: 'error',
    summary: 'Two different pages (files or operations) would be published at the same route.',
  },
  'nav/reserved-route': {
    severity: 'warning',
    summary: 'A page is published at `/mcp` or `/authed/mcp`, the paths Mintlify reserves for the search MCP server: where `sheaf host` or `sheaf dev` serves the site, the MCP server answers there and the page cannot be reached (a static host still serves it).',
  },
  'nav/unwritable-route': {
    severity: 'error',
    summary: 'A page or redirect route has a segment no file system can hold (empty, `.`, `..`, a NUL character, over 255 bytes); it is not written.',
  },
  'nav/operation-page-conflict': {
    severity: 'error',
    summary: 'An operation has both an MDX page (frontmatter `openapi`) and a navigation entry; keep one.',
  },
  'nav/operation-excluded': {
    severity: 'warning',
    summary: 'A navigation entry names an operation marked `x-excluded`, which has no page.',
  },
  'nav/empty-group': {
    severity: 'warning',
    summary: 'A navigation group or division ends up with no pages, so it shows nothing.',
  },
  'ref/invalid': {
    severity: 'error',
    summary: 'A frontmatter `openapi` value is not of the form `[file] METHOD /path` or `[file] webhook name`.',
  },
  'ref/operation-not-found': {
    severity: 'error',
    summary: 'An operation reference matches no operation of its OpenAPI document (the page would be blank).',
  },
  'ref/document-not-found': {
    severity: 'error',
    summary: "An operation reference's file token names no OpenAPI document of the project.",
  },
  'ref/no-document': {
    severity: 'error',
    summary: 'An operation reference has no file token and no OpenAPI document is set on it or its parents.',
  },
  'ref/document-unavailable': {
    severity: 'warning',
    summary: "A page's `openapi` frontmatter could not be looked up because the OpenAPI document that may hold it did not load (a remote document not fetched without `--allow-network`, a failed fetch, an invalid file); the page names it and is built without the operation.",
  },
} as const satisfies CodeTable;
