import { describe, expect, it } from 'vitest';
import { instructionsOf, siteSlug, toolDefinitions, toolNamesOf } from '../../../src/server/mcp/mcp-tools.js';

describe("the search MCP server's tools", () => {
  it("are named after the site as Mintlify names them (search_mintlify)", () => {
    expect(toolNamesOf('Mintlify')).toEqual({ search: 'search_mintlify', read: 'get_page_mintlify', feedback: 'submit_feedback' });
    expect(siteSlug('Acme Notes')).toBe('acme_notes');
    expect(siteSlug('  Café & Co. API v2!  ')).toBe('cafe_co_api_v2');
    expect(siteSlug('文档')).toBe('docs');
    expect(siteSlug('A'.repeat(80))).toHaveLength(24);
    for (const name of ['Acme Notes', '文档', 'x'.repeat(200)]) for (const tool of Object.values(toolNamesOf(name))) expect(tool).toMatch(/^[a-z0-9_-]{1,64}$/);
  });

  it('offer version and language filters only to a site that has several, as enums', () => {
    const one = toolDefinitions({ name: 'A', versions: [], languages: ['en'], routes: new Set() });
    expect(Object.keys((one[0]?.inputSchema['properties'] as object) ?? {})).toEqual(['query', 'limit']);
    const both = toolDefinitions({ name: 'A', versions: ['v1', 'v2'], languages: ['en', 'fr'], routes: new Set() });
    expect(both[0]?.inputSchema['properties']).toMatchObject({ version: { type: 'string', enum: ['v1', 'v2'] }, language: { type: 'string', enum: ['en', 'fr'] } });
    expect(instructionsOf({ name: 'A', versions: ['v1', 'v2'], languages: ['en', 'fr'], routes: new Set() })).toContain('The site has versions v1, v2 and languages en, fr: pass version or language to search_a');
    expect(both.map((t) => t.inputSchema['$schema'])).toEqual(Array(3).fill('https://json-schema.org/draft/2020-12/schema'));
  });
});
