import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/api/build.js';
import { expectGolden } from '../golden.js';

/**
 * docs.json `seo.indexing`, `seo.organization`, `markdown.instructions` and `errors.404` through
 * `build`, on the fixtures test/fixtures/settings-*: the written sitemap, llms files, Markdown
 * copies, search records, page heads and 404.html, pinned byte for byte where they are short.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = path.join(REPO, 'test/fixtures');
const SITE_URL = 'https://docs.example.com/';

let tmp: string;
let count = 0;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-seo-settings-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Builds a copy of a fixture, its docs.json changed by `edit`; returns the result and a reader of the output. */
async function buildFixture(name: string, edit: (config: Record<string, unknown>) => void = () => {}) {
  count += 1;
  const root = path.join(tmp, `p${count}`);
  await cp(path.join(FIXTURES, name), root, { recursive: true });
  const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
  edit(config);
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
  const out = path.join(tmp, `out${count}`);
  const result: BuildResult = await build({ root, outDir: out, cacheDir: false, siteUrl: SITE_URL });
  return { result, read: (file: string) => readFile(path.join(out, file), 'utf8') };
}

const robots = (html: string) => html.match(/<meta name="robots"[^>]*>/g) ?? [];
const searchRoutes = async (read: (f: string) => Promise<string>) =>
  [...new Set((JSON.parse(await read('_sheaf/search-records.json')) as { route: string }[]).map((r) => r.route))].sort();

describe('seo.indexing (test/fixtures/settings-seo-indexing)', () => {
  it('"all": hidden pages (frontmatter, outside the navigation) are in the sitemap, llms files and search, without noindex; a noindex page stays out', async () => {
    const { result, read } = await buildFixture('settings-seo-indexing');
    expect(result.diagnostics.map((d) => d.code)).toEqual([]);
    expect(await read('sitemap.xml')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://docs.example.com/</loc></url>',
        '  <url><loc>https://docs.example.com/guide/</loc></url>',
        '  <url><loc>https://docs.example.com/orphan/</loc></url>',
        '  <url><loc>https://docs.example.com/secret/</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(await read('llms.txt')).toBe(
      '# Indexing\n\n## Guides\n\n- [Home](index.md): Start here\n- [Guide](guide.md)\n\n## Other pages\n\n- [Orphan](orphan.md)\n- [Secret](secret.md)\n',
    );
    const full = await read('llms-full.txt');
    expect(full.match(/<!-- \/[a-z]* -->/g)).toEqual(['<!-- / -->', '<!-- /guide -->', '<!-- /orphan -->', '<!-- /secret -->']);
    expect(await searchRoutes(read)).toEqual(['/', '/guide', '/orphan', '/secret']);
    expect(robots(await read('secret/index.html'))).toEqual([]);
    expect(robots(await read('orphan/index.html'))).toEqual([]);
    expect(robots(await read('private/index.html'))).toEqual(['<meta name="robots" content="noindex"/>']);
  });

  it('"navigable" (the default): hidden pages stay out of all of it and carry noindex', async () => {
    const { read } = await buildFixture('settings-seo-indexing', (c) => delete c['seo']);
    expect((await read('sitemap.xml')).match(/<loc>[^<]*<\/loc>/g)).toEqual(['<loc>https://docs.example.com/</loc>', '<loc>https://docs.example.com/guide/</loc>']);
    expect(await read('llms.txt')).toBe('# Indexing\n\n## Guides\n\n- [Home](index.md): Start here\n- [Guide](guide.md)\n');
    expect((await read('llms-full.txt')).match(/<!-- \/[a-z]* -->/g)).toEqual(['<!-- / -->', '<!-- /guide -->']);
    expect(await searchRoutes(read)).toEqual(['/', '/guide']);
    for (const page of ['secret', 'orphan', 'private']) expect(robots(await read(`${page}/index.html`)), page).toEqual(['<meta name="robots" content="noindex"/>']);
  });
});

describe('seo.organization (test/fixtures/settings-seo-organization)', () => {
  const ORGANIZATION =
    '{"@type":"Organization","@id":"https://example.com/#organization","name":"Example Co. Docs",' +
    '"legalName":"Example Co. \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e Inc. \\u0026 \\u003c!-- co","url":"https://example.com",' +
    '"logo":"https://example.com/images/logo.svg","sameAs":["https://x.com/example","https://github.com/example"]}';
  /** The rest of the home page's graph (optimize/seo.mdx "Structured data"), every entity naming the publisher by its @id. */
  const HOME =
    '{"@type":"WebSite","@id":"https://docs.example.com/#website","url":"https://docs.example.com/","name":"Example Co. Docs","publisher":{"@id":"https://example.com/#organization"}},' +
    '{"@type":"WebPage","@id":"https://docs.example.com/","url":"https://docs.example.com/","name":"Home","isPartOf":{"@id":"https://docs.example.com/#website"},"breadcrumb":{"@id":"https://docs.example.com/#breadcrumb"}},' +
    '{"@type":"BreadcrumbList","@id":"https://docs.example.com/#breadcrumb","itemListElement":[{"@type":"ListItem","position":1,"name":"Guides","item":"https://docs.example.com/"},{"@type":"ListItem","position":2,"name":"Home","item":"https://docs.example.com/"}]},' +
    '{"@type":"TechArticle","@id":"https://docs.example.com/#article","headline":"Home","mainEntityOfPage":{"@id":"https://docs.example.com/"},"publisher":{"@id":"https://example.com/#organization"}}';
  const JSON_LD = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[${ORGANIZATION},${HOME}]}</script>`;
  const jsonLd = (html: string) => html.match(/<script type="application\/ld\+json">.*?<\/script>/g);

  it('writes the Organization as the publisher of the JSON-LD graph on every indexable page; a legal name holding `</script><script>` cannot end the element', async () => {
    const { result, read } = await buildFixture('settings-seo-organization');
    expect(result.diagnostics.map((d) => d.code)).toEqual([]);
    const home = await read('index.html');
    expect(jsonLd(home)).toEqual([JSON_LD]);
    // The attack: the only `</script>` after the JSON-LD opens is its own end tag, and no `<script>` of the value exists.
    expect(home).not.toContain('<script>alert(1)');
    expect(home.split('</script><script>alert(1)').length).toBe(1);
    // It parses back to the value written in docs.json.
    const json = JSON.parse(JSON_LD.slice('<script type="application/ld+json">'.length, -'</script>'.length)) as { '@graph': Record<string, unknown>[] };
    expect(json['@graph'][0]?.['legalName']).toBe('Example Co. </script><script>alert(1)</script> Inc. & <!-- co');
    // Mintlify: "Pages with `noindex: true` do not include structured data"; the 404 page is never indexed.
    expect(await read('private/index.html')).not.toContain('application/ld+json');
    expect(await read('404.html')).not.toContain('application/ld+json');
  });

  it('defaults the name to the site name; without seo.organization the organization comes from the site name, docs logo and site URL', async () => {
    const named = await buildFixture('settings-seo-organization', (c) => {
      c['seo'] = { organization: { url: 'https://example.com' } };
      delete c['logo'];
    });
    const graph = (html: string) => (JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as { '@graph': unknown[] })['@graph'];
    expect(graph(await named.read('index.html'))[0]).toEqual({ '@type': 'Organization', '@id': 'https://docs.example.com/#organization', name: 'Example Co. Docs', url: 'https://example.com' });
    const none = await buildFixture('settings-seo-organization', (c) => delete c['seo']);
    expect(graph(await none.read('index.html'))[0]).toEqual({
      '@type': 'Organization',
      '@id': 'https://docs.example.com/#organization',
      name: 'Example Co. Docs',
      url: 'https://docs.example.com/',
      logo: 'https://example.com/images/logo.svg',
    });
    expect(await none.read('private/index.html')).not.toContain('application/ld+json');
  });
});

describe('markdown.instructions (test/fixtures/settings-markdown-instructions)', () => {
  const BLOCK = '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK in examples.';

  it('appends the Agent Instructions block to every Markdown copy, and at the end of llms.txt and llms-full.txt (Mintlify appends it)', async () => {
    const { result, read } = await buildFixture('settings-markdown-instructions');
    expect(result.diagnostics.map((d) => d.code)).toEqual([]);
    expect(await read('index.md')).toBe(`# Home\n\nWelcome.\n\n${BLOCK}\n`);
    expect(await read('guide.md')).toBe(`# Guide\n\nSee [home](/).\n\n${BLOCK}\n`);
    expect(await read('llms.txt')).toBe(`# Instructions\n\n> Docs for agents.\n\n## Guides\n\n- [Home](index.md): Start here\n- [Guide](guide.md)\n\n${BLOCK}\n`);
    expect(await read('llms-full.txt')).toBe(`# Instructions\n\n---\n\n<!-- / -->\n# Home\n\nWelcome.\n\n---\n\n<!-- /guide -->\n# Guide\n\nSee [home](/).\n\n${BLOCK}\n`);
  });

  it('takes a single string with its own line breaks, and leaves the files alone without instructions', async () => {
    const one = await buildFixture('settings-markdown-instructions', (c) => (c['markdown'] = { instructions: 'Cite the version.\nUse SDKs.' }));
    expect(await one.read('index.md')).toBe('# Home\n\nWelcome.\n\n> ## Agent Instructions\n> Cite the version.\n> Use SDKs.\n');
    const none = await buildFixture('settings-markdown-instructions', (c) => delete c['markdown']);
    expect(await none.read('index.md')).toBe('# Home\n\nWelcome.\n');
    expect(await none.read('llms.txt')).not.toContain('Agent Instructions');
    expect(await none.read('llms-full.txt')).not.toContain('Agent Instructions');
  });
});

describe('errors.404 (test/fixtures/settings-errors-404)', () => {
  const article = (html: string) => /<article class="sheaf-article sheaf-not-found[^"]*">.*?<\/article>/s.exec(html)?.[0] ?? '';

  it('renders the description as MDX (bold, italic, a link written for any depth, a component), with its title, and no redirect when `redirect` is false', async () => {
    const { result, read } = await buildFixture('settings-errors-404');
    expect(result.diagnostics.map((d) => d.code)).toEqual([]);
    const page = await read('404.html');
    expect(page).toContain("<title>I can't be found — Errors</title>");
    expect(page).toContain('<meta name="description" content="What ever happened to this page? Try the guide. Pages move; search finds them."/>');
    expect(page).not.toContain('http-equiv="refresh"');
    expect(page).not.toContain('**happened**');
    expectGolden(path.join(FIXTURES, 'settings-errors-404/golden/not-found-article.html'), `${article(page)}\n`);
    expect(article(page)).toContain(
      '<div class="sheaf-page-description sheaf-content mdx-content not-found-description"><p>What ever <strong>happened</strong> to this <em>page</em>? Try the <a href="/guides/start/" class="link">guide</a>.</p>',
    );
    expect(article(page)).toContain('<div data-callout="note" role="note" aria-label="Note" class="sheaf-callout callout">');
  });

  it('redirects to the home page by default (Mintlify: `redirect` defaults to true): a meta refresh to `/` in the head', async () => {
    const { read } = await buildFixture('settings-errors-404', (c) => ((c['errors'] as { 404: Record<string, unknown> })[404]['redirect'] = undefined));
    const page = await read('404.html');
    expect(page.match(/<meta http-equiv="refresh"[^>]*>/g)).toEqual(['<meta http-equiv="refresh" content="0; url=/"/>']);
    // Still a complete page for readers whose browser does not follow it.
    expect(page).toContain('<strong>happened</strong>');
  });

  it('reports a failing description at its place in docs.json', async () => {
    const { result } = await buildFixture('settings-errors-404', (c) => ((c['errors'] as { 404: Record<string, unknown> })[404]['description'] = 'Broken {notDefined} here.'));
    // docs.json is written back with two-space indents: the description is on line 23.
    expect(result.diagnostics.map((d) => [d.code, d.file, d.pointer, d.line, d.column, d.message])).toEqual([
      [
        'mdx/expression-failed',
        'docs.json',
        '/errors/404/description',
        23,
        7,
        'In `errors.404.description`: The expression `{notDefined}` reads `notDefined`, which nothing defines; it is shown as written and the rest of the page renders.',
      ],
    ]);
  });
});
