import { isRecord } from '../../../parse/is-record.js';

/** True when the page has `api:` frontmatter (a page with `openapi:` documents that operation instead; mdx-endpoint-body.ts). */
export function hasApiFrontmatter(frontmatter: unknown): boolean {
  return isRecord(frontmatter) && frontmatter.api !== undefined && frontmatter.api !== null;
}
