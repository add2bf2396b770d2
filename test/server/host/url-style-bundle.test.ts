import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostExample, type HostedExample } from './hosted-example.js';

/** GET without following redirects: status, Location and body. */
async function get(base: string, target: string): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(`${base}${target}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

describe('sheaf host serving an html-layout bundle (the export default)', () => {
  let work: string;
  let hosted: HostedExample | undefined;
  let url: string;
  const site = () => path.join(work, 'site');

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-html-'));
    hosted = await hostExample(work, 'tar.gz', path.join(work, 'site'));
    url = hosted.host.url;
  }, 120_000);
  afterAll(async () => {
    await hosted?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('records the layout in the manifest', () => {
    expect(hosted?.manifest.urlStyle).toBe('html');
    expect(hosted?.manifest.files.map((f) => f.path)).toContain('guides/notes.html');
    expect(hosted?.manifest.files.map((f) => f.path)).not.toContain('guides/notes/index.html');
  });

  it('serves a page at its extensionless (canonical) URL and at its .html file, the home page at /', async () => {
    const notes = await readFile(path.join(site(), 'guides/notes.html'), 'utf8');
    expect(await get(url, '/guides/notes')).toEqual({ status: 200, location: null, body: notes });
    expect(await get(url, '/guides/notes.html')).toEqual({ status: 200, location: null, body: notes });
    const home = await readFile(path.join(site(), 'index.html'), 'utf8');
    expect(await get(url, '/')).toEqual({ status: 200, location: null, body: home });
    expect(await get(url, '/index.html')).toEqual({ status: 200, location: null, body: home });
    const md = await get(url, '/guides/notes.md');
    expect([md.status, md.body]).toEqual([200, await readFile(path.join(site(), 'guides/notes.md'), 'utf8')]);
  });

  it('sends a page asked as a folder to its URL without the slash (its relative links need it), keeping the query', async () => {
    expect(await get(url, '/guides/notes/?a=1')).toEqual({ status: 308, location: '/guides/notes?a=1', body: '' });
    expect(await get(url, '//quickstart/')).toEqual({ status: 308, location: '/quickstart', body: '' });
  });

  it('answers 404 with the 404 page, whose links name the pages\' files', async () => {
    const notFound = await readFile(path.join(site(), '404.html'), 'utf8');
    expect(notFound).toContain('href="/guides/notes.html"');
    for (const target of ['/no/such/page', '/guides/', '/guides', '/guides/notes/index.html', '/quickstart.htm']) {
      expect([target, await get(url, target)]).toEqual([target, { status: 404, location: null, body: notFound }]);
    }
  });

  it('follows docs.json redirects by its rules, and serves the redirect page at its .html file', async () => {
    expect(await get(url, '/getting-started')).toEqual({ status: 308, location: '/quickstart', body: '' });
    const page = await get(url, '/getting-started.html');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<meta http-equiv="refresh" content="0; url=quickstart.html">');
    expect(page.body).toBe(await readFile(path.join(site(), 'getting-started.html'), 'utf8'));
  });
});

describe('sheaf host serving a directory-layout bundle (sheaf export --url-style directory)', () => {
  let work: string;
  let hosted: HostedExample | undefined;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sheaf-host-directory-'));
    hosted = await hostExample(work, 'zip', path.join(work, 'site'), 'directory');
  }, 120_000);
  afterAll(async () => {
    await hosted?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('serves the folders, never an .html file of a route', async () => {
    const url = hosted?.host.url ?? '';
    expect(hosted?.manifest.urlStyle).toBe('directory');
    const notes = await readFile(path.join(work, 'site', 'guides/notes/index.html'), 'utf8');
    expect(await get(url, '/guides/notes/')).toEqual({ status: 200, location: null, body: notes });
    expect((await get(url, '/guides/notes.html')).status).toBe(404);
    expect(await get(url, '/getting-started')).toEqual({ status: 308, location: '/quickstart', body: '' });
    // The rule answers before the redirect page (`getting-started/index.html`) is reached.
    expect(await get(url, '/getting-started/')).toEqual({ status: 308, location: '/quickstart', body: '' });
    expect(await readFile(path.join(work, 'site', 'getting-started/index.html'), 'utf8')).toContain('url=../quickstart/');
  });
});
