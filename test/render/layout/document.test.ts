import { describe, expect, it } from 'vitest';
import { defaultFeatures } from '../../../src/deployment/features.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { clientBundle } from '../../client/client-bundle.js';
import { assets, body, config, inputFor, pages } from './fixture.js';
import { expectGolden, extract, urls } from './golden.js';

const DEEP = '/advanced/deploy/docker';

/** Site paths an internal URL may point at: page folders and asset files. */
function siteTargets(): Set<string> {
  const targets = new Set<string>();
  for (const route of pages.keys()) targets.add(route === '/' ? '/' : `${route}/`);
  for (const file of [...assets.css, ...assets.js, ...(assets.searchIndex ? [assets.searchIndex] : []), ...assets.files]) targets.add(`/${file}`);
  targets.add('/changelog/'); // footer link to a site path written in docs.json
  return targets;
}

describe('renderDocument', () => {
  const doc = renderDocument(inputFor(DEEP));

  it('renders the whole document of a page (golden)', () => {
    expectGolden('document-default', doc);
  });

  it('starts with the doctype and carries what the scripts read on <html>', () => {
    expect(doc.startsWith('<!doctype html>\n<html lang="en" class="sheaf-mode-default sheaf-theme-mint sheaf-has-tabs" data-base="../../../" data-route="/advanced/deploy/docker" data-current-path="/advanced/deploy/docker" data-version="v1" data-sheaf-header="full" data-sheaf-search="center" data-sheaf-tabs="row" data-sheaf-primary="pill" data-sheaf-links="text" data-sheaf-sidebar="none" data-sheaf-nav="tiles" data-sheaf-mark="tint" data-sheaf-outline="bar-heading rail" data-sheaf-image="plain" data-sheaf-link="underline" data-theme-default="system">\n')).toBe(true);
  });

  it('writes no root-relative URL: every link and asset is relative', () => {
    expect(doc).not.toMatch(/\s(?:href|src)="\//);
    expect(renderDocument(inputFor('/'))).not.toMatch(/\s(?:href|src)="\//);
  });

  it('resolves every internal URL of a page two levels deep to a page or asset of the site, under any base path', () => {
    const targets = siteTargets();
    for (const mount of ['https://docs.acme.test/', 'https://acme.test/some/base/', 'file:///home/me/site/']) {
      const pageUrl = new URL('advanced/deploy/docker/', mount);
      const internal = urls(doc).filter((u) => !/^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(u));
      expect(internal.length).toBeGreaterThan(20);
      for (const href of internal) {
        const resolved = new URL(href, pageUrl);
        expect(resolved.href.startsWith(mount), `${href} leaves the site`).toBe(true);
        const sitePath = `/${resolved.href.slice(mount.length).replace(/[?#].*$/, '')}`;
        expect(targets.has(sitePath), `${href} → ${sitePath}`).toBe(true);
      }
    }
  });

  it('links the home page as base, or ./ from the root, with Mintlify\'s href as data-href', () => {
    expect(doc).toContain('<a href="../../../" data-href="/" class="sheaf-logo">');
    expect(renderDocument(inputFor('/'))).toContain('<a href="./" data-href="/" class="sheaf-logo">');
  });

  it('never shows hidden divisions, groups or pages', () => {
    for (const html of [doc, renderDocument(inputFor('/secret/one')), renderDocument(inputFor('/hidden-tab/page'))]) {
      // The page's own parts (its <html> route, title and body) may name it; the chrome must not.
      const chrome = html.replace(extract(html, '<main'), '').replace(/<title>.*<\/title>/, '').replace(/<html [^>]*>/, '');
      expect(chrome).not.toContain('Secret');
      expect(chrome).not.toContain('Hidden tab');
      expect(chrome).not.toContain('secret/one');
      expect(chrome).not.toContain('hidden-tab');
    }
  });
});

describe('head', () => {
  const doc = renderDocument(inputFor(DEEP));
  const head = doc.slice(doc.indexOf('<head>'), doc.indexOf('</head>'));

  it('renders meta, theme script, favicon, stylesheets, brand variables and deferred scripts (golden)', () => {
    expectGolden('head', head);
  });

  it('runs the theme script before any stylesheet', () => {
    const script = head.indexOf(`<script>${clientBundle('theme-head').trimEnd()}</script>`);
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    expect(script).toBeLessThan(head.indexOf('<style>'));
  });

  it('titles the page `page — site`, and describes it with its own description or the site\'s', () => {
    expect(head).toContain('<title>Deploy with Docker — Acme</title>');
    expect(head).toContain('<meta name="description" content="Acme developer documentation"/>');
    expect(renderDocument(inputFor('/quickstart'))).toContain('<meta name="description" content="Start in five minutes."/>');
  });

  it('marks hidden pages and frontmatter noindex pages noindex, and only them', () => {
    expect(head).not.toContain('noindex');
    expect(renderDocument(inputFor('/orphan'))).toContain('<meta name="robots" content="noindex"/>');
    expect(renderDocument(inputFor('/quickstart', { frontmatter: { noindex: true } }))).toContain('<meta name="robots" content="noindex"/>');
  });

  it('defines the brand colours from docs.json', () => {
    expect(head).toContain('<style>:root{--sheaf-primary:#0D9373;--sheaf-primary-light:#07C983;--sheaf-primary-dark:#0D9373;--sheaf-accent:#0D9373;--sheaf-on-primary:#ffffff}\nhtml.dark{--sheaf-accent:#07C983}</style>');
  });

  it('loads a feature\'s assets only on pages that use it', () => {
    expect(head).not.toContain('katex');
    const math = renderDocument(inputFor(DEEP, { body: { ...body, features: ['math'] } }));
    expect(math).toContain('<link rel="stylesheet" href="../../../_sheaf/katex/katex.min.css"/>');
  });

  it('uses a light and a dark favicon by colour scheme, and leaves out files that were not copied', () => {
    const two = renderDocument(inputFor(DEEP, { config: { ...config, favicon: { light: '/logo/light.svg', dark: 'logo/dark.svg' } } }));
    expect(two).toContain('<link rel="icon" href="../../../logo/light.svg" type="image/svg+xml" media="(prefers-color-scheme: light)"/>');
    expect(two).toContain('<link rel="icon" href="../../../logo/dark.svg" type="image/svg+xml" media="(prefers-color-scheme: dark)"/>');
    const missing = renderDocument(inputFor(DEEP, { config: { ...config, favicon: '/nope.png' } }));
    expect(missing).not.toContain('rel="icon"');
  });

  it('adds docs.json seo.metatags and the page\'s og: and twitter: frontmatter', () => {
    const html = renderDocument(
      inputFor(DEEP, {
        config: { ...config, seo: { metatags: { 'og:site_name': 'Acme', 'twitter:site': '@acme' } } },
        frontmatter: { 'og:image': 'https://acme.test/og.png', 'twitter:site': '@acmedocs', title: 'ignored' },
      }),
    );
    expect(html).toContain('<meta property="og:image" content="https://acme.test/og.png"/><meta property="og:site_name" content="Acme"/><meta name="twitter:site" content="@acmedocs"/>');
  });

  it('loads nothing from the network in an air-gapped site', () => {
    const html = renderDocument(
      inputFor(DEEP, {
        features: defaultFeatures('air-gapped'),
        config: { ...config, favicon: 'https://cdn.acme.test/f.png', logo: 'https://cdn.acme.test/logo.svg', fonts: { family: 'Inter', source: 'https://fonts.acme.test/inter.woff2' } },
      }),
    );
    expect(html).not.toMatch(/\ssrc="https?:/);
    expect(html).not.toContain('cdn.acme.test');
    expect(html).not.toContain('fonts.acme.test');
    expect(html).not.toContain('community.acme.test/community.svg');
    expect(html).toContain('<span class="sheaf-logo-text nav-logo">Acme</span>');
    expect(html).toContain('--sheaf-font-body:"Inter",var(--sheaf-font-system)');
  });
});

describe('theme', () => {
  it('passes appearance.default to the scripts and shows the toggle', () => {
    const html = renderDocument(inputFor(DEEP, { config: { ...config, appearance: { default: 'dark' } } }));
    expect(html).toContain('data-theme-default="dark">');
    expect(html).toContain('data-sheaf-theme-toggle');
  });

  it('hides the toggle and ignores the saved choice with appearance.strict', () => {
    const html = renderDocument(inputFor(DEEP, { config: { ...config, appearance: { default: 'dark', strict: true } } }));
    expect(html).toContain('data-theme-default="dark" data-theme-strict>');
    expect(html).not.toContain('data-sheaf-theme-toggle');
  });
});
