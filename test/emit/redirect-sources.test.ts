import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import { check } from '../../src/api/check.js';
import { fileAtSource, usableRedirects } from '../../src/emit/redirect-sources.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-redirect-sources-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const brief = (d: Diagnostic) => [d.code, d.severity, d.file, d.line, d.column, d.message];

describe('fileAtSource', () => {
  const files = new Set(['images/logo.png', 'openapi.json', 'llms.txt']);
  it('names the file a source is, or lies under', () => {
    expect(fileAtSource('/images/logo.png', files)).toBe('images/logo.png');
    expect(fileAtSource('/images/logo.png/', files)).toBe('images/logo.png');
    expect(fileAtSource('/openapi.json/v2', files)).toBe('openapi.json');
    expect(fileAtSource('llms.txt', files)).toBe('llms.txt');
  });
  it('is undefined for a folder of files, a page path and the root', () => {
    expect(fileAtSource('/images', files)).toBeUndefined();
    expect(fileAtSource('/images/other.png', files)).toBeUndefined();
    expect(fileAtSource('/', files)).toBeUndefined();
  });
});

describe('usableRedirects', () => {
  // The redirects came from `redirects.json` through a `$ref`: each diagnostic points there.
  const origins = { '/redirects': { file: 'redirects.json', pointer: '' } };
  it('keeps wildcards and plain paths, drops a query, an anchor and a file, each with its warning', () => {
    const redirects = [
      { source: '/old', destination: '/new', index: 0 },
      { source: '/old?tab=2', destination: '/new', index: 1 },
      { source: '/guide#part', destination: '/new', index: 2 },
      { source: '/logo.png', destination: '/new', index: 3 },
      { source: '/blog/:slug*', destination: '/news/:slug*', index: 4 },
    ];
    const result = usableRedirects(redirects, new Set(['logo.png']), origins);
    expect(result.redirects.map((r) => r.index)).toEqual([0, 4]);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.pointer, d.message])).toEqual([
      ['build/redirect-query', 'warning', 'redirects.json', '/1/source', 'The redirect source `/old?tab=2` holds a query (`?tab=2`); sources are matched on their path only, so this redirect is left out.'],
      ['build/redirect-query', 'warning', 'redirects.json', '/2/source', 'The redirect source `/guide#part` holds an anchor (`#part`); sources are matched on their path only, so this redirect is left out.'],
      ['build/redirect-shadowed', 'warning', 'redirects.json', '/3/source', 'The redirect source `/logo.png` is the file `logo.png` of the site; the file is served and the redirect is left out.'],
    ]);
    expect(result.diagnostics[0]?.hint).toBe('Redirect the path itself (`/old`); anchors belong in the destination.');
  });
  it('says nothing about redirects a site can serve', () => {
    const redirects = [
      { source: '/a', destination: '/b', index: 0 },
      { source: '/images', destination: '/b', index: 1 },
    ];
    expect(usableRedirects(redirects, new Set(['images/x.png']), {})).toEqual({ redirects, diagnostics: [] });
  });
});

describe('a redirect whose source is a file or holds a query, in a build', () => {
  let root: string;
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    root = path.join(tmp, 'project');
    out = path.join(tmp, 'out');
    await mkdir(path.join(root, 'images'), { recursive: true });
    await writeFile(path.join(root, 'images', 'logo.png'), 'PNG');
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\nHi\n');
    await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\nHi\n');
    const redirects = [
      { source: '/images/logo.png', destination: '/guide' },
      { source: '/old?x=1', destination: '/guide' },
      { source: '/guide.md', destination: '/' },
      { source: '/llms.txt/more', destination: '/' },
      { source: '/older', destination: '/guide' },
    ];
    const docs = { name: 'T', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages: ['index', 'guide'] }, redirects };
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2) + '\n');
    result = await build({ root, outDir: out, cacheDir: false });
  });

  it('writes the files and the other redirects, never fails on EISDIR or ENOTDIR', async () => {
    expect(result.errorCount).toBe(0);
    expect(await readFile(path.join(out, 'images', 'logo.png'), 'utf8')).toBe('PNG');
    expect(existsSync(path.join(out, 'older', 'index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'old?x=1'))).toBe(false);
    expect(await readFile(path.join(out, '_redirects'), 'utf8')).toBe('/older /guide 308\n');
  });

  it('reports each left-out redirect at its source in docs.json', () => {
    expect(result.diagnostics.filter((d) => d.code.startsWith('build/redirect')).map(brief)).toEqual([
      ['build/redirect-shadowed', 'warning', 'docs.json', 15, 7, 'The redirect source `/images/logo.png` is the file `images/logo.png` of the site; the file is served and the redirect is left out.'],
      ['build/redirect-query', 'warning', 'docs.json', 19, 7, 'The redirect source `/old?x=1` holds a query (`?x=1`); sources are matched on their path only, so this redirect is left out.'],
      ['build/redirect-shadowed', 'warning', 'docs.json', 23, 7, 'The redirect source `/guide.md` is the file `guide.md` of the site; the file is served and the redirect is left out.'],
      [
        'build/redirect-shadowed',
        'warning',
        'docs.json',
        27,
        7,
        'The redirect source `/llms.txt/more` lies under the file `llms.txt` of the site, where no page can be written; the redirect is left out.',
      ],
    ]);
  });

  it('is reported by check too, the same diagnostics', async () => {
    const checked = await check({ root, cacheDir: false });
    expect(checked.diagnostics).toEqual(result.diagnostics.filter((d) => d.code.startsWith('build/redirect')));
  });
});
