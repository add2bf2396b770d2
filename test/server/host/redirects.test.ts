import { describe, expect, it } from 'vitest';
import { contentTypeOf, isHashedAsset } from '../../../src/model/content-types.js';
import { checkEntryPath } from '../../../src/server/host/entry-path.js';
import { redactUrl } from '../../../src/server/redact-url.js';
import { matchRedirect, parseRedirects } from '../../../src/server/host/redirects.js';
import { renderRedirectsFile } from '../../../src/emit/site-files.js';

describe('_redirects', () => {
  it('reads what the emit stage writes, wildcards included', () => {
    const text = renderRedirectsFile([
      { source: '/getting-started', destination: '/quickstart' },
      { source: '/blog/:slug*', destination: '/news/:slug*', permanent: false },
      { source: '/users/:id/profile', destination: '/people/:id' },
    ]);
    const rules = parseRedirects(text);
    expect(matchRedirect(rules, '/getting-started', '')).toEqual({ location: '/quickstart', status: 308 });
    expect(matchRedirect(rules, '/getting-started/', '?a=1')).toEqual({ location: '/quickstart?a=1', status: 308 });
    expect(matchRedirect(rules, '/blog/2024/hello', '')).toEqual({ location: '/news/2024/hello', status: 307 });
    expect(matchRedirect(rules, '/blog', '')).toEqual({ location: '/news/', status: 307 });
    expect(matchRedirect(rules, '/users/42/profile', '')).toEqual({ location: '/people/42', status: 308 });
    expect(matchRedirect(rules, '/users/42/other', '')).toBeUndefined();
    expect(matchRedirect(rules, '/getting-started-now', '')).toBeUndefined();
  });

  it('skips comments, relative sources and statuses that are not redirects; 301 by default', () => {
    const rules = parseRedirects('# comment\n\nold /new\n/a /b 200\n/c /d 404\n/e /f\n/g /h 302!\n');
    expect(rules.map((r) => [r.source, r.status])).toEqual([
      ['/e', 301],
      ['/g', 302],
    ]);
  });

  it('never sends a reader to another host through a site-relative rule', () => {
    const rules = parseRedirects('/go/* /:splat 302\n');
    expect(matchRedirect(rules, '/go//evil.example', '')?.location).toBe('/evil.example');
    expect(matchRedirect(rules, '/go/%5Cevil.example', '')?.location).toBe('/%5Cevil.example');
    expect(parseRedirects('/x https://docs.example.com/y 301').map((r) => matchRedirect([r], '/x', '')?.location)).toEqual(['https://docs.example.com/y']);
  });
});

describe('content types and caching', () => {
  it('maps extensions, case-insensitively, and unknown ones to octet-stream', () => {
    expect(['a/index.html', 'a.md', 'x.JS', 'f.woff2', 'sitemap.xml', 'openapi.yaml', 'noext', '.hidden', 'x.exe'].map(contentTypeOf)).toEqual([
      'text/html; charset=utf-8',
      'text/markdown; charset=utf-8',
      'text/javascript; charset=utf-8',
      'font/woff2',
      'application/xml; charset=utf-8',
      'application/yaml; charset=utf-8',
      'application/octet-stream',
      'application/octet-stream',
      'application/octet-stream',
    ]);
  });

  it('treats only hashed names under _sheaf/ as immutable', () => {
    expect(['_sheaf/sheaf.4eb9ee964b.js', '_sheaf/mermaid-init.7c43269201.js', '_sheaf/katex/katex.min.css', '_sheaf/search-index.js', 'img/logo.0123456789.png', '_sheaf/sheaf.XYZ12345.js'].map(isHashedAsset)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('entry paths and links', () => {
  it('accepts plain relative paths and refuses the rest', () => {
    expect(checkEntryPath('./guides/a.html')).toEqual({ ok: true, path: 'guides/a.html' });
    expect(checkEntryPath('guides/')).toEqual({ ok: true, path: 'guides' });
    expect(['', './', 'a/../b', '..', 'a/./b', '/a', 'C:/a', 'a\\b', 'a\u0000b', `${'x'.repeat(256)}`].map((p) => checkEntryPath(p).ok)).toEqual(Array(10).fill(false));
  });

  it('cuts the query (the signature) and credentials out of links shown to people', () => {
    expect(redactUrl('https://user:pw@bucket.s3.amazonaws.com/se_1/bundle.tar.gz?X-Amz-Signature=abc')).toBe('https://user:***@bucket.s3.amazonaws.com/se_1/bundle.tar.gz?…');
    expect(redactUrl('http://127.0.0.1:9000/b.zip')).toBe('http://127.0.0.1:9000/b.zip');
    expect(redactUrl('not a url?sig=1')).toBe('(an invalid URL)');
  });
});
