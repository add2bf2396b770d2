import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseOf, htmlPathOf, markdownPathOf } from '../../src/emit/paths.js';
import { routeHref } from '../../src/render/layout/href.js';
import { rewriteLinks } from '../../src/emit/rewrite-links.js';
import { renderLlmsFull, renderLlmsTxt, renderRedirectsFile, renderRobots, renderSitemap } from '../../src/emit/site-files.js';
import { OUTPUT_MARKER, prepareOutput } from '../../src/emit/write-site.js';
import type { SitePage } from '../../src/model/site.js';

const page = (route: string, title: string, extra: Partial<SitePage> = {}): SitePage => ({ route, kind: 'mdx', source: `${route}.mdx`, title, hidden: false, ...extra });

describe('output paths', () => {
  it('maps routes to files and relative bases', () => {
    expect([htmlPathOf('/'), htmlPathOf('/a/b')]).toEqual(['index.html', 'a/b/index.html']);
    expect([markdownPathOf('/'), markdownPathOf('/a/b')]).toEqual(['index.md', 'a/b.md']);
    expect([baseOf('/'), baseOf('/a'), baseOf('/a/b/c')]).toEqual(['', '../', '../../../']);
    expect([routeHref('', '/'), routeHref('../', '/'), routeHref('../../', '/x/y')]).toEqual(['./', '../', '../../x/y/']);
  });
});

describe('rewriteLinks', () => {
  const routes = new Set(['/', '/quickstart', '/api/get-user']);
  const files = new Set(['images/logo.png', 'old/path']);
  it('makes site-absolute links relative, keeping queries and anchors', () => {
    const { html, broken } = rewriteLinks(
      '<a href="/quickstart#step-2">q</a><a href="/">home</a><img src="/images/logo.png"><a href="/api/get-user/">u</a><a href="https://x.test/a">x</a><a href="#top">t</a><a href="//cdn.test/x">c</a><a href="/old/path">o</a>',
      '../../',
      routes,
      files,
    );
    expect(html).toBe(
      '<a href="../../quickstart/#step-2">q</a><a href="../../">home</a><img src="../../images/logo.png"><a href="../../api/get-user/">u</a><a href="https://x.test/a">x</a><a href="#top">t</a><a href="//cdn.test/x">c</a><a href="../../old/path">o</a>',
    );
    expect(broken).toEqual([]);
  });
  it('accepts .mdx suffixes and case differences of routes, and reports what exists nowhere', () => {
    const { html, broken } = rewriteLinks(
      '<a href="/Quickstart">a</a><a href="/quickstart.mdx">b</a><a href="/nope">c</a><img src="/images/missing.png"><a href="/index">h</a><a href="/api/get-user/index.mdx#x">i</a>',
      '',
      routes,
      files,
    );
    expect(html).toBe(
      '<a href="quickstart/">a</a><a href="quickstart/">b</a><a href="nope">c</a><img src="images/missing.png"><a href="./">h</a><a href="api/get-user/#x">i</a>',
    );
    expect(broken).toEqual([
      { attribute: 'href', target: '/nope' },
      { attribute: 'src', target: '/images/missing.png' },
    ]);
  });
});

describe('site files', () => {
  const pages = [page('/', 'Home', { description: 'Start here' }), page('/guides/a', 'Guide A')];
  it('writes a sitemap with absolute URLs when the site URL is known', () => {
    expect(renderSitemap(pages, 'https://docs.example.com/')).toContain('<loc>https://docs.example.com/guides/a/</loc>');
    expect(renderSitemap(pages, undefined)).toContain('<loc>/guides/a/</loc>');
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
