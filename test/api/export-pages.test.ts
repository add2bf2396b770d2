import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle, type ExportResult } from '../../src/api/export-bundle.js';
import type { Site } from '../../src/model/site.js';
import { malformedPagePaths, routeOfPagePath, selectPages } from '../../src/resolve/select-pages.js';
import { readTarGz, type ReadEntry } from '../bundle/read-archive.js';
import { sheaf } from '../cli/run-sheaf.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT = path.join(REPO, 'test/bundle/fixtures/export-some-pages');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-export-pages-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('page paths', () => {
  it('name a route with or without the leading slash, a trailing slash, .mdx or a final index', () => {
    const cases: [string, string][] = [
      ['index', '/'],
      ['/', '/'],
      ['/index', '/'],
      ['guides/getting-started', '/guides/getting-started'],
      ['/guides/getting-started/', '/guides/getting-started'],
      ['guides/getting-started.mdx', '/guides/getting-started'],
      ['guides/index', '/guides'],
      ['Guides/Getting-Started', '/Guides/Getting-Started'],
    ];
    expect(cases.map(([entry]) => [entry, routeOfPagePath(entry)])).toEqual(cases);
  });

  it('refuse what is no page path, each once', () => {
    const bad = ['', ' index', 'a//b', '../x', 'a/./b', 'a?b', 'a#b', 'a\\b', 'a\u0000b', 'x'.repeat(201)];
    expect(bad.map(routeOfPagePath)).toEqual(bad.map(() => undefined));
    expect(malformedPagePaths(['index', '../x', 'guides', '../x', 'a b'])).toEqual(['../x', 'a b']);
  });

  it('select pages and prune the navigation: empty groups and divisions go, link divisions and selected group roots stay', () => {
    const page = (route: string) => ({ route, kind: 'mdx' as const, source: `${route.slice(1) || 'index'}.mdx`, title: route, hidden: false });
    const site: Site = {
      name: 'x',
      pages: ['/', '/a', '/b', '/c', '/d'].map(page),
      navigation: {
        type: 'root',
        children: [
          { type: 'tab', title: 'One', children: [
            { type: 'group', title: 'G1', root: '/a', directory: 'card', children: [{ type: 'page', route: '/b', title: 'b' }] },
            { type: 'group', title: 'G2', root: '/c', children: [{ type: 'page', route: '/d', title: 'd' }] },
          ] },
          { type: 'tab', title: 'Two', children: [{ type: 'group', title: 'G3', children: [{ type: 'page', route: '/d', title: 'd' }] }] },
          { type: 'anchor', title: 'Status', href: 'https://status.example.com', children: [] },
        ],
      },
    };
    const selection = selectPages(site, ['/A', 'b/', 'nope', 'nope']);
    expect(selection.unknown).toEqual(['nope']);
    expect(selection.site.pages.map((p) => p.route)).toEqual(['/a', '/b']);
    expect(selection.leftOut.map((p) => p.route)).toEqual(['/', '/c', '/d']);
    expect(selection.site.navigation.children).toEqual([
      { type: 'tab', title: 'One', children: [{ type: 'group', title: 'G1', root: '/a', directory: 'card', children: [{ type: 'page', route: '/b', title: 'b' }] }] },
      { type: 'anchor', title: 'Status', href: 'https://status.example.com', children: [] },
    ]);
    // A group whose root is left out keeps its pages, without the root (and its listing).
    expect(selectPages(site, ['d']).site.navigation.children).toEqual([
      { type: 'tab', title: 'One', children: [{ type: 'group', title: 'G2', children: [{ type: 'page', route: '/d', title: 'd' }] }] },
      { type: 'tab', title: 'Two', children: [{ type: 'group', title: 'G3', children: [{ type: 'page', route: '/d', title: 'd' }] }] },
      { type: 'anchor', title: 'Status', href: 'https://status.example.com', children: [] },
    ]);
  });
});

const text = (entries: readonly ReadEntry[], name: string) => entries.find((e) => e.name === name)?.content.toString('utf8');
const siteFiles = (entries: readonly ReadEntry[]) => entries.map((e) => e.name).filter((n) => !/\.(br|gz)$/.test(n) && !/^_sheaf\/sheaf\.[0-9a-f]+\.(js|css)$/.test(n));

describe('exportBundle with some pages', () => {
  let result: ExportResult;
  let entries: ReadEntry[];
  beforeAll(async () => {
    const output = path.join(tmp, 'some.tar.gz');
    result = await exportBundle({ root: PROJECT, output, cacheDir: false, workers: 0, version: '2024-06-01', pages: { paths: ['index', '/guides/getting-started/'], liveUrl: 'https://docs.acme.com' } });
    entries = await readTarGz(output);
  });

  it('holds exactly those pages, with the version label, and redirect pages where the others were', () => {
    expect(result.build.diagnostics.map((d) => d.code)).toEqual(['build/no-site-url']);
    expect(result.manifest?.version).toBe('2024-06-01');
    expect(result.manifest?.pageCount).toBe(2);
    expect(result.manifest?.pages.map((p) => p.route)).toEqual(['/', '/guides/getting-started']);
    expect(siteFiles(entries)).toEqual([
      'manifest.json',
      '404.html',
      '_redirects',
      '_sheaf/index.js',
      '_sheaf/search-index.js',
      '_sheaf/search-records.json',
      'api-reference/introduction.html',
      'guides/advanced.html',
      'guides/getting-started.html',
      'guides/getting-started.md',
      'index.html',
      'index.md',
      'llms-full.txt',
      'llms.txt',
      'robots.txt',
      'sitemap.xml',
    ]);
  });

  it('sends links to pages left out to them on the published site, through redirect pages', () => {
    // The export's .html layout (Mintlify's): the redirect pages are `route.html` too.
    expect(text(entries, 'guides/advanced.html')).toContain('<meta http-equiv="refresh" content="0; url=https://docs.acme.com/guides/advanced">');
    expect(text(entries, 'api-reference/introduction.html')).toContain('<meta http-equiv="refresh" content="0; url=https://docs.acme.com/api-reference/introduction">');
    expect(text(entries, '_redirects')).toBe('/api-reference/introduction https://docs.acme.com/api-reference/introduction 308\n/guides/advanced https://docs.acme.com/guides/advanced 308\n');
    expect(text(entries, 'guides/getting-started.html')).toContain('href="../guides/advanced.html#tuning"');
  });

  it('prunes the navigation and covers only those pages in the sitemap, search records, llms.txt and Markdown copies', () => {
    const home = text(entries, 'index.html') ?? '';
    expect(home).toContain('Get started');
    expect(home).not.toContain('>More<');
    expect(home).not.toMatch(/>\s*API reference\s*</);
    expect([...(text(entries, 'sitemap.xml') ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual(['/', '/guides/getting-started']);
    const records = JSON.parse(text(entries, '_sheaf/search-records.json') ?? '[]') as { route: string }[];
    expect([...new Set(records.map((r) => r.route))].sort()).toEqual(['/', '/guides/getting-started']);
    expect(text(entries, 'llms.txt')).toBe('# Some pages\n\n## Get started\n\n- [Welcome](index.md)\n- [Getting started](guides/getting-started.md)\n');
  });

  it('goes to the export\'s home page when the published site is unknown', async () => {
    const output = path.join(tmp, 'home.tar.gz');
    const r = await exportBundle({ root: PROJECT, output, cacheDir: false, workers: 0, pages: { paths: ['guides/getting-started'] } });
    expect(r.manifest?.pages.map((p) => p.route)).toEqual(['/guides/getting-started']);
    const files = await readTarGz(output);
    expect(text(files, 'guides/advanced.html')).toContain('<meta http-equiv="refresh" content="0; url=../">');
    expect(r.build.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)).toEqual([]);
  });

  it('refuses paths naming no page with bundle/unknown-page naming each, and writes nothing', async () => {
    const output = path.join(tmp, 'none.tar.gz');
    const r = await exportBundle({ root: PROJECT, output, cacheDir: false, workers: 0, pages: { paths: ['index', 'nope', 'guides', '../x'] } });
    expect(r.archive).toBeUndefined();
    expect(r.build.diagnostics.map((d) => [d.code, d.message])).toEqual([['bundle/unknown-page', 'The page paths `nope`, `guides`, `../x` name no page of the site.']]);
  });
});

describe('sheaf export --page', () => {
  it('exports the pages named, with --export-version as the label', async () => {
    const output = path.join(tmp, 'cli.tar.gz');
    const r = await sheaf(['export', PROJECT, '-o', output, '--no-cache', '--workers', '0', '--page', 'index', '--page', 'guides/advanced', '--export-version', 'v3', '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { bundle: { pageCount: number; version: string } };
    expect([json.bundle.pageCount, json.bundle.version]).toEqual([2, 'v3']);
    const manifest = JSON.parse(text(await readTarGz(output), 'manifest.json') ?? '{}') as { pages: { route: string }[] };
    expect(manifest.pages.map((p) => p.route)).toEqual(['/', '/guides/advanced']);
  });

  it('fails with the unknown paths named', async () => {
    const r = await sheaf(['export', PROJECT, '-o', path.join(tmp, 'bad.tar.gz'), '--no-cache', '--page', 'guides/nothing']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The page path `guides/nothing` names no page of the site.');
  });
});
