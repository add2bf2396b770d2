import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import { visit } from 'unist-util-visit';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import { isScriptUrl } from '../../src/render/script-url.js';
import { clientBundle } from '../client/client-bundle.js';

/**
 * A project written as an attacker would: operation summaries and tag names that are markup,
 * page files named like URLs with a scheme, `%`, `&`, backticks and brackets, `x-mint.href` and
 * redirect sources that climb out of the output folder or name what no file system holds, and
 * `javascript:` links everywhere docs.json takes one. Every output file is parsed: no markup is
 * injected, every link resolves to a file of the output folder, nothing is written outside it.
 */

const SCRIPT = '<script>alert(1)</script>';
/** The only other inline script of a page: Sheaf's head script (src/client/theme-head.ts, bundled). */
const HEAD_SCRIPT = clientBundle('theme-head').trimEnd();
const IMG = '"><img src=x onerror=alert(1)>';
const TAG_IMG = '<img src=x onerror=alert(1)>';
const TAG_SVG = '"><svg onload=alert(1)>';
/** 150 two-byte characters: a 300-byte segment. */
const LONG = 'é'.repeat(150);
/** The longest last segment a route may have: 252 bytes (its Markdown copy adds `.md`). */
const AT_LIMIT = 'a'.repeat(252);

const DOCS = {
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: `Acme ${SCRIPT}`,
  colors: { primary: '#0f766e' },
  logo: { light: '/logo.svg', dark: '/logo.svg', href: ' javascript:alert(1)' },
  banner: { content: `Read [the news](javascript:alert(1)) ${TAG_IMG}` },
  navbar: { links: [{ label: `X ${SCRIPT}`, href: 'javascript:alert(1)' }, { label: 'Good', href: 'https://example.com/' }] },
  footer: { links: [{ header: `H ${SCRIPT}`, items: [{ label: 'F', href: 'JaVaScRiPt:alert(2)' }, { label: 'G', href: '/weird/a&b' }] }] },
  redirects: [
    { source: `/old${IMG}`, destination: '/javascript:alert(1)' },
    { source: '/../../escape-redirect', destination: '/' },
    { source: '/gone//twice', destination: '/' },
    { source: `/${LONG}`, destination: '/' },
    { source: '/to-script', destination: 'java\tscript:alert(3)' },
  ],
  navigation: {
    groups: [
      { group: `Guides ${SCRIPT}`, pages: ['index', 'javascript:alert(1)', 'weird/a&b', 'weird/`code`[x]:%', 'weird/100%41', 'weird/q?x#y'] },
      { group: `API ${TAG_IMG}`, openapi: 'openapi.json' },
    ],
  },
};

const op = (summary: string, extra: Record<string, unknown> = {}) => ({ summary, responses: { '200': { description: 'ok' } }, ...extra });
const OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Hostile', version: '1' },
  paths: {
    '/a': {
      get: op(SCRIPT, { tags: [TAG_IMG], description: 'See [this](javascript:alert(1)) and <a href="&#106;avascript:alert(1)">that</a>.' }),
      post: op(IMG, { tags: [TAG_SVG] }),
      put: op('Übersicht & Co: 100%?', { tags: ['Tag'] }),
    },
    '/escape': {
      get: op('climb', { 'x-mint': { href: '/api/../../../escape-op' } }),
      put: op('dot', { 'x-mint': { href: '/api/./z' } }),
      post: op('empty', { 'x-mint': { href: '/api//empty' } }),
      delete: op('nul', { 'x-mint': { href: '/api/nul\u0000x' } }),
      patch: op('long', { 'x-mint': { href: `/api/${LONG}/x` } }),
      options: op('over', { 'x-mint': { href: `/api/${AT_LIMIT}b` } }),
      head: op('at limit', { 'x-mint': { href: `/api/${AT_LIMIT}` } }),
    },
  },
};

const PAGES: Record<string, string> = {
  'index.mdx': `---\ntitle: Home ${SCRIPT}\n---\n\n## {${JSON.stringify(TAG_IMG)}}\n\n[ok](/weird/a&b) [colon](/javascript:alert(1)) [percent](/weird/100%2541)\n`,
  'javascript:alert(1).mdx': '---\ntitle: Scheme-like\n---\n\nA page named like a URL with a scheme.\n',
  'weird/a&b.mdx': '---\ntitle: Ampersand\n---\n\nhello\n',
  'weird/`code`[x]:%.mdx': '---\ntitle: Code\n---\n\nhello\n',
  'weird/100%41.mdx': '---\ntitle: Percent\n---\n\nhello\n',
  'weird/q?x#y.mdx': '---\ntitle: Query\n---\n\nhello\n',
};

/** Every file under `dir`, relative, POSIX. */
async function walk(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** The 1-based line of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('build: hostile routes, titles and links', () => {
  let work: string;
  let root: string;
  let out: string;
  let result: BuildResult;
  let files: string[];
  const docsText = `${JSON.stringify(DOCS, null, 2)}\n`;
  const openapiText = `${JSON.stringify(OPENAPI, null, 2)}\n`;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'sheaf-hostile-'));
    root = path.join(work, 'project');
    out = path.join(work, 'deep', 'site');
    await mkdir(path.join(root, 'weird'), { recursive: true });
    await writeFile(path.join(root, 'docs.json'), docsText);
    await writeFile(path.join(root, 'openapi.json'), openapiText);
    await writeFile(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const [file, text] of Object.entries(PAGES)) await writeFile(path.join(root, file), text);
    result = await build({ root, outDir: out, cacheDir: false, siteUrl: 'https://docs.example.com/' });
    files = await walk(out);
  }, 60_000);

  /** Resolves a link written in the output file `from` to a path on disk (decoded as a browser and a static host do). */
  const resolveLink = (from: string, href: string): string => {
    // 404.html is served at any depth, so its links are root-absolute.
    const base = from === '404.html' ? pathToFileURL(`${out}/`) : pathToFileURL(path.join(out, from));
    const url = new URL(href.startsWith('/') ? href.slice(1) : href, base);
    const target = fileURLToPath(url);
    return url.pathname.endsWith('/') ? path.join(target, 'index.html') : target;
  };
  const inside = (file: string) => !path.relative(out, file).startsWith('..');

  it('reports each unwritable route and each javascript: link, where it was written', () => {
    const found = result.diagnostics
      .filter((d) => d.code === 'nav/unwritable-route' || d.code === 'build/script-url')
      .map((d) => [d.code, d.file, d.line]);
    const api = (needle: string) => lineOf(openapiText, needle);
    const docs = (needle: string) => lineOf(docsText, needle);
    expect(found).toEqual(
      [
        ['build/script-url', 'docs.json', docs('" javascript:alert(1)"')],
        ['build/script-url', 'docs.json', docs('"content"')],
        ['build/script-url', 'docs.json', docs('"href": "javascript:alert(1)"')],
        ['build/script-url', 'docs.json', docs('JaVaScRiPt')],
        ['nav/unwritable-route', 'docs.json', docs('escape-redirect')],
        ['nav/unwritable-route', 'docs.json', docs('/gone//twice')],
        ['nav/unwritable-route', 'docs.json', docs(`"/${LONG}"`)],
        ['build/script-url', 'docs.json', docs('java\\tscript')],
        ['build/script-url', 'openapi.json', api('"description": "See')],
        ['build/script-url', 'openapi.json', api('"description": "See')],
        ['nav/unwritable-route', 'openapi.json', api('escape-op')],
        ['nav/unwritable-route', 'openapi.json', api('/api/./z')],
        ['nav/unwritable-route', 'openapi.json', api('/api//empty')],
        ['nav/unwritable-route', 'openapi.json', api('/api/nul')],
        ['nav/unwritable-route', 'openapi.json', api(`/api/${LONG}`)],
        ['nav/unwritable-route', 'openapi.json', api(`/api/${AT_LIMIT}b`)],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || Number(a[2]) - Number(b[2])),
    );
    const messages = result.diagnostics.filter((d) => d.code === 'nav/unwritable-route').map((d) => d.message);
    expect(messages).toContain("`GET /escape` would be published at `/api/../../../escape-op`, whose segment `..` names the parent folder; its page is not written.");
    expect(messages).toContain('`DELETE /escape` would be published at `/api/nul\\0x`, whose segment `nul\\0x` holds a NUL character; its page is not written.');
    expect(messages.find((m) => m.startsWith('`OPTIONS /escape`'))).toMatch(/is 253 bytes long in UTF-8; a file name holds at most 252 here/);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(Array(9).fill('nav/unwritable-route'));
  });

  it('writes nothing outside the output folder, and no page for an unwritable route', async () => {
    expect((await readdir(work)).sort()).toEqual(['deep', 'project']);
    expect(await readdir(path.join(work, 'deep'))).toEqual(['site']);
    expect(files.some((f) => f.includes('escape'))).toBe(false);
    const routes = (result.site?.pages ?? []).map((p) => p.route);
    expect(routes.filter((r) => r.startsWith('/api/'))).toEqual([`/api/${AT_LIMIT}`]);
    for (const route of routes) expect(files, route).toContain(route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
    expect(routes).toContain('/api-reference/<img-src=x-onerror=alert1>/<script>alert1<script>');
    expect(routes).toContain('/api-reference/tag/übersicht-&-co:-100%?');
    expect(routes).toContain('/javascript:alert(1)');
  });

  it('parses every HTML file without an injected element, attribute or script link, and every link reaches a file', async () => {
    const html = files.filter((f) => f.endsWith('.html'));
    // 10 pages, 404.html and the two redirect pages that could be written.
    expect(html).toHaveLength(13);
    let links = 0;
    let jsonLd = 0;
    const reached = new Set<string>();
    for (const file of html) {
      const tree: Root = fromHtml(await readFile(path.join(out, file), 'utf8'));
      visit(tree, 'element', (node: Element) => {
        for (const [name, value] of Object.entries(node.properties)) {
          expect(name, `${file}: <${node.tagName} ${name}>`).not.toMatch(/^on/i);
          if (typeof value === 'string') expect(isScriptUrl(value), `${file}: ${name}=${value}`).toBe(false);
        }
        expect(node.tagName === 'img' && node.properties['src'] === 'x', file).toBe(false);
        if (node.tagName === 'script') {
          const text = toText(node);
          const src = node.properties['src'];
          if (typeof src === 'string') expect(existsSync(resolveLink(file, src)), `${file}: ${src}`).toBe(true);
          else if (text.startsWith('location.replace(')) {
            const target = JSON.parse(/^location\.replace\(("(?:[^"\\]|\\.)*")(\+location\.hash)?\)$/.exec(text)?.[1] ?? '""') as string;
            expect(existsSync(resolveLink(file, target)), `${file}: ${target}`).toBe(true);
          } else if (node.properties['type'] === 'application/ld+json') {
            // The page's JSON-LD graph: the hostile site name, titles and group names in it are
            // \u003c… escapes, never markup, and it parses back.
            expect(text, file).not.toMatch(/[<>&]/);
            const graph = (JSON.parse(text) as { '@graph': Record<string, unknown>[] })['@graph'];
            expect(graph, file).toHaveLength(5);
            expect(graph[0]?.['name'], file).toBe('Acme <script>alert(1)</script>');
            jsonLd += 1;
          } else expect(text, file).toBe(HEAD_SCRIPT);
        }
        const href = node.tagName === 'a' ? node.properties['href'] : undefined;
        if (typeof href !== 'string' || /^([a-z][a-z\d+.-]*:|#|\/\/)/i.test(href)) return;
        const target = resolveLink(file, href.replace(/[?#].*$/, ''));
        expect(inside(target) && existsSync(target) && statSync(target).isFile(), `${file}: ${href}`).toBe(true);
        reached.add(path.relative(out, target).split(path.sep).join('/'));
        links += 1;
      });
    }
    expect(links).toBe(143);
    // One graph on each of the 10 pages; none on 404.html and the redirect pages.
    expect(jsonLd).toBe(10);
    // Every page is reached by some link of the site.
    for (const p of result.site?.pages ?? []) expect(reached, p.route).toContain(p.route === '/' ? 'index.html' : `${p.route.slice(1)}/index.html`);
  });

  it('shows hostile summaries, tags and titles as text', async () => {
    const page = fromHtml(await readFile(path.join(out, 'api-reference/<img-src=x-onerror=alert1>/<script>alert1<script>/index.html'), 'utf8'));
    const texts: Record<string, string[]> = { title: [], h1: [], 'sheaf-nav-group-title': [] };
    visit(page, 'element', (node: Element) => {
      if (node.tagName === 'title' || node.tagName === 'h1') texts[node.tagName]?.push(toText(node));
      const cls = node.properties['className'];
      if (Array.isArray(cls) && cls.includes('sheaf-nav-group-title')) texts['sheaf-nav-group-title']?.push(toText(node));
    });
    expect(texts['title']).toEqual([`${SCRIPT} — Acme ${SCRIPT}`]);
    expect(texts['h1']).toEqual([SCRIPT]);
    expect(texts['sheaf-nav-group-title']).toEqual(expect.arrayContaining([`Guides ${SCRIPT}`, `API ${TAG_IMG}`, TAG_IMG, TAG_SVG]));
    const home = await readFile(path.join(out, 'index.html'), 'utf8');
    // The page named `javascript:alert(1)` is linked by a path, never read as a scheme.
    expect(home).toContain('href="javascript%3Aalert%281%29/"');
    expect(home).toContain('href="weird/100%2541/"');
    expect(home).toContain('href="weird/q%3Fx%23y/"');
    expect(home).toContain('data-route="/"');
    expect(await readFile(path.join(out, 'weird/a&b/index.html'), 'utf8')).toContain('data-route="/weird/a%26b"');
  });

  it('keeps sitemap.xml, llms.txt, llms-full.txt and _redirects free of markup, every link resolving', async () => {
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    expect(new Set([...sitemap.matchAll(/<\/?([?\w]+)/g)].map((m) => m[1]))).toEqual(new Set(['?xml', 'urlset', 'url', 'loc']));
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);
    expect(locs).toHaveLength((result.site?.pages ?? []).length);
    for (const loc of locs) {
      expect(loc).toMatch(/^https:\/\/docs\.example\.com\/[\w\-.~%/!*'()]*$/);
      expect(existsSync(resolveLink('404.html', `${new URL(loc).pathname}index.html`)), loc).toBe(true);
    }
    const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
    expect(llms.replace(/\\[<>[\]&`*_\\]/g, '')).not.toMatch(/[<>]/);
    expect(llms).toContain('# Acme \\<script\\>alert(1)\\</script\\>');
    const targets = [...llms.matchAll(/\]\(([^)\s]+\.md)\)/g)].map((m) => m[1] as string);
    expect(targets).toHaveLength((result.site?.pages ?? []).length);
    for (const t of targets) expect(existsSync(resolveLink('404.html', t)), t).toBe(true);
    const full = await readFile(path.join(out, 'llms-full.txt'), 'utf8');
    expect([...full.matchAll(/<!-- (.*?) -->/g)].map((m) => m[1])).toContain('/api-reference/%3Cimg-src%3Dx-onerror%3Dalert1%3E/%3Cscript%3Ealert1%3Cscript%3E');
    const redirects = (await readFile(path.join(out, '_redirects'), 'utf8')).trimEnd().split('\n');
    expect(redirects).toEqual([
      '/old%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E /javascript%3Aalert%281%29 308',
      '/../../escape-redirect / 308',
      '/gone//twice / 308',
      `/${encodeURIComponent(LONG)} / 308`,
    ]);
    // The redirect page of a source with markup is written under its name as given, and the
    // redirect to a script URL links nowhere.
    expect(files).toContain('old"><img src=x onerror=alert(1)>/index.html');
    const toScript = await readFile(path.join(out, 'to-script/index.html'), 'utf8');
    expect(toScript).toContain('<p>This page has moved.</p>');
    expect(toScript).not.toMatch(/refresh|location|href/);
  });

  it('lists URL paths in the search index that resolve to the pages, with no markup in the script', async () => {
    const script = await readFile(path.join(out, '_sheaf/search-index.js'), 'utf8');
    // Data only (no code since format 2): no `<` anywhere that could read as markup.
    expect(script.startsWith('window.__SHEAF_SEARCH__={"version":2,')).toBe(true);
    expect(script).not.toContain('<');
    const sandbox = { window: {} as { __SHEAF_SEARCH__?: { pages: [string, string, string, string][] } } };
    runInNewContext(script, sandbox);
    const pages = sandbox.window.__SHEAF_SEARCH__?.pages ?? [];
    expect(pages.map((p) => p[1])).toContain(SCRIPT);
    for (const [urlPath] of pages) expect(existsSync(resolveLink('404.html', urlPath === '/' ? '/index.html' : `${urlPath}/index.html`)), urlPath).toBe(true);
  });
});
