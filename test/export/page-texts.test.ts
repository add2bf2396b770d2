import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { writePageTexts } from '../../src/export/page-texts.js';
import type { SearchRecord } from '../../src/model/render.js';
import { writeFiles } from '../write-files.js';

let tmp: string;
let site: string;
let records: SearchRecord[];

const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      get: { summary: 'List notes', 'x-mint': { metadata: { tag: 'BETA' } }, responses: { '200': { description: 'The notes.' } } },
      post: { summary: 'Create a note', responses: { '201': { description: 'Created.' } } },
    },
  },
};

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sheaf-page-texts-'));
  const root = await writeFiles(path.join(tmp, 'project'), {
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'Tags',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Guides', pages: ['index', 'tagged', 'blank-tag', 'hidden-page'] }, { group: 'API', openapi: 'openapi.json', pages: ['GET /notes', 'POST /notes'] }] },
    }),
    'openapi.json': JSON.stringify(OPENAPI),
    'index.mdx': '---\ntitle: Home\n---\n\nThe home page.\n',
    'tagged.mdx': '---\ntitle: Tagged\ntag: " NEW "\n---\n\nA tagged page.\n',
    'blank-tag.mdx': '---\ntitle: Blank tag\ntag: "  "\n---\n\nA page with a blank tag.\n',
    'hidden-page.mdx': '---\ntitle: Not indexed\nnoindex: true\n---\n\nLeft out of search.\n',
  });
  site = path.join(tmp, 'site');
  const result = await build({ root, outDir: site, cacheDir: false });
  expect(result.errorCount).toBe(0);
  records = JSON.parse(await readFile(path.join(site, '_sheaf/search-records.json'), 'utf8')) as SearchRecord[];
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('search records carry the page tag', () => {
  it('from MDX frontmatter (trimmed; a blank tag is none) and from an operation’s x-mint.metadata', () => {
    const tags = Object.fromEntries(records.map((r) => [r.id, r.tag ?? null]));
    expect(tags).toEqual({
      '/': null,
      '/tagged': 'NEW',
      '/blank-tag': null,
      '/api-reference/list-notes': 'BETA',
      '/api-reference/list-notes#responses': 'BETA',
      '/api-reference/create-a-note': null,
      '/api-reference/create-a-note#responses': null,
    });
  });
});

describe('writePageTexts', () => {
  it('writes the Markdown copy of each page of the search records, by route', async () => {
    const file = path.join(tmp, 'page-texts.json');
    await writePageTexts(site, path.join(site, '_sheaf/search-records.json'), file);
    const texts = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    // The noindex page has no records, so no text.
    expect(Object.keys(texts)).toEqual([...new Set(records.map((r) => r.route))]);
    expect(Object.keys(texts).sort()).toEqual(['/', '/api-reference/create-a-note', '/api-reference/list-notes', '/blank-tag', '/tagged']);
    expect(texts['/']).toBe(await readFile(path.join(site, 'index.md'), 'utf8'));
    expect(texts['/tagged']).toBe(await readFile(path.join(site, 'tagged.md'), 'utf8'));
    expect(texts['/tagged']).toContain('A tagged page.');
    expect(texts['/api-reference/list-notes']).toContain('List notes');
  });

  it('writes an empty object for a site without search records, and leaves out a page whose copy is missing', async () => {
    const empty = await writeFiles(path.join(tmp, 'empty'), { 'records.json': '[]', 'records-missing.json': JSON.stringify([{ ...records[0], route: '/gone', id: '/gone' }]) });
    await writePageTexts(site, path.join(empty, 'records.json'), path.join(empty, 'a.json'));
    expect(await readFile(path.join(empty, 'a.json'), 'utf8')).toBe('{}\n');
    await writePageTexts(site, path.join(empty, 'records-missing.json'), path.join(empty, 'b.json'));
    expect(await readFile(path.join(empty, 'b.json'), 'utf8')).toBe('{}\n');
  });
});
