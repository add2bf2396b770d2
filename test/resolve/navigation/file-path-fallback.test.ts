import { describe, expect, it } from 'vitest';
import { classifyEntry, findPage, pageNotFound } from '../../../src/resolve/navigation/file-path-fallback.js';
import { index, op } from '../builders.js';
import { mdx, runNavigation } from './run-navigation.js';

const pages = new Map([['guides/intro', mdx('guides/intro')], ['guides/index', mdx('guides/index')]]);
const origin = { file: 'docs.json', pointer: '/navigation/pages/0' };

describe('rule 8: file-path fallback (src/resolve/navigation/file-path-fallback.ts)', () => {
  it('an existing page wins, else an operation reference, else a missing file', () => {
    expect(findPage('/guides/intro', pages)?.file).toBe('guides/intro.mdx');
    expect(classifyEntry('guides/', pages)).toEqual({ kind: 'page', page: mdx('guides/index') });
    expect(classifyEntry('GET /guides/intro', pages)).toEqual({ kind: 'reference', ref: { method: 'get', path: '/guides/intro' } });
    expect(classifyEntry('guides/outro', pages)).toEqual({ kind: 'missing' });
  });

  it('a missing file is an error naming the nearest pages, or saying to create it', () => {
    expect(pageNotFound('guides/intr', pages, origin)).toEqual({
      code: 'nav/page-not-found',
      severity: 'error',
      message: 'Navigation entry `guides/intr` is not a page of this project.',
      file: 'docs.json',
      pointer: '/navigation/pages/0',
      hint: 'did you mean `guides/intro`, `guides/index`?',
    });
    expect(pageNotFound('changelog/2024', pages, origin).hint).toBe('Create the file (`.mdx` or `.md`) or remove the entry.');
  });

  it('an entry matching no operation and no page is reported where it is written, and dropped', () => {
    const doc = index('openapi.json', [op('get', '/users', { summary: 'List users' })]);
    const result = runNavigation({ groups: [{ group: 'G', pages: ['guides/intro', 'users/list'] }] }, { pages: [...pages.values()], docs: [doc] });
    expect(result.children).toEqual([{ type: 'group', title: 'G', children: [{ type: 'page', route: '/guides/intro', title: 'Intro' }] }]);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['nav/page-not-found', '/navigation/groups/0/pages/1']]);
  });
});
