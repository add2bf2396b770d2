import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { assets, config, inputFor } from './fixture.js';
import { expectGolden, extract } from './golden.js';

const header = (html: string): string => extract(html, '<header class="sheaf-header"');
const tabs = (html: string): string[] =>
  [...extract(html, '<nav class="sheaf-section-tabs').matchAll(/<a href="([^"]*)"[^>]* class="(sheaf-section-tab[^"]*)">.*?<span>([^<]*)<\/span><\/a>/g)].map(
    (m) => `${m[3]} ${m[1]}${m[2]?.includes('is-active') ? ' (active)' : ''}`,
  );

describe('header', () => {
  it('renders logo, search button, navbar, theme toggle and tabs (golden)', () => {
    expectGolden('header', header(renderDocument(inputFor('/advanced/deploy/docker'))));
  });

  it('lists the tabs of the current version, the active one marked, hidden tabs left out, link tabs as written', () => {
    expect(tabs(renderDocument(inputFor('/advanced/deploy/docker')))).toEqual([
      'Guides ../../../ (active)',
      'API Reference ../../../api-reference/users/list-users/',
      'Blog https://acme.test/blog',
    ]);
    expect(tabs(renderDocument(inputFor('/api-reference/users/create-user')))).toEqual([
      'Guides ../../../',
      'API Reference ../../../api-reference/users/list-users/ (active)',
      'Blog https://acme.test/blog',
    ]);
  });

  it('has no tab row when the version has no tabs', () => {
    const html = renderDocument(inputFor('/v2/intro'));
    expect(html).not.toContain('sheaf-section-tabs');
    expect(html).not.toContain('sheaf-has-tabs');
  });

  it('shows the search button with its shortcut only when the site has a search index', () => {
    expect(header(renderDocument(inputFor('/')))).toContain('<kbd data-sheaf-shortcut="true" class="sheaf-kbd">Ctrl K</kbd>');
    const { searchIndex: _, ...noSearch } = assets;
    const html = renderDocument(inputFor('/', { assets: noSearch }));
    expect(html).not.toContain('data-sheaf-search-open');
    expect(html).not.toContain('<dialog');
  });

  it('uses the search prompt of docs.json', () => {
    const html = renderDocument(inputFor('/', { config: { ...config, search: { prompt: 'Ask Acme…' } } }));
    expect(html).toContain('<span class="sheaf-search-button-text">Ask Acme…</span>');
    expect(html).toContain('placeholder="Ask Acme…"');
  });

  it('shows the site name without a logo, and links the logo to logo.href', () => {
    const { logo: _, ...noLogo } = config;
    expect(header(renderDocument(inputFor('/quickstart', { config: noLogo as typeof config })))).toContain('<a href="../" data-href="/" class="sheaf-logo"><span class="sheaf-logo-text nav-logo">Acme</span></a>');
    const linked = renderDocument(inputFor('/quickstart', { config: { ...config, logo: { light: 'logo/light.svg', dark: 'logo/light.svg', href: 'https://acme.test' } } }));
    expect(linked).toContain('<a href="https://acme.test" class="sheaf-logo"><img src="../logo/light.svg" alt="Acme" class="sheaf-logo-light nav-logo"/></a>');
  });
});

describe('banner', () => {
  const banner = { content: 'Acme **2.0** is out: read [the guide](/quickstart) or `npm i acme`.', dismissible: true, type: 'warning' as const };

  it('renders docs.json banner content as simple Markdown with relative links (golden)', () => {
    const html = renderDocument(inputFor('/advanced/config', { config: { ...config, banner } }));
    expectGolden('banner', extract(html, '<div class="sheaf-banner'));
  });

  it('names a dismissible banner by its content, so a new banner shows again', () => {
    const a = renderDocument(inputFor('/', { config: { ...config, banner } }));
    const b = renderDocument(inputFor('/', { config: { ...config, banner: { ...banner, content: 'Another' } } }));
    const id = (html: string) => /<html[^>]* data-banner="([0-9a-f]{10})"/.exec(html)?.[1];
    expect(id(a)).toMatch(/^[0-9a-f]{10}$/);
    expect(a).toContain(`data-sheaf-banner="${id(a)}"`);
    expect(id(b)).not.toBe(id(a));
  });

  it('has no dismiss button unless dismissible', () => {
    const html = renderDocument(inputFor('/', { config: { ...config, banner: { content: 'Hello' } } }));
    expect(html).toContain('<div id="banner" role="region" aria-label="Announcement" class="sheaf-banner sheaf-banner-info">');
    expect(html).not.toContain('data-sheaf-banner-dismiss');
    expect(html).not.toContain('data-banner=');
  });
});
