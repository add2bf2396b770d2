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
import { llmsFullUrls, renderLlmsFull } from '../../src/emit/site-files.js';
import { rewriteMarkdownLinks } from '../../src/render/links/markdown-links.js';
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
      'llms-full.txt': '# Site\n\n<!-- /a -->\n[up](/) [x](/img/x.png) [gone](/img/gone-full.png) [^1]\n\n[^1]: /not-a-link\n',
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
      { file: 'llms-full.txt', url: '/img/gone-full.png', path: 'img/gone-full.png' },
      { file: 'llms.txt', url: 'b.md', path: 'b.md' },
      { file: 'sitemap.xml', url: 'https://d.test/c/', path: 'c/' },
      { file: 'style.css', url: 'img/z.png', path: 'img/z.png' },
    ]);
    // 7 (index.html: 4 hrefs, a src, 2 srcset URLs) + 3 (a/index.html, the external link left out) + 2 (404) + 2 (css)
    // + 3 (a.md) + 2 (llms.txt) + 3 (llms-full.txt: a GFM footnote is no link definition) + 2 (sitemap)
    // + 2 (_redirects: the rules with placeholders are not paths).
    expect(check.checked).toBe(26);
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
  /** The hrefs of the links in a written page's content (`#content`) whose text is `text`, in document order. */
  const hrefsOf = async (file: string, text: string) => {
    const out: unknown[] = [];
    for (const content of elements(await read(file), 'div').filter((d) => d.properties['id'] === 'content'))
      visit(content, 'element', (a: Element) => {
        if (a.tagName === 'a' && toText(a) === text) out.push(a.properties['href']);
      });
    return out;
  };
  beforeAll(async () => {
    out = path.join(await mkdtemp(path.join(tmpdir(), 'sheaf-links-site-')), 'site');
    result = await build({ root: path.join(REPO, 'test/fixtures/links-site'), outDir: out, cacheDir: false });
  }, 60_000);

  it('reports each broken link once: the page ones where written, the rest from the link check', async () => {
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      ['build/no-site-url', 'docs.json', undefined, undefined, 'sitemap.xml lists root-relative paths because no site URL was given.'],
      ['build/unresolved-link', 'docs.json', 1, 1, '`/no-such-page` in `_redirects`, `moved/index.html` leads to `/no-such-page`, where the site has no page and no file.'],
      ['build/unresolved-link', 'docs.json', 1, 1, '`/nowhere/` in `404.html`, `guides/index.html`, `index.html` and 3 more files leads to `/nowhere`, where the site has no page and no file.'],
      ['build/broken-link', 'telephony/daily-sip.mdx', 11, 16, '`./nope` on page `/telephony/daily-sip` links to no page of the site.'],
      ['build/missing-asset', 'telephony/exotel-websockets.mdx', 5, 66, '`/images/missing.png` on page `/telephony/exotel-websockets` is not a file of the project; it is left out.'],
    ]);
    // Unresolved: /nowhere (navbar) on 9 pages and documents, /no-such-page in `_redirects` and its
    // page, and the broken link and the missing image each in the page, its Markdown copy and llms-full.txt.
    // Checked: 133 links, and the home page 404.html refreshes to (docs.json `errors.404.redirect`, on by default).
    expect(result.stats?.links).toEqual({ checked: 134, unresolved: 16 });
    expect((await checkBuiltSite(out)).unresolved.filter((u) => u.file === 'llms-full.txt')).toEqual([
      { file: 'llms-full.txt', url: '/telephony/nope', path: 'telephony/nope' },
      { file: 'llms-full.txt', url: '/images/missing.png', path: 'images/missing.png' },
    ]);
  });

  it('redirect destinations are read as Mintlify reads page paths: /x/index, .mdx and letter case lead to the page', async () => {
    // docs.json: /guides-old → /guides/index#top, /calls → /Telephony/Daily-SIP.mdx (pages /guides, /telephony/daily-sip).
    expect(await read('_redirects')).toBe(
      '/old /telephony/daily-sip 308\n/moved /no-such-page 308\n/guides-old /guides#top 308\n/calls /telephony/daily-sip 308\n',
    );
    const refresh = async (file: string) =>
      elements(await read(file), 'meta')
        .filter((m) => String(m.properties['httpEquiv']) === 'refresh')
        .map((m) => String(m.properties['content']));
    expect(await refresh('guides-old/index.html')).toEqual(['0; url=../guides/#top']);
    expect(await refresh('calls/index.html')).toEqual(['0; url=../telephony/daily-sip/']);
    expect(await refresh('old/index.html')).toEqual(['0; url=../telephony/daily-sip/']);
    // A destination that is no page keeps its path, and the link check reports it.
    expect(await refresh('moved/index.html')).toEqual(['0; url=../no-such-page']);
  });

  it('the Markdown copies name a page by its path (/guides/index.mdx is /guides); llms-full.txt, read from the root, has root-absolute links', async () => {
    expect(await read('intro/welcome.md')).toBe(
      '# Welcome\n\nStart with [Daily SIP](../telephony/daily-sip) or the [guides](/guides), also written [as its file](/guides).\n\n![Logo](/images/logo.svg)\n',
    );
    const full = await read('llms-full.txt');
    expect(full).toContain('<!-- /intro/welcome -->\n# Welcome\n\nStart with [Daily SIP](/telephony/daily-sip) or the [guides](/guides), also written [as its file](/guides).');
    expect(full).toContain('See [Exotel](/telephony/exotel-websockets) and [the old page](/old).\n\n![Cloud](/telephony/images/open-source-cloud.png)\n\nA [broken one](/telephony/nope).');
    // The code sample keeps its text.
    expect(full).toContain('<Card title="Card title" href="/telephony/exotel-websockets" img="./images/open-source-cloud.png">\n  [x](./nope)\n</Card>');
    expect(await hrefsOf('intro/welcome/index.html', 'as its file')).toEqual(['../../guides/']);
  });

  it('writes index.html with the first navigation page, its canonical pointing at the page, data-current-path "/"', async () => {
    const index = await read('index.html');
    const html = (doc: string) => elements(doc, 'html').map((e) => [e.properties['dataRoute'], e.properties['dataCurrentPath']]);
    expect(html(index)).toEqual([['/intro/welcome', '/']]);
    expect(html(await read('intro/welcome/index.html'))).toEqual([['/intro/welcome', '/intro/welcome']]);
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
    const snippet = elements(await read('telephony/daily-sip/index.html'), 'p').filter((p) => toText(p).startsWith('From a snippet:'));
    expect(snippet.flatMap((p) => p.children.filter((c): c is Element => c.type === 'element').map((a) => a.properties['href']))).toEqual(['../../telephony/exotel-websockets/']);
    expect(await hrefsOf('telephony/exotel-websockets/index.html', 'Daily SIP')).toEqual(['../../telephony/daily-sip/#setup']);
    // An index page: `./intro/welcome` on /guides is /intro/welcome, as a browser reads it.
    expect(await hrefsOf('guides/index.html', 'welcome')).toEqual(['../intro/welcome/']);
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

describe('URLs known without reading the file again (issue 14)', () => {
  const targets = { routes: new Set(['/', '/a', '/b']), files: new Set<string>(), redirects: new Set<string>() };
  const part = (route: string, markdown: string) => {
    const copy = rewriteMarkdownLinks(markdown, route, targets);
    return { route, markdown: copy.full, ...(copy.urls ? { urls: copy.urls.full } : {}) };
  };

  it('llms-full.txt: from its parts, the URLs a whole read finds', () => {
    const copies = [part('/a', '# A\n\n[b](./b) ![i](img/x.png)\n\n[d]: /d\n'), part('/b', 'No links here.\n'), part('/c', '   Indented start [x](/x)'), part('/d', '- [item](/item)\n\n  ```\n  open in a list')];
    const text = renderLlmsFull('Site [name](/name)', copies, 'Ask [us](/us).');
    expect(llmsFullUrls('Site [name](/name)', copies, 'Ask [us](/us).')).toEqual(markdownUrls(text));
    expect(markdownUrls(text)).toEqual(['/name', '/b', '/img/x.png', '/d', '/x', '/item', '/us']);
  });

  it('llms-full.txt: a copy trimmed of more than Markdown white space, and the last copy beside the instructions, are read as the reader reads them', () => {
    const copies = [part('/a', '[a]: /x "t"\u00a0'), part('/b', '[[ref]](/missing)')];
    const text = renderLlmsFull('Site', copies, '[ref]: /r');
    expect(llmsFullUrls('Site', copies, '[ref]: /r')).toEqual(['/x', '/r']);
    expect(markdownUrls(text)).toEqual(['/x', '/r']);
  });

  it('llms-full.txt: none when a part leaves a block open (only a whole read tells)', () => {
    expect(llmsFullUrls('Site', [part('/a', '[b](/b)\n\n```\nopen'), part('/b', '[a](/a)')])).toBeUndefined();
    expect(llmsFullUrls('Site', [part('/a', 'no links\n\n<!-- open'), part('/b', '[a](/a)')])).toBeUndefined();
  });

  it('a build checks its Markdown copies and llms-full.txt from what it wrote: the same links as reading the written site', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sheaf-known-urls-'));
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({ theme: 'mint', name: 'K', colors: { primary: '#0D9373' }, markdown: { instructions: 'See [the guide](/guide) and [missing](/nowhere).\n\n[ref]: https://example.com' }, navigation: { groups: [{ group: 'G', pages: ['index', 'guide', 'open-fence', 'autolink', 'refs'] }, { group: 'API', openapi: 'openapi.json' }] } }),
      // Under the site's address an autolink names the site; a definition in the instructions turns
      // `[[ref]](/missing)` into no link; a trailing no-break space ends a definition only until trimmed.
      'autolink.mdx': '---\ntitle: Autolink\n---\n\nSee https://docs.example.test/gone and https://docs.example.test/guide.\n',
      'refs.mdx': '---\ntitle: Refs\n---\n\n[[ref]](/missing)\n\n[a]: /x "t"\u00a0',
      'index.mdx': '---\ntitle: Home\n---\n\n[Guide](/guide) ![logo](/missing.png)\n\n[ref]: /nope\n',
      'guide.mdx': '---\ntitle: Guide\n---\n\nNo links.\n',
      'open-fence.mdx': '---\ntitle: Open\n---\n\n[Home](/)\n\n```text\nnever closed [x](/in-code)\n',
      'openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/pets': { get: { summary: 'List pets', description: 'See [the guide](/guide) and [gone](/gone).', responses: { '200': { description: 'OK, [docs](/guide)' } } } } } }),
    };
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(root, file), text);
    const out = path.join(root, '_site');
    const siteUrl = 'https://docs.example.test/';
    const r = await build({ root, outDir: out, cacheDir: false, siteUrl });
    const read = await checkBuiltSite(out, { siteUrl });
    expect(r.stats?.links).toEqual({ checked: read.checked, unresolved: read.unresolved.length });
    expect(read.unresolved.filter((u) => u.file.endsWith('.md') || u.file === 'llms-full.txt').length).toBeGreaterThan(4);
    expect(read.unresolved.filter((u) => u.url === 'https://docs.example.test/gone').map((u) => u.file).sort()).toEqual(['autolink.md', 'autolink/index.html', 'llms-full.txt']);
  }, 60_000);
});

describe('llms-full.txt is read copy by copy', () => {
  it('finds the links a whole read finds, also when a copy shows the separator in a code sample or an HTML block', async () => {
    const copy = (route: string, body: string) => `<!-- ${route} -->\n${body}`;
    const text =
      [
        '# Site',
        copy('/a', '[b](/b) ![i](/img/missing.png)\n\n[d]: /d'),
        copy('/b', '````md\nA sample of this file:\n\n---\n\n<!-- /x -->\n[in code](/code)\n````\n\n[after](/after) [ref][d]'),
        copy('/c', '<pre>\n\n---\n\n<!-- /y -->\n[in html](/html)\n</pre>\n\n- [item](/item)'),
      ].join('\n\n---\n\n') + '\n';
    // Read whole, the samples are code and HTML; a reference (`[ref][d]`) is read at its definition.
    const whole = ['/b', '/img/missing.png', '/d', '/after', '/item'];
    expect(markdownUrls(text)).toEqual(whole);
    const dir = await site({ 'llms-full.txt': text, 'b/index.html': '', 'd/index.html': '' });
    const check = await checkBuiltSite(dir);
    expect(check.checked).toBe(whole.length);
    expect(check.unresolved).toEqual([
      { file: 'llms-full.txt', url: '/img/missing.png', path: 'img/missing.png' },
      { file: 'llms-full.txt', url: '/after', path: 'after' },
      { file: 'llms-full.txt', url: '/item', path: 'item' },
    ]);
  });
});
