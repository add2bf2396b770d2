import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { sitePathOf } from '../../src/emit/link-check.js';
import { siteRootPath } from '../../src/render/layout/not-found-redirect.js';

/**
 * docs.json `errors.404` on a site served under a path (`--site-url https://docs.example.com/docs/`):
 * hosts serve 404.html at any depth, so it is written from the site's root path: its
 * `errors.404.redirect` refresh goes to `/docs/`, its `data-base`, links and description links
 * start there, and the build's link check reads them as the site's own. test/fixtures/settings-errors-404
 * with `redirect` on (its default).
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/settings-errors-404');

let tmp: string;
let root: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-404-subpath-'));
  root = path.join(tmp, 'project');
  await cp(FIXTURE, root, { recursive: true });
  const docs = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as { errors: { 404: Record<string, unknown> } };
  delete docs.errors[404]['redirect'];
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function notFoundPage(name: string, siteUrl?: string) {
  const out = path.join(tmp, name);
  const result = await build({ root, outDir: out, cacheDir: false, ...(siteUrl ? { siteUrl } : {}) });
  return { result, page: await readFile(path.join(out, '404.html'), 'utf8') };
}

const refresh = (html: string) => html.match(/<meta http-equiv="refresh"[^>]*>/g);
const dataBase = (html: string) => /<html[^>]* data-base="([^"]*)"/.exec(html)?.[1];

describe('404.html of a site served under a path', () => {
  it('redirects to the site’s root path and writes every link from there; the link check finds them all', async () => {
    const { result, page } = await notFoundPage('docs', 'https://docs.example.com/docs/');
    expect(result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)).toEqual([]);
    expect(refresh(page)).toEqual(['<meta http-equiv="refresh" content="0; url=/docs/"/>']);
    expect(dataBase(page)).toBe('/docs/');
    // The description's link, the navigation, the assets: all under /docs/.
    expect(page).toContain('Try the <a href="/docs/guides/start/" class="link">guide</a>.');
    // Every URL of the page (stylesheet, scripts, search index, logo, navigation, the description's link).
    expect([...page.matchAll(/ (?:src|href)="([^"]*)"/g)].map((m) => (m[1] as string).replace(/\.[0-9a-f]{10}\./, '.<hash>.'))).toEqual([
      'data:,',
      '/docs/_sheaf/sheaf.<hash>.css',
      '/docs/_sheaf/sheaf.<hash>.js',
      '/docs/_sheaf/search-index.js',
      '#content-area',
      '/docs/',
      '/docs/',
      '/docs/guides/start/',
      '/docs/guides/start/',
      '/docs/',
    ]);
    // None of them reported by the build's link check (it reads 404.html as it reads every page).
    expect(result.diagnostics.filter((d) => d.code === 'build/unresolved-link')).toEqual([]);
  });

  it('takes the path without its trailing slash too, and stays at `/` for a site at the domain root or without a site URL', async () => {
    const bare = await notFoundPage('docs-bare', 'https://docs.example.com/docs');
    expect([refresh(bare.page), dataBase(bare.page)]).toEqual([['<meta http-equiv="refresh" content="0; url=/docs/"/>'], '/docs/']);
    for (const [name, siteUrl] of [['root', 'https://docs.example.com/'], ['none', undefined]] as const) {
      const { page } = await notFoundPage(name, siteUrl);
      expect([name, refresh(page), dataBase(page)]).toEqual([name, ['<meta http-equiv="refresh" content="0; url=/"/>'], '/']);
      expect(page).toContain('Try the <a href="/guides/start/" class="link">guide</a>.');
    }
  });
});

describe('siteRootPath', () => {
  it('is the site URL’s path with one slash each side, `/` otherwise', () => {
    expect(
      ['https://docs.example.com/docs/', 'https://docs.example.com/docs', 'http://h.test/a/b//', 'https://h.test/d%C3%A9j%C3%A0/', 'https://h.test/a b/', 'https://h.test', 'https://h.test/?x=1'].map(siteRootPath),
    ).toEqual(['/docs/', '/docs/', '/a/b/', '/d%C3%A9j%C3%A0/', '/a%20b/', '/', '/']);
    // Never a path a browser reads as another host; nothing from a value that is no http(s) URL.
    expect(['https://h.test//evil.example/', 'https://h.test/\\evil.example/', 'ftp://h.test/docs/', 'docs/', '', undefined].map(siteRootPath)).toEqual(['/evil.example/', '/evil.example/', '/', '/', '/', '/']);
  });

  it('lets the link check read root-absolute links under it as site paths (404.html’s)', () => {
    const site = 'https://docs.example.com/docs/';
    expect(['/docs/guides/start/', '/docs/', '/docs', '/docs?x=1', '/docs#top', '/docsearch/', '/other/'].map((u) => sitePathOf(u, '404.html', site))).toEqual(['guides/start/', '', '', '', '', 'docsearch/', 'other/']);
    // Without a path in the site URL, nothing changes.
    expect(sitePathOf('/docs/a/', '404.html', 'https://docs.example.com/')).toBe('docs/a/');
  });
});
