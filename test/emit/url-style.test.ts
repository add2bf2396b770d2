import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import { checkBuiltSite } from '../../src/emit/link-check.js';
import { baseOf, htmlPathOf, markdownPathOf } from '../../src/emit/paths.js';
import { publicRoutePath, routeHref } from '../../src/render/layout/href.js';
import { siteFiles } from '../site-files.js';
import { writeFiles } from '../write-files.js';

const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/example');

describe('URL styles: routes to files and links', () => {
  it('writes a page as route/index.html (directory) or route.html (html), the home page as index.html in both', () => {
    const routes = ['/', '/guides', '/guides/x', '/a/b/c'];
    expect(routes.map((r) => htmlPathOf(r, 'directory'))).toEqual(['index.html', 'guides/index.html', 'guides/x/index.html', 'a/b/c/index.html']);
    expect(routes.map((r) => htmlPathOf(r, 'html'))).toEqual(['index.html', 'guides.html', 'guides/x.html', 'a/b/c.html']);
    expect(routes.map((r) => markdownPathOf(r))).toEqual(['index.md', 'guides.md', 'guides/x.md', 'a/b/c.md']);
  });

  it('gives each file the relative prefix from its folder to the site root', () => {
    const routes = ['/', '/guides', '/guides/x', '/a/b/c'];
    expect(routes.map((r) => baseOf(r, 'directory'))).toEqual(['', '../', '../../', '../../../']);
    expect(routes.map((r) => baseOf(r, 'html'))).toEqual(['', '', '../', '../../']);
  });

  it('links a route as its folder or its file, encoded; public URLs stay extensionless', () => {
    expect([routeHref('', '/', 'directory'), routeHref('../', '/', 'directory'), routeHref('../', '/guides/x', 'directory')]).toEqual(['./', '../', '../guides/x/']);
    expect([routeHref('', '/', 'html'), routeHref('../', '/', 'html'), routeHref('../', '/guides/x', 'html'), routeHref('', '/guides', 'html')]).toEqual(['index.html', '../index.html', '../guides/x.html', 'guides.html']);
    expect(routeHref('', '/a b/c?', 'html')).toBe('a%20b/c%3F.html');
    expect(['/', '/guides/x', '/a b'].map((r) => publicRoutePath(r, 'directory'))).toEqual(['', 'guides/x/', 'a%20b/']);
    expect(['/', '/guides/x', '/a b'].map((r) => publicRoutePath(r, 'html'))).toEqual(['', 'guides/x', 'a%20b']);
  });
});

describe('fixtures/example in both URL styles', () => {
  let tmp: string;
  let html: { result: BuildResult; files: Map<string, string> };
  let directory: { result: BuildResult; files: Map<string, string> };
  const built = async (urlStyle: 'html' | 'directory') => {
    const outDir = path.join(tmp, urlStyle);
    const result = await build({ root: EXAMPLE, outDir, cacheDir: false, workers: 0, urlStyle });
    return { result, files: await siteFiles(outDir) };
  };

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-url-style-'));
    html = await built('html');
    directory = await built('directory');
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  const pages = (files: Map<string, string>) => [...files.keys()].filter((f) => f.endsWith('.html') && !f.startsWith('_sheaf/')).sort();

  it('writes exactly these HTML files in each style', () => {
    expect(pages(html.files)).toEqual([
      '404.html',
      'api-reference/introduction.html',
      'api-reference/notebooks/list-notebooks.html',
      'api-reference/notes/create-a-note.html',
      'api-reference/notes/delete-a-note.html',
      'api-reference/notes/get-a-note.html',
      'api-reference/notes/list-notes.html',
      'api-reference/notes/notecreated.html',
      // The redirect page of docs.json's `/getting-started`.
      'getting-started.html',
      'guides/authentication.html',
      'guides/components.html',
      'guides/notes.html',
      'index.html',
      'quickstart.html',
    ]);
    expect(pages(directory.files)).toEqual([
      '404.html',
      'api-reference/introduction/index.html',
      'api-reference/notebooks/list-notebooks/index.html',
      'api-reference/notes/create-a-note/index.html',
      'api-reference/notes/delete-a-note/index.html',
      'api-reference/notes/get-a-note/index.html',
      'api-reference/notes/list-notes/index.html',
      'api-reference/notes/notecreated/index.html',
      'getting-started/index.html',
      'guides/authentication/index.html',
      'guides/components/index.html',
      'guides/notes/index.html',
      'index.html',
      'quickstart/index.html',
    ]);
  });

  it('keeps every other file where it was: Markdown copies, llms.txt, assets', () => {
    const others = (files: Map<string, string>) => [...files.keys()].filter((f) => !f.endsWith('.html')).sort();
    expect(others(html.files)).toEqual(others(directory.files));
    expect(html.files.get('llms.txt')).toBe(directory.files.get('llms.txt'));
    expect(html.files.get('guides/notes.md')).toBe(directory.files.get('guides/notes.md'));
    expect(html.files.get('_redirects')).toBe('/getting-started /quickstart 308\n');
  });

  it('passes its own link check, every internal link leading to a file, with no warning', async () => {
    expect(html.result.errorCount).toBe(0);
    expect(html.result.warningCount).toBe(0);
    expect(html.result.stats?.links.unresolved).toBe(0);
    expect(html.result.stats?.links.checked).toBe(directory.result.stats?.links.checked);
    const check = await checkBuiltSite(path.join(tmp, 'html'), { urlStyle: 'html' });
    expect(check.unresolved).toEqual([]);
    expect(check.checked).toBe(html.result.stats?.links.checked);
  });

  it('links pages by their files: navigation, tabs, breadcrumbs, previous and next, 404 page, redirect page', () => {
    const notes = html.files.get('guides/notes.html') ?? '';
    expect(notes).toContain('<html lang="en" class="sheaf-mode-default');
    expect(notes).toContain('data-base="../" data-url-style="html" data-route="/guides/notes"');
    const hrefs = new Set([...notes.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]));
    expect([...hrefs].filter((h) => h?.endsWith('.html')).sort()).toEqual([
      '../api-reference/introduction.html',
      '../guides/authentication.html',
      '../guides/components.html',
      '../guides/notes.html',
      '../index.html',
      '../quickstart.html',
    ]);
    // No link to a folder: a plain static server needs no rule.
    expect([...hrefs].filter((h) => h !== undefined && /^\.\.?\/|^[a-z-]+\//.test(h) && h.endsWith('/'))).toEqual([]);
    expect(notes.match(/<a [^>]*sheaf-pager-link[^>]*>/g)).toEqual([
      '<a href="../quickstart.html" data-href="/quickstart" rel="prev" class="sheaf-pager-link sheaf-pager-prev pagination-prev">',
      '<a href="../guides/authentication.html" data-href="/guides/authentication" rel="next" class="sheaf-pager-link sheaf-pager-next pagination-next">',
    ]);
    const notFound = html.files.get('404.html') ?? '';
    expect(notFound).toContain('<a href="/index.html" data-href="/" class="sheaf-button">');
    expect(notFound).toContain('href="/guides/notes.html"');
    const moved = html.files.get('getting-started.html') ?? '';
    expect(moved).toContain('<meta http-equiv="refresh" content="0; url=quickstart.html">');
    expect(moved).toContain('<link rel="canonical" href="quickstart">');
    expect(directory.files.get('getting-started/index.html')).toContain('<meta http-equiv="refresh" content="0; url=../quickstart/">');
    expect(directory.files.get('getting-started/index.html')).toContain('<link rel="canonical" href="../quickstart/">');
  });

  it('keeps public URLs extensionless: sitemap and JSON-LD', () => {
    expect(html.files.get('sitemap.xml')).toContain('<loc>/guides/notes</loc>');
    expect(html.files.get('sitemap.xml')).not.toContain('.html');
    expect(directory.files.get('sitemap.xml')).toContain('<loc>/guides/notes/</loc>');
    expect(html.files.get('guides/notes.html')).toContain('"url":"../guides/notes"');
    expect(directory.files.get('guides/notes/index.html')).toContain('"url":"../../guides/notes/"');
  });
});

describe('a route that is a page and the folder of others, a root copy, redirects (html style)', () => {
  let tmp: string;
  let files: Map<string, string>;
  let result: BuildResult;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-url-style-prefix-'));
    const root = await writeFiles(path.join(tmp, 'docs'), {
      'docs.json': JSON.stringify({
        name: 'Prefix',
        theme: 'mint',
        colors: { primary: '#0D9373' },
        navigation: { groups: [{ group: 'Guides', pages: ['guides', 'guides/x', 'guides/deep/y'] }] },
        redirects: [
          { source: '/old', destination: '/guides/x#part' },
          { source: '/old/nested', destination: '/guides' },
          { source: '/home', destination: '/' },
        ],
      }),
      'guides.mdx': '---\ntitle: Guides\n---\n\nSee [X](/guides/x), [Y](./guides/deep/y), [old](/old) and [nested](/old/nested).\n',
      'guides/x.mdx': '---\ntitle: X\n---\n\n## Part\n\nBack to [guides](/guides).\n',
      'guides/deep/y.mdx': '---\ntitle: Y\n---\n\nUp to [x](../x).\n',
    });
    result = await build({ root, outDir: path.join(tmp, 'site'), cacheDir: false, workers: 0, urlStyle: 'html', siteUrl: 'https://docs.example.com/' });
    files = await siteFiles(path.join(tmp, 'site'));
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('writes guides.html beside guides/, the first page again at the root, redirect pages as .html files', () => {
    expect([...files.keys()].filter((f) => f.endsWith('.html') && !f.startsWith('_sheaf/')).sort()).toEqual([
      '404.html',
      'guides.html',
      'guides/deep/y.html',
      'guides/x.html',
      'home.html',
      'index.html',
      'old.html',
      'old/nested.html',
    ]);
    expect(result.errorCount).toBe(0);
    expect(result.stats?.links.unresolved).toBe(0);
  });

  it('links the pages and the redirect sources by their files, relative to each file', () => {
    const guides = files.get('guides.html') ?? '';
    expect(guides).toContain('<p>See <a href="guides/x.html" class="link">X</a>, <a href="guides/deep/y.html" class="link">Y</a>, <a href="old.html" class="link">old</a> and <a href="old/nested.html" class="link">nested</a>.</p>');
    expect(files.get('guides/x.html')).toContain('<p>Back to <a href="../guides.html" class="link">guides</a>.</p>');
    expect(files.get('guides/deep/y.html')).toContain('<p>Up to <a href="../../guides/x.html" class="link">x</a>.</p>');
    expect(files.get('guides/x.html')?.match(/<a [^>]*sheaf-pager-link[^>]*>/g)).toEqual([
      '<a href="../guides.html" data-href="/guides" rel="prev" class="sheaf-pager-link sheaf-pager-prev pagination-prev">',
      '<a href="../guides/deep/y.html" data-href="/guides/deep/y" rel="next" class="sheaf-pager-link sheaf-pager-next pagination-next">',
    ]);
  });

  it('keeps the root copy\'s links and names its page extensionless as canonical', () => {
    const home = files.get('index.html') ?? '';
    expect(home).toContain('<link rel="canonical" href="guides"/>');
    expect(home).toContain('<a href="guides/x.html" class="link">X</a>');
    expect(home).toContain('data-current-path="/"');
  });

  it('sends the redirect pages to the destination\'s file, with an extensionless canonical', () => {
    expect(files.get('old.html')).toContain('url=guides/x.html#part');
    expect(files.get('old.html')).toContain('<link rel="canonical" href="guides/x#part">');
    expect(files.get('old/nested.html')).toContain('url=../guides.html"');
    expect(files.get('old/nested.html')).toContain('<link rel="canonical" href="../guides">');
    expect(files.get('home.html')).toContain('url=index.html"');
    expect(files.get('home.html')).toContain('<link rel="canonical" href="./">');
  });

  it('lists Mintlify\'s URLs in sitemap.xml and the JSON-LD', () => {
    expect(files.get('sitemap.xml')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://docs.example.com/guides</loc></url>',
        '  <url><loc>https://docs.example.com/guides/deep/y</loc></url>',
        '  <url><loc>https://docs.example.com/guides/x</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(files.get('guides/x.html')).toContain('"url":"https://docs.example.com/guides/x"');
  });

  it('reports a folder link in an html site: no such file is written', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(tmp, 'site', 'stray.html'), '<a href="guides/x/">folder</a><a href="guides/x">extensionless</a><a href="guides/x.html">file</a>');
    const check = await checkBuiltSite(path.join(tmp, 'site'), { urlStyle: 'html' });
    expect(check.unresolved).toEqual([{ file: 'stray.html', url: 'guides/x/', path: 'guides/x/' }]);
    const asDirectory = await checkBuiltSite(path.join(tmp, 'site'), { urlStyle: 'directory' });
    expect(asDirectory.unresolved.filter((u) => u.file === 'stray.html').map((u) => u.url)).toEqual(['guides/x/', 'guides/x']);
  });
});
