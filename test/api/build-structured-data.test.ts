import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../src/api/build.js';

/**
 * The JSON-LD of every page through `build`, on test/fixtures/structured-data (optimize/seo.mdx
 * "Structured data"): tabs Guides (a page two group levels deep, with `lastUpdatedDate` and
 * `metadata.timestamp`) and API reference (an MDX page with `api` frontmatter and an OpenAPI
 * operation page), a `noindex` page, a logo in the project. Pinned byte for byte.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/structured-data');

let tmp: string;
let count = 0;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheaf-structured-data-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Builds a copy of the fixture (its docs.json changed by `edit`); returns the diagnostics' codes and the JSON-LD blocks of a written file. */
async function buildSite(options: Partial<BuildOptions>, edit: (config: Record<string, unknown>) => void = () => {}) {
  count += 1;
  const root = path.join(tmp, `p${count}`);
  await cp(FIXTURE, root, { recursive: true });
  const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
  edit(config);
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
  const out = path.join(tmp, `out${count}`);
  const result = await build({ root, outDir: out, cacheDir: false, ...options });
  const jsonLd = async (file: string) => [...(await readFile(path.join(out, file), 'utf8')).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => m[1] ?? '');
  return { codes: result.diagnostics.map((d) => d.code), jsonLd };
}

const ORG = '{"@type":"Organization","@id":"https://docs.acme.test/#organization","name":"Acme Docs","url":"https://docs.acme.test/","logo":"https://docs.acme.test/images/logo.svg"}';
const SITE = '{"@type":"WebSite","@id":"https://docs.acme.test/#website","url":"https://docs.acme.test/","name":"Acme Docs","description":"Guides and API reference for Acme.","publisher":{"@id":"https://docs.acme.test/#organization"}}';
const graph = (...entities: string[]) => `{"@context":"https://schema.org","@graph":[${[ORG, SITE, ...entities].join(',')}]}`;
const PUBLISHER = '"publisher":{"@id":"https://docs.acme.test/#organization"}';

describe('structured data through build --site-url https://docs.acme.test/', () => {
  it('writes the documentation page two group levels deep as a TechArticle with its breadcrumbs and its lastUpdatedDate', async () => {
    const site = await buildSite({ siteUrl: 'https://docs.acme.test/' });
    // The copy is no git checkout: the other pages have no date (load/dates-unavailable says so).
    expect(site.codes).toEqual(['load/dates-unavailable']);
    const page = 'https://docs.acme.test/guides/deploy/docker/';
    expect(await site.jsonLd('guides/deploy/docker/index.html')).toEqual([
      graph(
        `{"@type":"WebPage","@id":"${page}","url":"${page}","name":"Deploy with Docker","description":"Run Acme in a container.","dateModified":"2025-03-04","isPartOf":{"@id":"https://docs.acme.test/#website"},"breadcrumb":{"@id":"${page}#breadcrumb"}}`,
        `{"@type":"BreadcrumbList","@id":"${page}#breadcrumb","itemListElement":[` +
          '{"@type":"ListItem","position":1,"name":"Guides","item":"https://docs.acme.test/"},' +
          '{"@type":"ListItem","position":2,"name":"Get started","item":"https://docs.acme.test/"},' +
          `{"@type":"ListItem","position":3,"name":"Deployment","item":"${page}"},` +
          `{"@type":"ListItem","position":4,"name":"Deploy with Docker","item":"${page}"}]}`,
        `{"@type":"TechArticle","@id":"${page}#article","headline":"Deploy with Docker","description":"Run Acme in a container.","dateModified":"2025-03-04","mainEntityOfPage":{"@id":"${page}"},${PUBLISHER}}`,
      ),
    ]);
    expect(await site.jsonLd('index.html')).toEqual([
      graph(
        '{"@type":"WebPage","@id":"https://docs.acme.test/","url":"https://docs.acme.test/","name":"Welcome","description":"Start here.","isPartOf":{"@id":"https://docs.acme.test/#website"},"breadcrumb":{"@id":"https://docs.acme.test/#breadcrumb"}}',
        '{"@type":"BreadcrumbList","@id":"https://docs.acme.test/#breadcrumb","itemListElement":[' +
          '{"@type":"ListItem","position":1,"name":"Guides","item":"https://docs.acme.test/"},' +
          '{"@type":"ListItem","position":2,"name":"Get started","item":"https://docs.acme.test/"},' +
          '{"@type":"ListItem","position":3,"name":"Welcome","item":"https://docs.acme.test/"}]}',
        `{"@type":"TechArticle","@id":"https://docs.acme.test/#article","headline":"Welcome","description":"Start here.","keywords":["setup","getting started"],"mainEntityOfPage":{"@id":"https://docs.acme.test/"},${PUBLISHER}}`,
      ),
    ]);
  });

  it('writes the page with `api` frontmatter and the OpenAPI operation page as APIReference; the noindex page and 404.html have none', async () => {
    const site = await buildSite({ siteUrl: 'https://docs.acme.test/' });
    const mdx = 'https://docs.acme.test/api/create-widget/';
    const tabCrumbs = '{"@type":"ListItem","position":1,"name":"API reference","item":"https://docs.acme.test/api/create-widget/"},{"@type":"ListItem","position":2,"name":"Widgets","item":"https://docs.acme.test/api/create-widget/"}';
    expect(await site.jsonLd('api/create-widget/index.html')).toEqual([
      graph(
        `{"@type":"WebPage","@id":"${mdx}","url":"${mdx}","name":"Create a widget","isPartOf":{"@id":"https://docs.acme.test/#website"},"breadcrumb":{"@id":"${mdx}#breadcrumb"}}`,
        `{"@type":"BreadcrumbList","@id":"${mdx}#breadcrumb","itemListElement":[${tabCrumbs},{"@type":"ListItem","position":3,"name":"Create a widget","item":"${mdx}"}]}`,
        `{"@type":"APIReference","@id":"${mdx}#article","headline":"Create a widget","mainEntityOfPage":{"@id":"${mdx}"},${PUBLISHER}}`,
      ),
    ]);
    const op = 'https://docs.acme.test/api-reference/list-widgets/';
    expect(await site.jsonLd('api-reference/list-widgets/index.html')).toEqual([
      graph(
        `{"@type":"WebPage","@id":"${op}","url":"${op}","name":"List widgets","isPartOf":{"@id":"https://docs.acme.test/#website"},"breadcrumb":{"@id":"${op}#breadcrumb"}}`,
        `{"@type":"BreadcrumbList","@id":"${op}#breadcrumb","itemListElement":[${tabCrumbs},{"@type":"ListItem","position":3,"name":"List widgets","item":"${op}"}]}`,
        `{"@type":"APIReference","@id":"${op}#article","headline":"List widgets","mainEntityOfPage":{"@id":"${op}"},${PUBLISHER}}`,
      ),
    ]);
    expect(await site.jsonLd('draft/index.html')).toEqual([]);
    expect(await site.jsonLd('404.html')).toEqual([]);
  });
});

describe('the site URL of the structured data', () => {
  it('is docs.json seo.metatags.canonical when no --site-url is given', async () => {
    const site = await buildSite({}, (c) => (c['seo'] = { metatags: { canonical: 'https://acme.test/docs' } }));
    const [json] = await site.jsonLd('guides/deploy/docker/index.html');
    const entities = (JSON.parse(json ?? 'null') as { '@graph': Record<string, unknown>[] })['@graph'];
    expect(entities.map((e) => e['@id'])).toEqual([
      'https://acme.test/#organization',
      'https://acme.test/docs/#website',
      'https://acme.test/docs/guides/deploy/docker/',
      'https://acme.test/docs/guides/deploy/docker/#breadcrumb',
      'https://acme.test/docs/guides/deploy/docker/#article',
    ]);
    expect(entities[0]).toEqual({ '@type': 'Organization', '@id': 'https://acme.test/#organization', name: 'Acme Docs', url: 'https://acme.test/docs/', logo: 'https://acme.test/docs/images/logo.svg' });
  });

  it('is unknown without either: the graph names the site by references relative to each page', async () => {
    const site = await buildSite({});
    expect(site.codes).toEqual(['build/no-site-url', 'load/dates-unavailable']);
    expect(await site.jsonLd('guides/deploy/docker/index.html')).toEqual([
      '{"@context":"https://schema.org","@graph":[' +
        '{"@type":"Organization","@id":"/#organization","name":"Acme Docs","url":"../../../","logo":"../../../images/logo.svg"},' +
        '{"@type":"WebSite","@id":"../../../#website","url":"../../../","name":"Acme Docs","description":"Guides and API reference for Acme.","publisher":{"@id":"/#organization"}},' +
        '{"@type":"WebPage","@id":"../../../guides/deploy/docker/","url":"../../../guides/deploy/docker/","name":"Deploy with Docker","description":"Run Acme in a container.","dateModified":"2025-03-04","isPartOf":{"@id":"../../../#website"},"breadcrumb":{"@id":"../../../guides/deploy/docker/#breadcrumb"}},' +
        '{"@type":"BreadcrumbList","@id":"../../../guides/deploy/docker/#breadcrumb","itemListElement":[{"@type":"ListItem","position":1,"name":"Guides","item":"../../../"},{"@type":"ListItem","position":2,"name":"Get started","item":"../../../"},{"@type":"ListItem","position":3,"name":"Deployment","item":"../../../guides/deploy/docker/"},{"@type":"ListItem","position":4,"name":"Deploy with Docker","item":"../../../guides/deploy/docker/"}]},' +
        '{"@type":"TechArticle","@id":"../../../guides/deploy/docker/#article","headline":"Deploy with Docker","description":"Run Acme in a container.","dateModified":"2025-03-04","mainEntityOfPage":{"@id":"../../../guides/deploy/docker/"},"publisher":{"@id":"/#organization"}}' +
        ']}',
    ]);
  });
});

describe('seo.organization through build', () => {
  it('replaces the derived publisher on every indexable page, the same entity everywhere', async () => {
    const organization = { id: 'https://acme.test/#organization', name: 'Acme', legalName: 'Acme Corporation', url: 'https://acme.test', logo: 'https://acme.test/logo.png', sameAs: ['https://github.com/acme'] };
    const site = await buildSite({ siteUrl: 'https://docs.acme.test/' }, (c) => (c['seo'] = { organization }));
    const expected = '{"@type":"Organization","@id":"https://acme.test/#organization","name":"Acme","legalName":"Acme Corporation","url":"https://acme.test","logo":"https://acme.test/logo.png","sameAs":["https://github.com/acme"]}';
    for (const file of ['index.html', 'guides/deploy/docker/index.html', 'api/create-widget/index.html', 'api-reference/list-widgets/index.html']) {
      const [json] = await site.jsonLd(file);
      expect(json?.startsWith(`{"@context":"https://schema.org","@graph":[${expected},{"@type":"WebSite","@id":"https://docs.acme.test/#website"`), file).toBe(true);
      expect(json?.split('"publisher":{"@id":"https://acme.test/#organization"}'), file).toHaveLength(3);
    }
  });
});
