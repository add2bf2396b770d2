import { describe, expect, it } from 'vitest';
import { defaultFeatures } from '../../../src/deployment/features.js';
import type { SitePage } from '../../../src/model/site.js';
import { breadcrumbTrail } from '../../../src/render/layout/breadcrumb-trail.js';
import { renderDocument } from '../../../src/render/layout/render-document.js';
import { structuredDataUrls } from '../../../src/render/layout/structured-data-urls.js';
import { config, inputFor, navigation } from './fixture.js';

/**
 * The JSON-LD graph of a page (optimize/seo.mdx "Structured data"; organize/settings-seo.mdx
 * `seo.organization`), through renderDocument on the layout fixture (test/render/layout/fixture.ts):
 * pinned value by value, for a documentation page two group levels deep, an API page, with and
 * without `seo.organization` and a site URL, and absent where Mintlify writes none.
 */

const SITE = 'https://docs.acme.test/';
const DEEP = '/advanced/deploy/docker';
const BLOCK = /<script type="application\/ld\+json">(.*?)<\/script>/g;

/** The JSON-LD blocks of a document, as written. */
const blocks = (html: string): string[] => [...html.matchAll(BLOCK)].map((m) => m[1] ?? '');

/** The one JSON-LD block of a document, parsed. */
function graphOf(html: string): unknown {
  const found = blocks(html);
  expect(found).toHaveLength(1);
  return JSON.parse(found[0] ?? '') as unknown;
}

/** The Organization and WebSite of the fixture site under https://docs.acme.test/, without seo.organization. */
const SITE_ENTITIES = [
  { '@type': 'Organization', '@id': 'https://docs.acme.test/#organization', name: 'Acme', url: 'https://docs.acme.test/', logo: 'https://docs.acme.test/logo/light.svg' },
  {
    '@type': 'WebSite',
    '@id': 'https://docs.acme.test/#website',
    url: 'https://docs.acme.test/',
    name: 'Acme',
    description: 'Acme developer documentation',
    publisher: { '@id': 'https://docs.acme.test/#organization' },
  },
];

describe('structured data of a documentation page', () => {
  it('is one connected @graph: Organization, WebSite, WebPage, BreadcrumbList (two group levels under a tab) and TechArticle, absolute under the site URL', () => {
    const page = 'https://docs.acme.test/advanced/deploy/docker/';
    expect(graphOf(renderDocument(inputFor(DEEP, { siteUrl: SITE })))).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        ...SITE_ENTITIES,
        {
          '@type': 'WebPage',
          '@id': page,
          url: page,
          name: 'Deploy with Docker',
          isPartOf: { '@id': 'https://docs.acme.test/#website' },
          breadcrumb: { '@id': `${page}#breadcrumb` },
        },
        {
          '@type': 'BreadcrumbList',
          '@id': `${page}#breadcrumb`,
          itemListElement: [
            // The version (v1) is a switcher, not a step; the tab and both groups are, each leading to its first page.
            { '@type': 'ListItem', position: 1, name: 'Guides', item: 'https://docs.acme.test/' },
            { '@type': 'ListItem', position: 2, name: 'Advanced', item: 'https://docs.acme.test/advanced/config/' },
            { '@type': 'ListItem', position: 3, name: 'Deployment', item: page },
            { '@type': 'ListItem', position: 4, name: 'Deploy with Docker', item: page },
          ],
        },
        {
          '@type': 'TechArticle',
          '@id': `${page}#article`,
          headline: 'Deploy with Docker',
          mainEntityOfPage: { '@id': page },
          publisher: { '@id': 'https://docs.acme.test/#organization' },
        },
      ],
    });
  });

  it('writes the compact JSON in <head>, before the theme script, and the same bytes on every render', () => {
    const html = renderDocument(inputFor('/quickstart', { siteUrl: SITE }));
    const expected =
      '<script type="application/ld+json">{"@context":"https://schema.org","@graph":[' +
      '{"@type":"Organization","@id":"https://docs.acme.test/#organization","name":"Acme","url":"https://docs.acme.test/","logo":"https://docs.acme.test/logo/light.svg"},' +
      '{"@type":"WebSite","@id":"https://docs.acme.test/#website","url":"https://docs.acme.test/","name":"Acme","description":"Acme developer documentation","publisher":{"@id":"https://docs.acme.test/#organization"}},' +
      '{"@type":"WebPage","@id":"https://docs.acme.test/quickstart/","url":"https://docs.acme.test/quickstart/","name":"Quickstart","description":"Start in five minutes.","isPartOf":{"@id":"https://docs.acme.test/#website"},"breadcrumb":{"@id":"https://docs.acme.test/quickstart/#breadcrumb"}},' +
      '{"@type":"BreadcrumbList","@id":"https://docs.acme.test/quickstart/#breadcrumb","itemListElement":[{"@type":"ListItem","position":1,"name":"Guides","item":"https://docs.acme.test/"},{"@type":"ListItem","position":2,"name":"Get started","item":"https://docs.acme.test/"},{"@type":"ListItem","position":3,"name":"Quickstart","item":"https://docs.acme.test/quickstart/"}]},' +
      '{"@type":"TechArticle","@id":"https://docs.acme.test/quickstart/#article","headline":"Quickstart","description":"Start in five minutes.","mainEntityOfPage":{"@id":"https://docs.acme.test/quickstart/"},"publisher":{"@id":"https://docs.acme.test/#organization"}}' +
      ']}</script><script>"use strict";';
    expect(html).toContain(`<meta name="description" content="Start in five minutes."/>${expected}`);
    expect(renderDocument(inputFor('/quickstart', { siteUrl: SITE }))).toBe(html);
  });

  it('adds the page keywords (a list or one string) and the date the page shows as dateModified', () => {
    const shown = { ...config, metadata: { timestamp: true } };
    const graph = graphOf(renderDocument(inputFor('/quickstart', { siteUrl: SITE, config: shown, lastModified: '2025-03-04', frontmatter: { keywords: ['setup', 7, ' ', 'install'] } }))) as { '@graph': Record<string, unknown>[] };
    expect(graph['@graph'][2]).toEqual({
      '@type': 'WebPage',
      '@id': 'https://docs.acme.test/quickstart/',
      url: 'https://docs.acme.test/quickstart/',
      name: 'Quickstart',
      description: 'Start in five minutes.',
      dateModified: '2025-03-04',
      isPartOf: { '@id': 'https://docs.acme.test/#website' },
      breadcrumb: { '@id': 'https://docs.acme.test/quickstart/#breadcrumb' },
    });
    expect(graph['@graph'][4]).toEqual({
      '@type': 'TechArticle',
      '@id': 'https://docs.acme.test/quickstart/#article',
      headline: 'Quickstart',
      description: 'Start in five minutes.',
      keywords: ['setup', 'install'],
      dateModified: '2025-03-04',
      mainEntityOfPage: { '@id': 'https://docs.acme.test/quickstart/' },
      publisher: { '@id': 'https://docs.acme.test/#organization' },
    });
    const one = graphOf(renderDocument(inputFor('/quickstart', { siteUrl: SITE, frontmatter: { keywords: 'setup, install' } }))) as { '@graph': Record<string, unknown>[] };
    expect(one['@graph'][4]?.['keywords']).toBe('setup, install');
    // A date the page does not show (timestamps off) is not its dateModified either.
    const hidden = renderDocument(inputFor('/quickstart', { siteUrl: SITE, lastModified: '2025-03-04' }));
    expect(hidden).not.toContain('dateModified');
    expect(hidden).not.toContain('2025-03-04');
  });
});

describe('structured data of an API page', () => {
  it('makes a page generated from OpenAPI an APIReference under its tab and group', () => {
    const page = 'https://docs.acme.test/api-reference/users/list-users/';
    const graph = graphOf(renderDocument(inputFor('/api-reference/users/list-users', { siteUrl: SITE }))) as { '@graph': unknown[] };
    expect(graph['@graph'].slice(0, 2)).toEqual(SITE_ENTITIES);
    expect(graph['@graph'].slice(3)).toEqual([
      {
        '@type': 'BreadcrumbList',
        '@id': `${page}#breadcrumb`,
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'API Reference', item: page },
          { '@type': 'ListItem', position: 2, name: 'Users', item: page },
          { '@type': 'ListItem', position: 3, name: 'List users', item: page },
        ],
      },
      { '@type': 'APIReference', '@id': `${page}#article`, headline: 'List users', mainEntityOfPage: { '@id': page }, publisher: { '@id': 'https://docs.acme.test/#organization' } },
    ]);
  });

  it('makes an MDX page with api, openapi or asyncapi frontmatter, and an AsyncAPI channel page, an APIReference; other MDX pages stay TechArticle', () => {
    const typeOf = (html: string): unknown => (graphOf(html) as { '@graph': Record<string, unknown>[] })['@graph'][4]?.['@type'];
    for (const frontmatter of [{ api: 'POST https://api.acme.test/users' }, { openapi: 'GET /users' }, { asyncapi: 'asyncapi.yaml chat' }]) {
      expect(typeOf(renderDocument(inputFor('/quickstart', { frontmatter }))), JSON.stringify(frontmatter)).toBe('APIReference');
    }
    const channel: SitePage = { route: '/quickstart', kind: 'channel', source: 'asyncapi.yaml', title: 'Chat', hidden: false, channel: { document: 'asyncapi.yaml', channel: 'chat' } };
    expect(typeOf(renderDocument(inputFor('/quickstart', { page: channel })))).toBe('APIReference');
    expect(typeOf(renderDocument(inputFor('/quickstart', { frontmatter: { api: '', openapi: null } })))).toBe('TechArticle');
  });
});

describe('seo.organization', () => {
  it('is the publisher with every documented field; the site under a base path keeps the origin in the default @id', () => {
    const organization = {
      legalName: 'Acme Corporation',
      url: 'https://acme.test',
      logo: 'https://acme.test/brand/logo.png',
      sameAs: ['https://x.com/acme', 'https://github.com/acme'],
    };
    const graph = graphOf(renderDocument(inputFor('/', { siteUrl: 'https://acme.test/docs', config: { ...config, seo: { organization } } }))) as { '@graph': unknown[] };
    expect(graph['@graph'].slice(0, 2)).toEqual([
      {
        '@type': 'Organization',
        '@id': 'https://acme.test/#organization',
        name: 'Acme',
        legalName: 'Acme Corporation',
        url: 'https://acme.test',
        logo: 'https://acme.test/brand/logo.png',
        sameAs: ['https://x.com/acme', 'https://github.com/acme'],
      },
      {
        '@type': 'WebSite',
        '@id': 'https://acme.test/docs/#website',
        url: 'https://acme.test/docs/',
        name: 'Acme',
        description: 'Acme developer documentation',
        publisher: { '@id': 'https://acme.test/#organization' },
      },
    ]);
    expect(graph['@graph'][2]).toMatchObject({ '@id': 'https://acme.test/docs/', url: 'https://acme.test/docs/' });
  });

  it('takes its own @id and name, and every entity names the publisher by that @id', () => {
    const organization = { id: 'https://acme.test/#org', name: 'Acme Inc.' };
    const json = blocks(renderDocument(inputFor(DEEP, { siteUrl: SITE, config: { ...config, seo: { organization } } })))[0] ?? '';
    const graph = JSON.parse(json) as { '@graph': Record<string, unknown>[] };
    expect(graph['@graph'][0]).toEqual({ '@type': 'Organization', '@id': 'https://acme.test/#org', name: 'Acme Inc.', url: 'https://docs.acme.test/', logo: 'https://docs.acme.test/logo/light.svg' });
    expect(json.split('"@id":"https://acme.test/#org"')).toHaveLength(4);
    expect(json).not.toContain('#organization');
  });
});

describe('structured data without a site URL', () => {
  it('writes IRI references relative to the page, and the organization as /#organization (its documented <site origin>/#organization)', () => {
    const graph = graphOf(renderDocument(inputFor(DEEP))) as { '@graph': unknown[] };
    expect(graph['@graph']).toEqual([
      { '@type': 'Organization', '@id': '/#organization', name: 'Acme', url: '../../../', logo: '../../../logo/light.svg' },
      { '@type': 'WebSite', '@id': '../../../#website', url: '../../../', name: 'Acme', description: 'Acme developer documentation', publisher: { '@id': '/#organization' } },
      {
        '@type': 'WebPage',
        '@id': '../../../advanced/deploy/docker/',
        url: '../../../advanced/deploy/docker/',
        name: 'Deploy with Docker',
        isPartOf: { '@id': '../../../#website' },
        breadcrumb: { '@id': '../../../advanced/deploy/docker/#breadcrumb' },
      },
      {
        '@type': 'BreadcrumbList',
        '@id': '../../../advanced/deploy/docker/#breadcrumb',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Guides', item: '../../../' },
          { '@type': 'ListItem', position: 2, name: 'Advanced', item: '../../../advanced/config/' },
          { '@type': 'ListItem', position: 3, name: 'Deployment', item: '../../../advanced/deploy/docker/' },
          { '@type': 'ListItem', position: 4, name: 'Deploy with Docker', item: '../../../advanced/deploy/docker/' },
        ],
      },
      { '@type': 'TechArticle', '@id': '../../../advanced/deploy/docker/#article', headline: 'Deploy with Docker', mainEntityOfPage: { '@id': '../../../advanced/deploy/docker/' }, publisher: { '@id': '/#organization' } },
    ]);
  });

  it('resolves, read from any address the site is served at, to the ids and URLs written with that site URL', () => {
    // JSON-LD resolves relative IRIs against the page's address: the same graph as with --site-url.
    for (const site of ['https://docs.acme.test/', 'https://acme.test/some/base/']) {
      const pageAddress = new URL('advanced/deploy/docker/', site);
      const resolve = (value: unknown, key = ''): unknown => {
        if (Array.isArray(value)) return value.map((v) => resolve(v, key));
        if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, k)]));
        return typeof value === 'string' && ['@id', 'url', 'item', 'logo'].includes(key) ? new URL(value, pageAddress).href : value;
      };
      expect(resolve(graphOf(renderDocument(inputFor(DEEP))))).toEqual(graphOf(renderDocument(inputFor(DEEP, { siteUrl: site }))));
    }
  });

  it('names the root page ./ from the site root, and takes a site URL that is no http(s) URL as none', () => {
    const graph = graphOf(renderDocument(inputFor('/', { siteUrl: 'docs.acme.test' }))) as { '@graph': Record<string, unknown>[] };
    expect(graph['@graph'][1]).toMatchObject({ '@id': './#website', url: './' });
    expect(graph['@graph'][2]).toMatchObject({ '@id': './', url: './', breadcrumb: { '@id': './#breadcrumb' } });
    expect(graph['@graph'][0]).toMatchObject({ '@id': '/#organization', logo: 'logo/light.svg' });
  });
});

describe('where no structured data is written', () => {
  it('writes none on a noindex page, nor on a hidden page; a hidden page indexed with seo.indexing "all" has it, its breadcrumb the page alone', () => {
    expect(blocks(renderDocument(inputFor('/quickstart', { siteUrl: SITE, frontmatter: { noindex: true } })))).toEqual([]);
    expect(blocks(renderDocument(inputFor('/orphan', { siteUrl: SITE })))).toEqual([]);
    const all = graphOf(renderDocument(inputFor('/orphan', { siteUrl: SITE, config: { ...config, seo: { indexing: 'all' } } }))) as { '@graph': Record<string, unknown>[] };
    expect(all['@graph'][3]).toEqual({
      '@type': 'BreadcrumbList',
      '@id': 'https://docs.acme.test/orphan/#breadcrumb',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Orphan', item: 'https://docs.acme.test/orphan/' }],
    });
  });

  it('leaves an external docs logo out of an air-gapped site (its header shows none), but keeps the organization as configured', () => {
    const remote = { ...config, logo: 'https://cdn.acme.test/logo.svg' };
    const cloud = graphOf(renderDocument(inputFor(DEEP, { siteUrl: SITE, config: remote }))) as { '@graph': Record<string, unknown>[] };
    expect(cloud['@graph'][0]?.['logo']).toBe('https://cdn.acme.test/logo.svg');
    const airGapped = graphOf(renderDocument(inputFor(DEEP, { siteUrl: SITE, config: remote, features: defaultFeatures('air-gapped') }))) as { '@graph': Record<string, unknown>[] };
    expect(airGapped['@graph'][0]).toEqual({ '@type': 'Organization', '@id': 'https://docs.acme.test/#organization', name: 'Acme', url: 'https://docs.acme.test/' });
    const configured = { ...remote, seo: { organization: { logo: 'https://acme.test/brand/logo.png', sameAs: ['https://x.com/acme'] } } };
    const kept = graphOf(renderDocument(inputFor(DEEP, { siteUrl: SITE, config: configured, features: defaultFeatures('air-gapped') }))) as { '@graph': Record<string, unknown>[] };
    expect(kept['@graph'][0]).toMatchObject({ logo: 'https://acme.test/brand/logo.png', sameAs: ['https://x.com/acme'] });
    // A logo file that was not copied to the site is no logo either.
    const missing = graphOf(renderDocument(inputFor(DEEP, { siteUrl: SITE, config: { ...config, logo: '/nope.svg' } }))) as { '@graph': Record<string, unknown>[] };
    expect(missing['@graph'][0]).not.toHaveProperty('logo');
  });

  it('cannot be closed by a title: `</script>` and `<!--` are written as \\u003c escapes and parse back', () => {
    const attack = 'Deploy </script><script>alert(1)</script> <!-- & co';
    const html = renderDocument(inputFor(DEEP, { siteUrl: SITE, page: { ...inputFor(DEEP).page, title: attack } }));
    const json = blocks(html)[0] ?? '';
    expect(json).not.toContain('<');
    expect(json).toContain('"headline":"Deploy \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u003c!-- \\u0026 co"');
    expect(html).not.toContain('<script>alert(1)');
    expect((JSON.parse(json) as { '@graph': Record<string, unknown>[] })['@graph'][4]?.['headline']).toBe(attack);
  });
});

describe('breadcrumbTrail and structuredDataUrls', () => {
  it('lists the steps above a page: a group whose root is the page is the page itself', () => {
    expect(breadcrumbTrail(navigation, '/advanced/plugins')).toEqual([
      { title: 'Guides', route: '/' },
      { title: 'Advanced', route: '/advanced/config' },
    ]);
    expect(breadcrumbTrail(navigation, '/advanced/plugins/writing')).toEqual([
      { title: 'Guides', route: '/' },
      { title: 'Advanced', route: '/advanced/config' },
      { title: 'Plugins', route: '/advanced/plugins' },
    ]);
    expect(breadcrumbTrail(navigation, '/v2/intro')).toEqual([{ title: 'Start', route: '/v2/intro' }]);
    expect(breadcrumbTrail(navigation, '/secret/one')).toEqual([]);
  });

  it('percent-encodes routes and file names in absolute URLs, and keeps external files as written', () => {
    const urls = structuredDataUrls('../', 'https://acme.test/docs/?x=1#top', 'directory');
    expect(urls.root).toBe('https://acme.test/docs/');
    expect(urls.organizationId).toBe('https://acme.test/#organization');
    expect(urls.page('/a b/c?')).toBe('https://acme.test/docs/a%20b/c%3F/');
    expect(urls.file('/images/my logo#1.svg')).toBe('https://acme.test/docs/images/my%20logo%231.svg');
    expect(urls.file(' https://cdn.acme.test/logo.svg')).toBe('https://cdn.acme.test/logo.svg');
    expect(structuredDataUrls('../', undefined, 'directory').page('/a b')).toBe('../a%20b/');
  });
});
