import { mkdtemp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseOf, htmlPathOf, markdownPathOf } from '../../src/emit/paths.js';
import { routeHref } from '../../src/render/layout/href.js';
import { renderLlmsFull, renderLlmsTxt, renderRedirectsFile, renderRobots, renderSitemap } from '../../src/emit/site-files.js';
import { createSiteWriter, OUTPUT_MARKER, prepareOutput, refusedOutputPath } from '../../src/emit/write-site.js';
import { routeOfUrlPath, routeUrlPath, unwritableSegment } from '../../src/resolve/route-segments.js';
import type { SitePage } from '../../src/model/site.js';

const page = (route: string, title: string, extra: Partial<SitePage> = {}): SitePage => ({ route, kind: 'mdx', source: `${route}.mdx`, title, hidden: false, ...extra });

describe('output paths', () => {
  it('maps routes to files and relative bases', () => {
    expect([htmlPathOf('/', 'directory'), htmlPathOf('/a/b', 'directory')]).toEqual(['index.html', 'a/b/index.html']);
    expect([markdownPathOf('/'), markdownPathOf('/a/b')]).toEqual(['index.md', 'a/b.md']);
    expect([baseOf('/', 'directory'), baseOf('/a', 'directory'), baseOf('/a/b/c', 'directory')]).toEqual(['', '../', '../../../']);
    expect([routeHref('', '/', 'directory'), routeHref('../', '/', 'directory'), routeHref('../../', '/x/y', 'directory')]).toEqual(['./', '../', '../../x/y/']);
  });
});

describe('routes in URLs and on disk', () => {
  it('encodes every segment of a link, so no character acts as URL or markup syntax', () => {
    expect(routeHref('', '/javascript:alert(1)', 'directory')).toBe('javascript%3Aalert%281%29/');
    expect(routeHref('../', '/a&b/`c`[x]:%/q?x#y', 'directory')).toBe('../a%26b/%60c%60%5Bx%5D%3A%25/q%3Fx%23y/');
    expect(routeHref('', '/übersicht/"><img src=x>', 'directory')).toBe('%C3%BCbersicht/%22%3E%3Cimg%20src%3Dx%3E/');
    expect(routeUrlPath('/a\ud800b')).toBe('/a%EF%BF%BDb');
    expect(routeOfUrlPath('/a%26b/100%/%E2%82%AC')).toBe('/a&b/100%/€');
  });

  it('finds the segment no file system can hold', () => {
    expect(['/', '/a/b', `/${'a'.repeat(255)}/${'b'.repeat(252)}`].map(unwritableSegment)).toEqual([undefined, undefined, undefined]);
    expect(unwritableSegment('/a//b')).toEqual({ segment: '', reason: 'is empty' });
    expect(unwritableSegment('/a/./b')).toEqual({ segment: '.', reason: 'names its own folder' });
    expect(unwritableSegment('/../b')).toEqual({ segment: '..', reason: 'names the parent folder' });
    expect(unwritableSegment('/a\u0000b')).toEqual({ segment: 'a\u0000b', reason: 'holds a NUL character' });
    expect(unwritableSegment(`/${'a'.repeat(256)}/b`)?.reason).toBe('is 256 bytes long in UTF-8; a file name holds at most 255 here');
    expect(unwritableSegment(`/a/${'é'.repeat(127)}`)?.reason).toBe('is 254 bytes long in UTF-8; a file name holds at most 252 here');
  });

  it('has the site writer refuse any path that leaves or misnames a folder, writing nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-writer-'));
    const out = path.join(dir, 'out');
    const writer = createSiteWriter(out);
    for (const bad of ['../escape.html', 'a/../../escape.html', 'a//b.html', './a.html', 'a\u0000b.html', '..\\x.html']) {
      expect(refusedOutputPath(bad), bad).toBeDefined();
      await expect(writer.write({ path: bad, content: 'x' }), bad).rejects.toThrow(/^Sheaf refuses to write/);
    }
    await writer.write({ path: 'a/b.html', content: 'ok' });
    expect(await readFile(path.join(out, 'a/b.html'), 'utf8')).toBe('ok');
    expect(writer.stats()).toEqual({ files: 1, bytes: 2 });
    expect(await readdir(dir)).toEqual(['out']);
  });
});

describe('site files', () => {
  const pages = [page('/', 'Home', { description: 'Start here' }), page('/guides/a', 'Guide A')];
  it('writes a sitemap with absolute URLs when the site URL is known', () => {
    expect(renderSitemap(pages, 'https://docs.example.com/', 'directory')).toContain('<loc>https://docs.example.com/guides/a/</loc>');
    expect(renderSitemap(pages, undefined, 'directory')).toContain('<loc>/guides/a/</loc>');
  });
  it('writes robots.txt with the sitemap when known', () => {
    expect(renderRobots('https://d.test')).toBe('User-agent: *\nAllow: /\nSitemap: https://d.test/sitemap.xml\n');
    expect(renderRobots(undefined)).toBe('User-agent: *\nAllow: /\n');
  });
  it('writes llms.txt grouped by navigation group, linking the Markdown copies', () => {
    const txt = renderLlmsTxt('Acme', 'Docs of Acme', pages, (r) => (r === '/' ? 'Start' : 'Guides'));
    expect(txt).toBe('# Acme\n\n> Docs of Acme\n\n## Start\n\n- [Home](index.md): Start here\n\n## Guides\n\n- [Guide A](guides/a.md)\n');
    expect(renderLlmsFull('Acme', [{ route: '/', markdown: '# Home\n' }])).toBe('# Acme\n\n---\n\n<!-- / -->\n# Home\n');
  });
  it('writes _redirects with 308 for permanent and 307 for temporary, wildcards kept', () => {
    expect(renderRedirectsFile([{ source: '/old', destination: '/new' }, { source: '/blog/:slug*', destination: '/news/:slug*', permanent: false }])).toBe(
      '/old /new 308\n/blog/* /news/:splat 307\n',
    );
  });
});

describe('prepareOutput', () => {
  it('refuses the project folder, a folder holding it, and a foreign non-empty folder', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sheaf-out-'));
    expect(await prepareOutput(root, root)).toContain('is the project folder or holds it');
    expect(await prepareOutput(path.dirname(root), root)).toContain('is the project folder or holds it');
    const foreign = path.join(root, 'foreign');
    await mkdir(foreign);
    await writeFile(path.join(foreign, 'keep.txt'), 'mine');
    expect(await prepareOutput(foreign, path.join(root, 'docs'))).toContain('not empty and was not written by Sheaf');
    expect(await readFile(path.join(foreign, 'keep.txt'), 'utf8')).toBe('mine');
  });
  it('replaces a previous Sheaf output', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sheaf-out-'));
    const out = path.join(root, 'site');
    expect(await prepareOutput(out, path.join(root, 'docs'))).toBeUndefined();
    await writeFile(path.join(out, 'stale.html'), 'old');
    expect(await prepareOutput(out, path.join(root, 'docs'))).toBeUndefined();
    await expect(readFile(path.join(out, 'stale.html'), 'utf8')).rejects.toThrow();
    expect(await readFile(path.join(out, OUTPUT_MARKER), 'utf8')).toContain('sheaf build');
  });
});
