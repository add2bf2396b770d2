import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden } from '../../golden.js';
import { find, fixtureDir, loadFixture, renderEntry } from './helpers.js';

/** Compares with `test/fixtures/operation-<construct>/<file>` (test/golden.ts: `UPDATE=1` rewrites it). */
function expectFile(construct: string, file: string, actual: string): void {
  expectGolden(path.join(fixtureDir(construct), file), actual);
}

describe('renderOperationPage: headings, search sections, Markdown copy, aside', () => {
  it('h2 per part with stable ids, h3 per response status', async () => {
    const loaded = await loadFixture('parameters');
    const body = renderEntry(loaded, find(loaded, 'GET /items/{itemId}'));
    expect(body.headings.map((h) => `${h.depth} ${h.id} ${h.text}`)).toEqual([
      '2 path-parameters Path parameters',
      '2 query-parameters Query parameters',
      '2 header-parameters Header parameters',
      '2 cookie-parameters Cookie parameters',
      '2 responses Responses',
      '3 response-200 200 OK',
    ]);
  });

  it('one search section per part, with names and descriptions as text', async () => {
    const loaded = await loadFixture('parameters');
    const body = renderEntry(loaded, find(loaded, 'GET /items/{itemId}'));
    expect(body.sections.map((s) => s.anchor)).toEqual(['', 'path-parameters', 'query-parameters', 'header-parameters', 'cookie-parameters', 'responses']);
    expect(body.sections[0]?.text).toBe('GET /items/{itemId} List items');
    expect(body.sections[2]?.text).toBe('limit How many items to return. sort Sort order. status filter name Name contains this. min legacy Use sort instead.');
  });

  it('places the aside it is given', async () => {
    const loaded = await loadFixture('parameters');
    const e = find(loaded, 'GET /items/{itemId}');
    expect(renderEntry(loaded, e, { aside: '<div class="samples"></div>' }).aside).toBe('<div class="samples"></div>');
    expect(renderEntry(loaded, e).aside).toBeUndefined();
  });

  it.each([
    ['parameters', 'GET /items/{itemId}'],
    ['request-bodies', 'POST /multipart'],
    ['responses', 'POST /users'],
    ['auth', 'GET /oauth'],
    ['callbacks', 'POST /jobs'],
  ])('Markdown copy of %s (expected.md)', async (construct, ref) => {
    const loaded = await loadFixture(construct);
    expectFile(construct, 'expected.md', renderEntry(loaded, find(loaded, ref)).markdown);
  });
});
