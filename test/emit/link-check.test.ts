import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Element } from 'hast';
import { visit } from 'unist-util-visit';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import { checkBuiltSite, cssUrls, htmlUrls, markdownUrls, sitePathOf } from '../../src/emit/link-check.js';
import { firstNavigationRoute } from '../../src/emit/site-root.js';
import type { NavRoot } from '../../src/model/site.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The elements of a document with one of the tag names, in document order. */
function elements(html: string, ...tags: string[]): Element[] {
  const out: Element[] = [];
  visit(fromHtml(html), 'element', (e: Element) => {
    if (tags.includes(e.tagName)) out.push(e);
  });
  return out;
}

async function site(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-link-check-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

describe('link check: what it reads', () => {
  it('HTML: link attributes, srcset, style url(), <style>, meta refresh; never text, scripts or comments', () => {
    const html =
      '<link rel="stylesheet" href="a.css"><style>.x{background:url("s.png")}</style><script>var a = "<a href=\'no.html\'>";</script>' +
      '<meta http-equiv="Refresh" content="0; URL=\'../moved/\'">' +
      '<a href="p/">p</a><img src="i.png" srcset="i1.png 1x, i2.png 2x"><video poster="v.png"></video><div style="background-image: url(d.png)"></div>' +
      '<svg><use xlink:href="sprite.svg#i"></use></svg><object data="o.pdf"></object><form action="f/"><button formaction="b/">b</button></form>' +
      '<!-- <a href="comment.html"> --><pre><code>href="/code"</code></pre><textarea><a href="ta.html"></textarea><title><a href="t.html"></title>';
    expect(htmlUrls(html)).toEqual(['a.css', 's.png', '../moved/', 'p/', 'i.png', 'i1.png', 'i2.png', 'v.png', 'd.png', 'sprite.svg#i', 'o.pdf', 'f/', 'b/']);
  });

  it('CSS: a font face loads the first source it can: only that one is a link', () => {
    expect(cssUrls('@font-face{font-family:K;src:url(k.woff2) format("woff2"),url(k.woff) format("woff")} .a{background:url(a.png),url(b.png)}')).toEqual(['k.woff2', 'a.png', 'b.png']);
  });

  it('CSS: url() in any quoting and @import; comments are not links', () => {
    expect(cssUrls('@import "base.css"; @import url(more.css); /* url(no.png) */ .a{src:url(a.woff2) format("woff2"),url( \'b.woff\' )} .b{background:url("c\\).png")}')).toEqual([
      'a.woff2',
      'b.woff',
      'c).png',
      'base.css',
      'more.css',
    ]);
  });

  it('Markdown: links, images and definitions; not code', () => {
    expect(markdownUrls('[a](a.md) ![i](/i.png) [r][x]\n\n[x]: ./x.md\n\n`[c](c.md)`\n\n```\n[d](d.md)\n```\n')).toEqual(['a.md', '/i.png', './x.md']);
  });

  it('site paths: relative to the file, site URL prefix, schemes and fragments left out', () => {
    expect(sitePathOf('../b/', 'a/x/index.html')).toBe('a/b/');
    expect(sitePathOf('/images/a%201.png?x#y', 'a/index.html')).toBe('images/a 1.png');
    expect(sitePathOf('https://docs.example.com/a/', 'sitemap.xml', 'https://docs.example.com/')).toBe('a/');
    expect(sitePathOf('https://docs.example.com', 'sitemap.xml', 'https://docs.example.com/')).toBe('');
    for (const url of ['#top', '', 'https://x.test/a', '//cdn.test/a', 'mailto:a@b.test', 'data:,x', 'javascript:void(0)']) expect(sitePathOf(url, 'a/index.html')).toBeUndefined();
  });
});

describe('link check over a written site', () => {
  it('resolves as a static host does and lists every link that reaches no file', async () => {
    const dir = await site({
      'index.html': '<a href="a/">a</a><a href="a">a without slash</a><a href="./">root</a><a href="b/">missing</a><img src="img/x.png"><img srcset="img/x.png 1x, img/y.png 2x">',
      'a/index.html': '<a href="../">up</a><a href="../a/#f">self</a><link href="../style.css" rel="stylesheet"><a href="https://x.test/">ext</a>',
      '404.html': '<a href="/">home</a><a href="/nope/">nope</a>',
      'style.css': '.a{background:url(img/x.png)} .b{background:url(img/z.png)}',
      'img/x.png': 'x',
      'a.md': '[up](./index.md) [x](/img/x.png) [gone](/img/gone.png)',
      'index.md': '# Home',
      'llms.txt': '- [A](a.md)\n- [B](b.md)\n',
      'sitemap.xml': '<urlset><url><loc>https://d.test/a/</loc></url><url><loc>https://d.test/c/</loc></url></urlset>',
      _redirects: '/old /a/ 308\n/older /gone 308\n/w/* /a/:splat 308\n/x/:page /y/:page 308\n',
    });
    const check = await checkBuiltSite(dir, { siteUrl: 'https://d.test/' });
    expect(check.unresolved).toEqual([
      { file: '404.html', url: '/nope/', path: 'nope/' },
      { file: '_redirects', url: '/gone', path: 'gone' },
      { file: 'a.md', url: '/img/gone.png', path: 'img/gone.png' },
      { file: 'index.html', url: 'b/', path: 'b/' },
      { file: 'index.html', url: 'img/y.png', path: 'img/y.png' },
      { file: 'llms.txt', url: 'b.md', path: 'b.md' },
      { file: 'sitemap.xml', url: 'https://d.test/c/', path: 'c/' },
      { file: 'style.css', url: 'img/z.png', path: 'img/z.png' },
    ]);
    // 7 (index.html: 4 hrefs, a src, 2 srcset URLs) + 3 (a/index.html, the external link left out) + 2 (404) + 2 (css)
    // + 3 (a.md) + 2 (llms.txt) + 2 (sitemap) + 2 (_redirects: the rules with placeholders are not paths).
    expect(check.checked).toBe(23);
  });
});

describe('the page at / (item 3)', () => {
  const page = (route: string, hidden = false) => ({ type: 'page' as const, route, title: route, ...(hidden ? { hidden } : {}) });
  it('is the first page of the navigation: hidden parts skipped, a group root first, the default version first', () => {
    const nav: NavRoot = {
      type: 'root',
      children: [
        { type: 'version', title: 'v1', children: [{ type: 'group', title: 'G', children: [page('/v1/a')] }] },
        {
          type: 'version',
          title: 'v2',
          default: true,
          children: [
            { type: 'group', title: 'Hidden', hidden: true, children: [page('/v2/hidden')] },
            { type: 'group', title: 'Empty', children: [page('/v2/h', true)] },
            { type: 'group', title: 'Rooted', root: '/v2/root', children: [page('/v2/b')] },
          ],
        },
      ],
    };
    expect(firstNavigationRoute(nav)).toBe('/v2/root');
    expect(firstNavigationRoute({ type: 'root', children: [nav.children[0] as NavRoot['children'][number]] })).toBe('/v1/a');
    expect(firstNavigationRoute({ type: 'root', children: [{ type: 'group', title: 'G', children: [page('/x', true)] }] })).toBeUndefined();
  });
});

describe('build: links of a project with relative links and no index page (test/fixtures/links-site)', () => {
  let out: string;
  let result: BuildResult;
  const read = (f: string) => readFile(path.join(out, f), 'utf8');
  beforeAll(async () => {
    out = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-links-site-')), 'site');
    result = await build({ root: path.join(REPO, 'test/fixtures/links-site'), outDir: out, cacheDir: false });
  }, 60_000);

  it('reports each broken link once: the page ones where written, the rest from the link check', () => {
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      ['build/no-site-url', 'docs.json', undefined, undefined, 'sitemap.xml lists root-relative paths because no site URL was given.'],
      ['build/unresolved-link', 'docs.json', 1, 1, '`/no-such-page` in `_redirects`, `moved/index.html` leads to `/no-such-page`, where the site has no page and no file.'],
      ['build/unresolved-link', 'docs.json', 1, 1, '`/nowhere/` in `404.html`, `guides/index.html`, `index.html` and 3 more files leads to `/nowhere`, where the site has no page and no file.'],
      ['build/broken-link', 'telephony/daily-sip.mdx', 11, 16, '`./nope` on page `/telephony/daily-sip` links to no page of the site.'],
      ['build/missing-asset', 'telephony/exotel-websockets.mdx', 5, 66, '`/images/missing.png` on page `/telephony/exotel-websockets` is not a file of the project; it is left out.'],
    ]);
    expect(result.stats?.links).toEqual({ checked: 110, unresolved: 14 });
  });

  it('writes index.html with the first navigation page, its canonical pointing at the page', async () => {
    const index = await read('index.html');
    expect(index).toContain('<link rel="canonical" href="intro/welcome/"/>');
    expect(index).toContain('href="telephony/daily-sip/"');
    expect(index).toContain('src="images/logo.svg"');
    const page = await read('intro/welcome/index.html');
    expect(page).not.toContain('rel="canonical"');
    expect(page).toContain('href="../../telephony/daily-sip/"');
    // The logo and the 404 page link to `/`, which now has a file.
    expect((await checkBuiltSite(out)).unresolved.filter((u) => u.path === '')).toEqual([]);
  });

  it('resolves relative links and images against the page URL without a trailing slash, in snippets too', async () => {
    const article = elements(await read('telephony/daily-sip/index.html'), 'a', 'img').map((e) => String(e.properties['href'] ?? e.properties['src']));
    expect(article).toEqual(
      expect.arrayContaining(['../../telephony/exotel-websockets/', '../../old', '../../telephony/images/open-source-cloud.png', '../../telephony/nope']),
    );
    expect(await read('telephony/daily-sip/index.html')).toContain('From a snippet: <a href="../../telephony/exotel-websockets/">Exotel</a>');
    expect(await read('telephony/exotel-websockets/index.html')).toContain('<a href="../../telephony/daily-sip/#setup">Daily SIP</a>');
    // An index page: `./intro/welcome` on /guides is /intro/welcome, as a browser reads it.
    expect(await read('guides/index.html')).toContain('<a href="../intro/welcome/">welcome</a>');
  });

  it('keeps code samples byte for byte as written', async () => {
    expect(elements(await read('telephony/daily-sip/index.html'), 'pre').map((p) => toText(p, { whitespace: 'pre' }))).toEqual([
      '<Card title="Card title" href="/telephony/exotel-websockets" img="./images/open-source-cloud.png">\n  [x](./nope)\n</Card>',
    ]);
  });
});

describe('build: a project whose links all resolve', () => {
  it('gives no build/unresolved-link and checks every link', async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-links-ok-')), 'site');
    const r = await build({ root: path.join(REPO, 'fixtures/example'), outDir: out, cacheDir: false });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['build/no-site-url']);
    expect(r.stats?.links.unresolved).toBe(0);
    expect((await checkBuiltSite(out)).unresolved).toEqual([]);
  }, 60_000);
});
