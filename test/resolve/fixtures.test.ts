import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGolden } from '../golden.js';
import { check, type CheckResult } from '../../src/api/check.js';
import type { NavNode, SitePage } from '../../src/model/site.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const NAMES = readdirSync(FIXTURES).filter((n) => /^(nav|ref|load)-/.test(n)).sort();

const results = new Map<string, Promise<CheckResult>>();
const run = (name: string): Promise<CheckResult> => {
  let r = results.get(name);
  if (!r) results.set(name, (r = check({ root: path.join(FIXTURES, name) })));
  return r;
};
const snapshot = (r: CheckResult) => ({
  navigation: r.site?.navigation,
  pages: r.site?.pages,
  diagnostics: r.diagnostics,
});
const page = async (name: string, route: string): Promise<SitePage | undefined> =>
  (await run(name)).site?.pages.find((p) => p.route === route);
const codes = async (name: string) => (await run(name)).diagnostics.map((d) => d.code);
const routesIn = (nodes: readonly NavNode[]): string[] =>
  nodes.flatMap((n) => (n.type === 'page' ? [n.route] : routesIn(n.children)));
const navRoutes = async (name: string) => routesIn((await run(name)).site?.navigation.children ?? []);

describe('fixture goldens (UPDATE=1 rewrites expected.json; read the diff before committing)', () => {
  it.each(NAMES)('%s', async (name) => {
    const actual = JSON.parse(JSON.stringify(snapshot(await run(name))));
    const file = path.join(FIXTURES, name, 'expected.json');
    expect(actual).toEqual(JSON.parse(readGolden(file, JSON.stringify(actual, null, 2) + '\n')));
  });
});

describe('reserved routes', () => {
  it('warns about a page at /mcp, where the search MCP server answers, and keeps the page', async () => {
    expect(await codes('nav-reserved-route')).toEqual(['nav/reserved-route']);
    expect((await page('nav-reserved-route', '/mcp'))?.title).toBe('Our MCP server');
  });
});

describe('OpenAPI navigation rules', () => {
  it('bulk-generates every operation by tag, appended after existing groups', async () => {
    const tab = (await run('nav-bulk-generation')).site?.navigation.children[0];
    expect(tab?.type === 'tab' && tab.children.map((c) => (c.type === 'page' ? c.route : c.title))).toEqual([
      'Start',
      'People',
      'Orders',
      'API Reference',
    ]);
    expect(await navRoutes('nav-bulk-generation')).toEqual([
      '/',
      '/api-reference/users/list-all-users',
      '/api-reference/users/create-a-user',
      '/api-reference/users/get-a-user-v2',
      '/api-reference/users/delete-users',
      '/api-reference/orders/list-orders',
      '/api-reference/health-check',
    ]);
    expect(await codes('nav-bulk-generation')).toEqual([]);
  });

  it('shows only explicit references once one is used, nested ones included', async () => {
    expect(await navRoutes('nav-explicit-reference-hides-others')).toEqual([
      '/api-reference/users/list-all-users',
      '/api-reference/users/create-a-user',
    ]);
    const pages = (await run('nav-explicit-reference-hides-others')).site?.pages.map((p) => p.route);
    expect(pages).toEqual(['/api-reference/users/create-a-user', '/api-reference/users/list-all-users']);
  });

  it('inherits openapi and its directory; a child group overrides it', async () => {
    expect(await navRoutes('nav-openapi-inheritance')).toEqual([
      '/reference/users/list-all-users',
      '/reference/users/get-a-user-v2',
      '/api-reference/billing-users',
      '/api-reference/invoices/list-invoices',
    ]);
    expect((await page('nav-openapi-inheritance', '/api-reference/billing-users'))?.operation).toEqual({
      document: 'billing.json',
      method: 'GET',
      path: '/users',
    });
    expect((await page('nav-openapi-inheritance', '/reference/users/list-all-users'))?.version).toBe('v1');
    expect(await codes('nav-openapi-inheritance')).toEqual([]);
  });

  it('x-hidden keeps the page out of navigation, x-excluded drops it, x-mint href and metadata apply', async () => {
    expect(await navRoutes('nav-x-extensions')).toEqual(['/api-reference/visible', '/guides/custom-endpoint']);
    expect(await page('nav-x-extensions', '/api-reference/secret')).toMatchObject({ hidden: true, kind: 'operation' });
    expect(await page('nav-x-extensions', '/api-reference/gone')).toBeUndefined();
    expect(await page('nav-x-extensions', '/guides/custom-endpoint')).toMatchObject({ title: 'My custom title', sidebarTitle: 'Custom' });
    const d = (await run('nav-x-extensions')).diagnostics;
    expect(d.map((x) => [x.code, x.file, x.line])).toEqual([['nav/operation-excluded', 'docs.json', 8]]);
  });

  it('an MDX page and a navigation entry for the same operation is an error naming both', async () => {
    const d = (await run('nav-mdx-and-entry-conflict')).diagnostics;
    expect(d.map((x) => [x.code, x.file, x.line])).toEqual([['nav/operation-page-conflict', 'docs.json', 5]]);
    expect(d[0]?.message).toContain('users.mdx');
    expect(d[0]?.related?.[0]).toMatchObject({ file: 'users.mdx', line: 3 });
  });

  it('an entry that matches no operation is a file path, which must exist', async () => {
    expect(await navRoutes('nav-entry-is-file-path')).toEqual(['/guides/getting-started', '/guides', '/guides/plain']);
    const d = (await run('nav-entry-is-file-path')).diagnostics;
    expect(d.map((x) => [x.code, x.line])).toEqual([
      ['nav/page-not-found', 5],
      ['ref/no-document', 5],
    ]);
    expect(d[0]?.hint).toBe('did you mean `guides/getting-started`?');
  });

  it('matches methods case-sensitively in navigation, with a hint for lowercase ones', async () => {
    const d = (await run('nav-case-sensitive-method')).diagnostics;
    expect(d.map((x) => x.code)).toEqual(['nav/page-not-found']);
    expect(d[0]?.hint).toContain('`GET /users/{id}`');
    expect(await navRoutes('nav-case-sensitive-method')).toEqual(['/api-reference/users/list-all-users']);
  });

  it('resolves trailing slashes both ways', async () => {
    expect(await navRoutes('nav-trailing-slash')).toEqual([
      '/api-reference/users/list-all-users',
      '/api-reference/orders/list-orders',
      '/api-reference/orders/list-orders',
    ]);
    expect(await codes('nav-trailing-slash')).toEqual([]);
  });

  it('builds generated routes by the documented algorithm', async () => {
    expect(await navRoutes('nav-route-algorithm')).toEqual([
      '/api-reference/client-api--display/list-items',
      '/api-reference/client-api--display/list-items-1',
      '/api-reference/client-api--display/list-items-2',
      '/api-reference/get-items',
      '/api-reference/get-items-parts',
      '/api-reference/get-',
      "/api-reference/misc/update-a-users-e-mail-address",
      '/api-reference/misc/send-a-list-of-`check`-operations',
      '/api-reference/misc/übersicht-&-co:-100%?',
      '/api-reference/misc/[experimental]-evaluate',
    ]);
  });

  it('accepts file tokens with or without extension and folder', async () => {
    expect(await navRoutes('ref-file-token')).toEqual([
      '/api-reference/users/list-all-users',
      '/api-reference/users/create-a-user',
      '/api-reference/users/get-a-user-v2',
      '/api-reference/users/delete-users',
      '/api-reference/health-check',
    ]);
    const d = (await run('ref-file-token')).diagnostics;
    expect(d.map((x) => [x.code, x.line])).toEqual([['ref/document-not-found', 5]]);
    expect(d[0]?.hint).toBe('did you mean `specs/users-api.yaml`?');
  });

  it('reports a misspelled path, method or webhook with the nearest operations', async () => {
    const d = (await run('ref-operation-not-found')).diagnostics;
    expect(d.map((x) => [x.code, x.file, x.line, x.column])).toEqual([
      ['ref/operation-not-found', 'docs.json', 5, 85],
      ['ref/operation-not-found', 'docs.json', 5, 103],
      ['ref/operation-not-found', 'docs.json', 5, 117],
    ]);
    expect(d[0]?.message).toBe('`GET /user/{id}` matches no operation in `openapi.yaml`.');
    expect(d[0]?.hint).toContain('did you mean `GET /users/{id}`');
    expect(d[1]?.hint).toContain('`POST /users`');
    // Explicit references switch bulk generation off even when they fail.
    expect(await navRoutes('ref-operation-not-found')).toEqual([]);
  });

  it('resolves frontmatter references: lowercase methods, trailing slashes, file tokens, webhooks', async () => {
    const op = async (route: string) => (await page('ref-frontmatter', route))?.operation;
    expect(await op('/api/list')).toEqual({ document: 'a/alpha.yaml', method: 'GET', path: '/users' });
    expect(await op('/api/slash')).toEqual({ document: 'a/alpha.yaml', method: 'DELETE', path: '/users/{id}' });
    expect(await op('/api/token')).toEqual({ document: 'b/zeta.yaml', method: 'GET', path: '/users/{id}' });
    expect(await op('/api/token-noext')).toEqual({ document: 'b/zeta.yaml', method: 'POST', path: '/users' });
    expect(await op('/api/hook')).toEqual({ document: 'hooks.yaml', method: 'WEBHOOK', path: 'orderUpdated', webhookMethod: 'POST' });
    expect((await page('ref-frontmatter', '/api/hook'))?.kind).toBe('webhook');
    const d = (await run('ref-frontmatter')).diagnostics;
    expect(d.map((x) => [x.code, x.file, x.line, x.column])).toEqual([
      ['ref/document-not-found', 'api/bad-file.mdx', 3, 1],
      ['ref/invalid', 'api/invalid.mdx', 3, 1],
      ['ref/operation-not-found', 'api/missing.mdx', 3, 1],
    ]);
    expect(d[2]?.hint).toContain('`GET /users`');
  });

  it('reports two different pages on one route', async () => {
    const d = (await run('nav-route-conflict')).diagnostics;
    expect(d.map((x) => [x.code, x.file, x.line])).toEqual([['nav/route-conflict', 'docs.json', 5]]);
    expect(d[0]?.related?.[0]?.file).toBe('docs.json');
  });
});

describe('navigation divisions', () => {
  it('walks every division, global links, hidden divisions and pages', async () => {
    const r = await run('nav-divisions');
    const lang = r.site?.navigation.children[0];
    expect(lang).toMatchObject({ type: 'language', title: 'en' });
    expect(r.site?.navigation.children.map((c) => [c.type, c.title])).toEqual([
      ['language', 'en'],
      ['language', 'fr'],
      ['anchor', 'Blog'],
    ]);
    expect(r.site?.navigation.children[2]).toMatchObject({ global: true, href: 'https://example.com/blog' });
    expect(await page('nav-divisions', '/secret')).toMatchObject({ hidden: true });
    expect(await page('nav-divisions', '/orphan')).toMatchObject({ hidden: true });
    expect(await page('nav-divisions', '/hidden/a')).toMatchObject({ hidden: true });
    expect(await page('nav-divisions', '/en/start')).toMatchObject({ hidden: false, version: 'v1', language: 'en' });
    expect(await page('nav-divisions', '/fr/start')).toMatchObject({ language: 'fr' });
    expect(await page('nav-divisions', '/snippets/note')).toBeUndefined();
    expect(await navRoutes('nav-divisions')).not.toContain('/secret');
    expect(r.diagnostics).toEqual([]);
  });
});

describe('project problems', () => {
  it('reports a folder without docs.json or mint.json', async () => {
    const r = await check({ root: path.join(FIXTURES, '..') });
    expect(r.site).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['project/not-found']);
    const missing = await check({ root: path.join(FIXTURES, 'no-such-folder') });
    expect(missing.diagnostics[0]?.message).toContain('does not exist');
  });
});

describe('load problems', () => {
  it('reports invalid frontmatter and duplicate pages, and keeps going', async () => {
    const d = (await run('load-problems')).diagnostics;
    expect(d.map((x) => [x.code, x.file, x.line])).toEqual([
      ['load/frontmatter-invalid', 'broken.mdx', 2],
      ['load/duplicate-page', 'twice.md', 1],
    ]);
    expect(await page('load-problems', '/twice')).toMatchObject({ source: 'twice.mdx' });
  });

  it('warns about an empty group only', async () => {
    const d = (await run('nav-empty-group')).diagnostics;
    expect(d.map((x) => [x.code, x.severity, x.line])).toEqual([['nav/empty-group', 'warning', 5]]);
  });
});

describe('unavailable OpenAPI sources', () => {
  it('points at the docs.json entry naming them, and keeps references to them quiet', async () => {
    const d = (await run('nav-openapi-source-unavailable')).diagnostics;
    expect(d.map((x) => [x.code, x.file, x.line, x.column])).toEqual([
      ['openapi/file-not-found', 'docs.json', 7, 27],
      ['openapi/remote-not-allowed', 'docs.json', 8, 28],
    ]);
    expect(d[1]?.hint).toContain('--allow-network');
    expect((await run('nav-openapi-source-unavailable')).site?.pages).toEqual([]);
  });
});

describe('page discovery', () => {
  it('honours .mintignore, and leaves snippets, imported MDX and README/licence files out', async () => {
    const r = await run('load-page-discovery');
    expect(r.site?.pages.map((p) => [p.route, p.source])).toEqual([
      ['/', 'index.mdx'],
      ['/guide', 'guide.md'],
    ]);
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['nav/page-not-found', 'Navigation entry `drafts/wip` is not a page of this project.'],
    ]);
  });
});
