import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/api/build.js';
import { check } from '../../src/api/check.js';
import { pageLinkTargets } from '../../src/api/page-diagnostics.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { REPO, sheaf } from '../cli/run-sheaf.js';
import { writeFiles } from '../write-files.js';

/**
 * `sheaf check` reports what `sheaf build` reports about the pages beyond their own diagnostics
 * (review-11 gap 9): the links of every rendered body that lead to no page (`build/broken-link`)
 * or no file (`build/missing-asset`), pages generated from OpenAPI included, the Tailwind
 * classes Tailwind warns about, and the `javascript:` links of docs.json and OpenAPI
 * descriptions; with the same exit code as the build. `--print-navigation` renders no page.
 */

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-check-links-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const brief = (d: Diagnostic) => [d.code, d.file, d.line, d.column, d.message];
const SITE_URL = 'https://docs.example.com/';
/** What only the build can report: it needs the build's options or the written site. */
const BUILD_ONLY = new Set(['build/no-site-url', 'build/unresolved-link']);

const OPENAPI = [
  'openapi: 3.0.3',
  'info: { title: A, version: "1" }',
  'paths:',
  '  /users:',
  '    get:',
  '      summary: List users',
  '      description: "See [the guide](/api-gone) and [x](javascript:alert(2))."',
  '      responses: { "200": { description: OK } }',
  '',
].join('\n');

/** Every kind of page problem the build reports besides the pages' own diagnostics, and links that resolve. */
const RICH: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'T',
    theme: 'mint',
    colors: { primary: '#112233' },
    navbar: { links: [{ label: 'Run', href: 'javascript:alert(1)' }] },
    navigation: { groups: [{ group: 'G', pages: ['index', 'guide/links', 'styled'] }, { group: 'API', openapi: 'openapi.yaml', pages: ['GET /users'] }] },
    redirects: [{ source: '/old', destination: '/styled' }],
  }),
  'index.mdx': '---\ntitle: Home\n---\n\nHi\n',
  // Resolving: a page, a relative page, a redirect source, a file. Broken: a page, a relative image, a link in the right-hand panel.
  'guide/links.mdx': '---\ntitle: Links\n---\n\n[ok](/styled) [rel](./links) [old](/old) ![a](/images/a.png)\n\n[gone](/gone) ![m](./pics/missing.png)\n\n<Panel>\n  [aside](/gone-aside)\n</Panel>\n',
  'styled.mdx': '---\ntitle: Styled\n---\n\n<div className="w-[theme(nothing.check)] p-3">Ambiguous</div>\n',
  'images/a.png': 'png',
  'openapi.yaml': OPENAPI,
};

const RICH_CHECKED = [
  ['build/script-url', 'docs.json', 1, 93, '`/navbar/links/0/href` links to a `javascript:` URL (`javascript:alert(1)`); the link is rendered without a target.'],
  ['build/broken-link', 'guide/links.mdx', 7, 8, '`/gone` on page `/guide/links` links to no page of the site.'],
  ['build/missing-asset', 'guide/links.mdx', 7, 20, '`./pics/missing.png` on page `/guide/links` is not a file of the project; it is left out.'],
  ['build/broken-link', 'guide/links.mdx', 10, 11, '`/gone-aside` on page `/guide/links` links to no page of the site.'],
  ['build/broken-link', 'openapi.yaml', 1, 1, '`/api-gone` on page `/api-reference/list-users` links to no page of the site.'],
  [
    'build/script-url',
    'openapi.yaml',
    7,
    7,
    'The description at `/paths/~1users/get/description` links to a `javascript:` URL (`javascript:alert(2)`); the link is shown without a target.',
  ],
  ['build/tailwind-class', 'styled.mdx', 1, 1, 'Tailwind CSS warns about a class: The utility `w-[theme(nothing.check)]` contains an invalid theme value and was not generated.'],
];

describe('sheaf check reports the links, classes and URLs build reports', () => {
  it('a project with every kind: exactly these', async () => {
    const root = await writeFiles(path.join(tmp, 'rich'), RICH);
    const checked = await check({ root, cacheDir: false });
    expect(checked.diagnostics.map(brief)).toEqual(RICH_CHECKED);
    expect([checked.errorCount, checked.warningCount]).toEqual([0, 7]);
  });

  it('the same project built: the build gives the same diagnostics', async () => {
    // Tailwind warns about a class once per configuration and process (it keeps its context for
    // the same configuration, and the classes are part of it): after the check above, neither
    // the build nor a second check hears it again, so Tailwind's warning is compared in the test
    // above only (the build's own is pinned in test/render/tailwind/tailwind-build.test.ts).
    const notTailwind = (d: Diagnostic) => d.code !== 'build/tailwind-class';
    const root = await writeFiles(path.join(tmp, 'rich-built'), RICH);
    const built = await build({ root, outDir: path.join(tmp, 'rich-out'), cacheDir: false, siteUrl: SITE_URL });
    const checked = await check({ root, cacheDir: false });
    expect(built.diagnostics.filter(notTailwind)).toEqual(checked.diagnostics.filter(notTailwind));
    expect(built.diagnostics.filter(notTailwind).map(brief)).toEqual(RICH_CHECKED.slice(0, -1));
  });

  it('test/fixtures/links-site (relative links, snippets, redirect sources): what build reports about the pages, diagnostic for diagnostic', async () => {
    const root = path.join(REPO, 'test/fixtures/links-site');
    const checked = await check({ root, cacheDir: false });
    const built = await build({ root, outDir: path.join(tmp, 'links-site-out'), cacheDir: false });
    expect(checked.diagnostics.map(brief)).toEqual([
      ['build/broken-link', 'telephony/daily-sip.mdx', 11, 16, '`./nope` on page `/telephony/daily-sip` links to no page of the site.'],
      ['build/missing-asset', 'telephony/exotel-websockets.mdx', 5, 66, '`/images/missing.png` on page `/telephony/exotel-websockets` is not a file of the project; it is left out.'],
    ]);
    expect(built.diagnostics.filter((d) => !BUILD_ONLY.has(d.code))).toEqual(checked.diagnostics);
    // What build adds comes from docs.json (a navbar link, a redirect destination), not from a page.
    expect(built.diagnostics.filter((d) => BUILD_ONLY.has(d.code)).map((d) => [d.code, d.file])).toEqual([
      ['build/no-site-url', 'docs.json'],
      ['build/unresolved-link', 'docs.json'],
      ['build/unresolved-link', 'docs.json'],
    ]);
  });

  it('reports nothing on a project whose links all resolve (fixtures/example, API pages included)', async () => {
    const checked = await check({ root: path.join(REPO, 'fixtures/example'), cacheDir: false });
    expect(checked.diagnostics).toEqual([]);
  });

  it('resolves links against the routes, the copied files and the redirect sources, as the build does', () => {
    const targets = pageLinkTargets([{ route: '/' }, { route: '/a/b' }], [{ source: '/old/path/' }], new Set(['images/x.png']));
    expect([...targets.routes]).toEqual(['/', '/a/b']);
    expect([...targets.files]).toEqual(['images/x.png', 'old/path']);
  });
});

describe('sheaf check exits as sheaf build does on page links', () => {
  const broken = {
    'docs.json': JSON.stringify({ name: 'T', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nSee [the guide](/guide).\n',
  };
  const codes = async (root: string, name: string, ...flags: string[]) => [
    (await sheaf(['check', root, '--no-cache', ...flags])).code,
    (await sheaf(['build', root, '-o', path.join(tmp, `${name}-out${flags.length}`), '--no-cache', '--site-url', SITE_URL, ...flags])).code,
  ];

  it('a broken link: 0 and 0, 1 and 1 with --strict, the warning at its place', async () => {
    const root = await writeFiles(path.join(tmp, 'broken-cli'), broken);
    expect(await codes(root, 'broken')).toEqual([0, 0]);
    expect(await codes(root, 'broken', '--strict')).toEqual([1, 1]);
    const r = await sheaf(['check', root, '--no-cache']);
    expect(r.stderr).toContain('index.mdx:5:17  warning  `/guide` on page `/` links to no page of the site.  [build/broken-link]');
    expect(r.stderr).toContain('1 page; 0 errors, 1 warning');
  });

  it('the link fixed: 0 and 0 with --strict too', async () => {
    const root = await writeFiles(path.join(tmp, 'fixed-cli'), { ...broken, 'guide.mdx': '---\ntitle: Guide\n---\n\nHi\n' });
    expect(await codes(root, 'fixed', '--strict')).toEqual([0, 0]);
  });
});

describe('sheaf check --print-navigation', () => {
  it('renders no page: no page diagnostic, no cache written, the navigation printed', async () => {
    const root = await writeFiles(path.join(tmp, 'nav-only'), {
      'docs.json': JSON.stringify({ name: 'T', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages: ['index', 'card'] } }),
      'index.mdx': '---\ntitle: Home\n---\n\n[x](/nowhere)\n',
      'card.mdx': '---\ntitle: Card\n---\n\n<Card title="A">\n\nText\n',
    });
    const nav = await sheaf(['check', root, '--print-navigation']);
    expect(nav.code).toBe(0);
    expect((JSON.parse(nav.stdout) as { pages: { route: string }[] }).pages.map((p) => p.route)).toEqual(['/', '/card']);
    expect(nav.stderr).toContain('2 pages; 0 errors, 0 warnings');
    // Rendering would have written the clean page's body into <root>/.sheaf/cache.
    await expect(access(path.join(root, '.sheaf'))).rejects.toThrow(/ENOENT/);
    // Without the flag the pages are rendered: the syntax error and the broken link.
    const full = await sheaf(['check', root, '--no-cache', '--format', 'json']);
    expect(full.code).toBe(1);
    expect((JSON.parse(full.stdout) as { diagnostics: Diagnostic[] }).diagnostics.map((d) => d.code)).toEqual(['mdx/syntax', 'build/broken-link']);
  });
});
