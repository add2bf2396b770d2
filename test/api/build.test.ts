import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name: string) => path.join(REPO, 'test/fixtures', name);

describe('build: the example project', () => {
  let out: string;
  let result: BuildResult;
  const read = (f: string) => readFile(path.join(out, f), 'utf8');
  beforeAll(async () => {
    out = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-build-')), 'site');
    result = await build({ root: path.join(REPO, 'fixtures/example'), outDir: out, cacheDir: false });
  });

  it('writes every page as route/index.html with a Markdown copy, and reports', () => {
    expect(result.errorCount).toBe(0);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['build/no-site-url']);
    for (const p of result.site?.pages ?? []) {
      const html = p.route === '/' ? 'index.html' : `${p.route.slice(1)}/index.html`;
      expect(existsSync(path.join(out, html)), html).toBe(true);
    }
    expect(result.stats?.pages).toBe(result.site?.pages.length);
    expect(result.stats?.searchRecords).toBeGreaterThan(10);
  });

  it('uses only relative links, so the site works under any base path', async () => {
    const html = await read('guides/components/index.html');
    // data-href holds Mintlify's root-absolute form for project CSS selectors; it is never followed.
    expect(html).not.toMatch(/(?<![\w-])(href|src)="\/(?!\/)/);
    expect(html).toMatch(/ data-href="\/guides\/components"/);
    expect(html).toContain('href="../../quickstart/"');
    expect(html).toMatch(/<link rel="stylesheet" href="\.\.\/\.\.\/_sheaf\/sheaf\.[0-9a-f]{10}\.css"/);
  });

  it('renders components, variables, math and mermaid, and ships their assets', async () => {
    const html = await read('guides/components/index.html');
    expect(html).toContain('Acme Notes talks to <code>https://api.example.com/v1</code>');
    expect(html).toContain('data-tabs');
    expect(html).toContain('class="katex"');
    expect(html).toContain('<pre class="mermaid">');
    expect(html).toContain('_sheaf/mermaid.min.js');
    expect(existsSync(path.join(out, '_sheaf/mermaid.min.js'))).toBe(true);
    expect(existsSync(path.join(out, '_sheaf/katex/katex.min.css'))).toBe(true);
    // A page without math loads no KaTeX.
    expect(await read('quickstart/index.html')).not.toContain('katex.min.css');
  });

  it('inlines snippets', async () => {
    expect(await read('quickstart/index.html')).toContain('Open <strong>Settings → API keys</strong>');
  });

  it('writes the site files: sitemap, robots, llms, search, 404, redirects', async () => {
    expect(await read('sitemap.xml')).toContain('<loc>/guides/components/</loc>');
    expect(await read('robots.txt')).toBe('User-agent: *\nAllow: /\n');
    expect(await read('llms.txt')).toContain('- [Working with notes](guides/components.md): Tabs, steps, accordions and code groups in one page.');
    expect(await read('llms-full.txt')).toContain('# Quickstart');
    expect(await read('_redirects')).toBe('/getting-started /quickstart 308\n');
    expect(await read('getting-started/index.html')).toContain('url=../quickstart/');
    expect(await read('404.html')).toContain('Page not found');
    const records = JSON.parse(await read('_sheaf/search-records.json')) as { route: string; section: string }[];
    expect(records.some((r) => r.route === '/guides/components' && r.section === 'Choose a client')).toBe(true);
    expect(await read('_sheaf/search-index.js')).toContain('__SHEAF_SEARCH__');
  });

  it('is deterministic: a second build writes the same bytes', async () => {
    const again = path.join(path.dirname(out), 'again');
    await build({ root: path.join(REPO, 'fixtures/example'), outDir: again, cacheDir: false });
    for (const f of ['index.html', 'guides/components/index.html', 'sitemap.xml', 'llms-full.txt', '_sheaf/search-index.js', '_sheaf/search-records.json']) {
      expect(await readFile(path.join(again, f), 'utf8'), f).toBe(await read(f));
    }
  });
});

describe('build: links, assets and output safety', () => {
  it('reports broken links and missing assets with the page position; redirect sources are valid targets', async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-build-')), 'site');
    const r = await build({ root: fixture('build-links'), outDir: out, cacheDir: false, siteUrl: 'https://docs.example.com/' });
    expect(r.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([
      ['build/broken-link', 'index.mdx', 5, 67],
      ['build/missing-asset', 'index.mdx', 9, 9],
    ]);
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html).toContain('href="other/#part"');
    expect(html).toContain('src="images/logo.svg"');
    expect(existsSync(path.join(out, 'images/logo.svg'))).toBe(true);
    // noindex pages are published but left out of the sitemap and the search records.
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).not.toContain('/other/');
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://docs.example.com/</loc>');
    expect(await readFile(path.join(out, '_sheaf/search-records.json'), 'utf8')).not.toContain('"/other"');
  });

  it('refuses to write into a folder it did not create, and keeps its files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-build-'));
    await mkdir(path.join(dir, 'mine'));
    await writeFile(path.join(dir, 'mine', 'notes.txt'), 'keep me');
    const r = await build({ root: fixture('build-links'), outDir: path.join(dir, 'mine'), cacheDir: false });
    expect(r.diagnostics.map((d) => d.code)).toContain('build/output-refused');
    expect(r.stats).toBeUndefined();
    expect(await readFile(path.join(dir, 'mine', 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('serves unchanged pages from the cache on the next build', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-build-'));
    const cacheDir = path.join(dir, 'cache');
    const first = await build({ root: fixture('build-links'), outDir: path.join(dir, 'a'), cacheDir });
    const second = await build({ root: fixture('build-links'), outDir: path.join(dir, 'b'), cacheDir });
    expect(first.stats?.cachedPages).toBe(0);
    expect(second.stats?.cachedPages).toBe(2);
    expect(await readFile(path.join(dir, 'b', 'index.html'), 'utf8')).toBe(await readFile(path.join(dir, 'a', 'index.html'), 'utf8'));
  });
});

describe('build: a page that cannot be written', () => {
  it('is reported, and the other pages are still written', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-build-'));
    const root = path.join(dir, 'docs');
    await mkdir(path.join(root, '_sheaf'), { recursive: true });
    const docs = { theme: 'mint', name: 'W', colors: { primary: '#000000' }, navigation: { pages: ['index'] } };
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\nHello.\n');
    // Its folder would be `_sheaf/.sheaf-output/`, where the output marker file already is.
    await writeFile(path.join(root, '_sheaf', '.sheaf-output.mdx'), '---\ntitle: Clash\n---\nText.\n');
    const out = path.join(dir, 'site');
    const r = await build({ root, outDir: out, cacheDir: false });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file])).toEqual([['build/write-failed', '_sheaf/.sheaf-output.mdx']]);
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'sitemap.xml'))).toBe(true);
  });
});
