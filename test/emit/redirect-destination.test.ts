import { describe, expect, it } from 'vitest';
import { redirectDestination } from '../../src/emit/redirect-destination.js';
import { documentAtRoot } from '../../src/emit/site-root.js';
import { renderRedirectsFile } from '../../src/emit/site-files.js';
import type { LinkTargets } from '../../src/render/links/site-link.js';

const targets: LinkTargets = { routes: new Set(['/', '/agent', '/es/agent', '/cli']), files: new Set(['openapi.json', 'old/page']), redirects: new Set(['old/page']) };

describe('redirectDestination: as Mintlify reads page paths (gap 1 of the issue 11 review)', () => {
  it('a destination naming a page by /index, .mdx, .md or another letter case becomes the page path', () => {
    const written = ['/agent/index', '/es/agent/index', '/agent/index.mdx', '/agent.md', '/Agent', '/cli/index#install', 'agent/index', '/index'];
    expect(written.map((d) => redirectDestination(d, targets))).toEqual(['/agent', '/es/agent', '/agent', '/agent', '/agent', '/cli#install', '/agent', '/']);
  });

  it('keeps page paths, files, other redirects, pages that do not exist, placeholders and absolute URLs', () => {
    const kept = ['/agent', '/agent/', '/openapi.json', '/old/page', '/no-such-page', '/blog/:slug*', '/x/*', 'https://x.test/agent/index', '//x.test/a', 'javascript:alert(1)'];
    expect(kept.map((d) => redirectDestination(d, targets))).toEqual(kept);
    // Without its leading slash, a site path gets one.
    expect(redirectDestination('nowhere', targets)).toBe('/nowhere');
  });

  it('_redirects follows it: a host redirects to the page, not to /agent/index', () => {
    const redirects = [{ source: '/agent/linear', destination: '/agent/index' }, { source: '/old-cli', destination: '/cli/index#install', permanent: false }];
    expect(renderRedirectsFile(redirects.map((r) => ({ ...r, destination: redirectDestination(r.destination, targets) })))).toBe(
      '/agent/linear /agent 308\n/old-cli /cli#install 307\n',
    );
  });
});

describe('documentAtRoot: the first page written at / (gap 8)', () => {
  it('carries data-current-path="/" on <html>; every other byte is the page', () => {
    const page = '<!doctype html>\n<html lang="en" data-route="/intro" data-current-path="/intro" data-theme-default="system">\n<head></head><body><p data-current-path="/intro">x</p></body></html>\n';
    expect(documentAtRoot(page)).toBe(page.replace('data-current-path="/intro" data-theme', 'data-current-path="/" data-theme'));
  });

  it('leaves a document whose <html> has no such attribute as it is', () => {
    const page = '<!doctype html><html lang="en"><body><div data-current-path="/intro"></div></body></html>';
    expect(documentAtRoot(page)).toBe(page);
  });
});
