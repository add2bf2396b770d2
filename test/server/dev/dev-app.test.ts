import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevSession } from '../../../src/api/dev-session.js';
import type { Diagnostic } from '../../../src/model/diagnostic.js';
import type { SitePage } from '../../../src/model/site.js';
import { addClient, createDevApp } from '../../../src/server/dev/dev-app.js';

/** A session over a folder written by hand: one page `/guide` (ensured on request), one problem on it. */
function fakeSession(root: string, outDir: string): DevSession & { ensured: string[] } {
  const guide = { route: '/guide', source: 'guide.mdx', title: 'Guide', kind: 'mdx' } as unknown as SitePage;
  const ensured: string[] = [];
  const problem: Diagnostic = { code: 'mdx/syntax', severity: 'error', message: 'Broken tag', file: 'guide.mdx', line: 2, column: 3 };
  return {
    ensured,
    outDir: () => outDir,
    projectDiagnostics: () => [],
    pages: () => [guide],
    pageAt: (p) => (p.replace(/\/+$/, '') === '/guide' ? guide : undefined),
    siteReady: async () => [],
    ensure: async (page) => {
      ensured.push(page.route);
    },
    pageDiagnostics: async (route) => (route === '/guide' ? [problem] : []),
    changed: async () => ({ reload: [], moved: new Map() }),
    warmed: async () => {},
    close: async () => {},
  };
}

describe('the dev server app', () => {
  let root: string;
  let outDir: string;
  let session: ReturnType<typeof fakeSession>;
  let app: ReturnType<typeof createDevApp>['app'];
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sheaf-dev-app-'));
    outDir = path.join(root, '.sheaf', 'dev', 'site-0');
    mkdirSync(path.join(outDir, 'guide'), { recursive: true });
    writeFileSync(path.join(root, 'guide.mdx'), '# Guide\nab <Broken\n');
    writeFileSync(path.join(root, 'secret.txt'), 'not part of the site');
    writeFileSync(path.join(outDir, 'guide', 'index.html'), '<!doctype html><html><body><h1>Guide</h1></body></html>');
    writeFileSync(path.join(outDir, '404.html'), '<!doctype html><html><body><h1>Page not found</h1></body></html>');
    writeFileSync(path.join(outDir, 'style.css'), 'a{}');
    session = fakeSession(root, outDir);
    app = createDevApp({ root, session, proxy: { fetch: () => new Response('proxied') } }).app;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('renders a page when asked, serves it with the dev client and no caching; /guide goes to /guide/', async () => {
    const moved = await app.request('/guide');
    expect([moved.status, moved.headers.get('location')]).toEqual([302, '/guide/']);
    const r = await app.request('/guide/');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await r.text()).toBe('<!doctype html><html><body><h1>Guide</h1><script src="/_sheaf/dev/client.js" defer></script></body></html>');
    expect(session.ensured).toContain('/guide');
  });

  it('answers a missing page with 404.html and status 404, and never serves a file outside the site', async () => {
    const missing = await app.request('/nope/');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    for (const attempt of ['/../../secret.txt', '/%2e%2e/%2e%2e/%2e%2e/secret.txt', '/..%2f..%2f..%2fsecret.txt', '/%00']) {
      const r = await app.request(attempt);
      expect([attempt, r.status]).toEqual([attempt, 404]);
      expect(await r.text()).not.toContain('not part of the site');
    }
    const css = await app.request('/style.css');
    expect([css.status, css.headers.get('content-type')?.split(';')[0], await css.text()]).toEqual([200, 'text/css', 'a{}']);
  });

  it("gives a page's problems with their code frame, for the overlay", async () => {
    const r = await app.request('/_sheaf/dev/problems?path=%2Fguide%2F');
    const body = (await r.json()) as { problems: (Diagnostic & { frame?: string })[] };
    expect(body.problems).toHaveLength(1);
    expect(body.problems[0]?.frame).toContain('> 2 | ab <Broken');
    const none = (await (await app.request('/_sheaf/dev/problems?path=%2Fnope%2F')).json()) as { problems: unknown[] };
    expect(none.problems).toEqual([]);
  });

  it('hands /_svc/api/request to the playground proxy, and refuses other methods on pages', async () => {
    expect(await (await app.request('/_svc/api/request', { method: 'POST', body: '{}' })).text()).toBe('proxied');
    expect((await app.request('/guide/', { method: 'POST' })).status).toBe(405);
  });

  it('adds the client before </body>, or at the end of a page without one', () => {
    expect(addClient('<p>x</p>')).toBe('<p>x</p><script src="/_sheaf/dev/client.js" defer></script>');
  });
});
