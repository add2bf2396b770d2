import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/api/check.js';
import type { OperationIndex } from '../../src/model/openapi.js';
import type { NavNode } from '../../src/model/site.js';
import { buildOperationModel } from '../../src/openapi/operation-model/model-from-document.js';
import { requestParameters } from '../../src/openapi/operation-model/querystring-parameter.js';
import { applySelfBase } from '../../src/openapi/self-base.js';
import { navigationTag, tagPath, tagTitle } from '../../src/openapi/tag-path.js';
import { computeOperationRoutes } from '../../src/resolve/operation-routes.js';
import { operationDisplay, renderOperationPage } from '../../src/render/operation/render-operation.js';
import { codeSamplesFor } from '../../src/render/operation/code-samples/index.js';
import { expectGolden } from '../golden.js';
import { pretty } from '../render/operation/helpers.js';
import { op } from '../resolve/builders.js';
import { fixture, load, located } from './helpers.js';
import { loadText } from './temp-project.js';

/**
 * OpenAPI 3.2 (test/fixtures/openapi-v32): read as 3.1 plus what 3.2 adds. The document loads
 * without a diagnostic (validated against the official 3.2 schema), its `query` and
 * `additionalOperations` are operations, its tags nest, its pages show the query string, each
 * streamed event, the device flow and the deprecated scheme (golden pages), and its problems
 * are said where they are.
 */

const load32 = async () => {
  const result = await load('v32', { named: ['openapi.yaml', 'explicit.yaml'] });
  const doc = result.output.documents.find((d) => d.index.file === 'openapi.yaml');
  const explicit = result.output.documents.find((d) => d.index.file === 'explicit.yaml');
  if (!doc || !explicit) throw new Error('the 3.2 fixture did not load');
  return { result, doc, explicit };
};

describe('loading a 3.2 document', () => {
  it('indexes query and additionalOperations after the method fields, with their pointers, and the tags with summary, parent and kind', async () => {
    const { result, doc, explicit } = await load32();
    expect(result.diagnostics).toEqual([]);
    expect(doc.index.version).toBe('3.2.0');
    expect(doc.index.operations.map((o) => [o.method, o.path, o.pointer])).toEqual([
      ['get', '/products', '/paths/~1products/get'],
      ['query', '/products', '/paths/~1products/query'],
      ['link', '/products/{id}', '/paths/~1products~1{id}/additionalOperations/LINK'],
      ['get', '/products/{id}/reviews', '/paths/~1products~1{id}~1reviews/get'],
      ['get', '/catalog', '/paths/~1catalog/get'],
      ['get', '/events', '/paths/~1events/get'],
    ]);
    expect(explicit.index.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual(['QUERY /search', 'LINK /things/{id}', 'PURGE /things/{id}', 'QUERY /reports']);
    expect(doc.index.tags).toEqual([
      { name: 'catalog', summary: 'Catalog', kind: 'nav' },
      { name: 'products', summary: 'Products', parent: 'catalog', kind: 'nav' },
      { name: 'reviews', summary: 'Reviews', parent: 'products', kind: 'nav' },
      { name: 'beta', summary: 'Beta', kind: 'badge' },
      { name: 'streams', summary: 'Event streams', kind: 'nav' },
    ]);
  });

  it('resolves $refs against $self: the document by its own URI, and an absolute URI beside it', async () => {
    const { doc } = await load32();
    const get = doc.document as { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    // `catalog.yaml#/…` (the $self's name, not the file's) and `https://api.example.com/specs/catalog.yaml#/…` are the document itself.
    expect(JSON.stringify(get.paths['/products']?.['query']?.requestBody)).toContain('"$ref":"#/components/schemas/ProductQuery"');
    expect(JSON.stringify(get.paths['/products']?.['get']?.responses)).toContain('"$ref":"#/components/schemas/Product"');
    const document: Record<string, unknown> = {
      $self: 'https://example.com/apis/main.yaml',
      a: { $ref: 'https://example.com/apis/main.yaml#/x' },
      b: { $ref: 'main.yaml' },
      c: { $ref: 'https://example.com/apis/common/pet.yaml#/Pet' },
      d: { $ref: '/apis/common.yaml#/Pet' },
      e: { $ref: 'https://other.example.com/apis/pet.yaml#/Pet' },
      f: { $ref: 'common.yaml#/Pet' },
      g: { $ref: 'https://example.com/elsewhere/pet.yaml' },
      h: { $id: 'https://schemas.example.com/s', properties: { p: { $ref: 'https://example.com/apis/main.yaml#/x' } } },
    };
    expect(applySelfBase(document, false)).toBe(4);
    expect(JSON.parse(JSON.stringify(document))).toMatchObject({
      a: { $ref: '#/x' },
      b: { $ref: '#' },
      c: { $ref: 'common/pet.yaml#/Pet' },
      d: { $ref: 'common.yaml#/Pet' },
      e: { $ref: 'https://other.example.com/apis/pet.yaml#/Pet' },
      f: { $ref: 'common.yaml#/Pet' },
      g: { $ref: 'https://example.com/elsewhere/pet.yaml' },
      h: { properties: { p: { $ref: 'https://example.com/apis/main.yaml#/x' } } },
    });
    // A relative $self is a path on the document's own (unknown) origin.
    const relative: Record<string, unknown> = { $self: '/apis/main.yaml', a: { $ref: '/apis/main.yaml#/x' } };
    expect([applySelfBase(relative, false), relative['a']]).toEqual([1, { $ref: '#/x' }]);
    expect(applySelfBase({ a: { $ref: 'main.yaml#/x' } }, false)).toBe(0);
  });

  it('reports an additionalOperations key that repeats a method, and a parent that is undeclared or loops', async () => {
    const result = await load('v32-problems', { named: ['problems.yaml'] });
    expect(located(result.diagnostics)).toEqual([
      ['openapi/duplicate-method', 'problems.yaml', 20, 7],
      ['openapi/duplicate-method', 'problems.yaml', 28, 7],
      ['openapi/tag-parent', 'problems.yaml', 9, 5],
      ['openapi/tag-parent', 'problems.yaml', 11, 5],
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "`additionalOperations` of `/x` has the key `get`, but the method GET belongs in the path item's `get` field; Sheaf gives each method of a path one page, so this entry has none.",
      '`additionalOperations` of `/x` has the key `Link`, but `LINK` already names the method LINK; Sheaf gives each method of a path one page, so this entry has none.',
      "The `parent` of tag `b` makes a loop (`b` would be inside itself); the tag's group stands at the top level of the navigation.",
      "The `parent` of tag `c` names `nowhere`, which is not a declared tag; the tag's group stands at the top level of the navigation.",
    ]);
    const index = result.output.documents[0]?.index;
    expect(index?.operations.map((o) => [o.method, o.pointer])).toEqual([
      ['get', '/paths/~1x/get'],
      ['link', '/paths/~1x/additionalOperations/LINK'],
    ]);
    expect(index?.tags).toEqual([{ name: 'a', parent: 'b' }, { name: 'b' }, { name: 'c' }]);
  });

  it('validates against the 3.2 schema: 3.2 fields pass, an additionalOperations key that is a method field name does not', async () => {
    const result = await loadText('openapi.yaml', {
      'openapi.yaml':
        'openapi: 3.2.0\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    additionalOperations:\n      POST: {responses: {"200": {description: OK}}}\n    query: {responses: {"200": {description: OK}}}\n',
    });
    // Said once, by Sheaf's own check (the schema's `propertyNames: { not: … }` is about the same entry).
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['openapi/duplicate-method', 6, 7]]);
    const renamed = await loadText('openapi.yaml', {
      'openapi.yaml': 'openapi: 3.2.0\ninfo: {title: T, version: "1"}\npaths:\n  /x:\n    additionalOperations:\n      "LI NK": {responses: {"200": {description: OK}}}\n',
    });
    expect(renamed.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['openapi/schema-violation', 6, "`/paths/~1x/additionalOperations` has an entry named `LI NK`; names there must match `^[a-zA-Z0-9!#$%&'*+.^_`|~-]+$`."],
    ]);
    const tag = await loadText('openapi.yaml', { 'openapi.yaml': 'openapi: 3.2.0\ninfo: {title: T, version: "1"}\ntags: [{name: a, kind: 3}]\npaths: {}\n' });
    expect(tag.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['openapi/no-paths', '`openapi.yaml` defines neither paths nor webhooks: it has nothing to render.'],
      ['openapi/wrong-type', '`kind` of tag `a` must be a string, but is a number; it is ignored.'],
    ]);
  });
});

describe('3.2 navigation and routes', () => {
  const doc = (operations: OperationIndex['operations'], tags: OperationIndex['tags'], version = '3.2.0'): OperationIndex => ({ file: 'a.yaml', version, converted: false, operations, webhooks: [], tags });

  it('places an operation by its nav tag, else a declared tag without kind, else an undeclared one; 3.1 by its first tag', () => {
    const tags = [{ name: 'beta', kind: 'badge' }, { name: 'plain' }, { name: 'nav', kind: 'nav', parent: 'plain' }];
    const index = doc([], tags);
    expect(navigationTag(op('get', '/a', { tags: ['beta', 'plain', 'nav'] }), index)).toBe('nav');
    expect(navigationTag(op('get', '/a', { tags: ['beta', 'plain'] }), index)).toBe('plain');
    expect(navigationTag(op('get', '/a', { tags: ['beta', 'loose'] }), index)).toBe('loose');
    expect(navigationTag(op('get', '/a', { tags: ['beta'] }), index)).toBeUndefined();
    expect(navigationTag(op('get', '/a', { tags: ['beta', 'nav'] }), doc([], tags, '3.1.0'))).toBe('beta');
    expect(tagPath('nav', index)).toEqual(['plain', 'nav']);
    expect(tagPath('nav', doc([], tags, '3.1.0'))).toEqual(['nav']);
    expect([tagTitle('nav', doc([], [{ name: 'nav', summary: 'Navigation', displayName: 'X' }])), tagTitle('nav', doc([], [{ name: 'nav', summary: 'Navigation' }])), tagTitle('nav', doc([], [{ name: 'nav', summary: 'Navigation' }], '3.1.0'))]).toEqual(['X', 'Navigation', 'nav']);
  });

  it('keeps routes unique across all the pages of a 3.2 document, in the nav tag’s folder', () => {
    const index = doc(
      [
        op('query', '/search', { tags: ['beta', 'products'], summary: 'Search' }),
        op('get', '/search', { tags: ['products'], summary: 'Search' }),
        op('link', '/things/{id}', { tags: ['products'] }),
        op('get', '/other', { tags: ['other'], summary: 'Search' }),
      ],
      [{ name: 'beta', kind: 'badge' }, { name: 'products', kind: 'nav' }],
    );
    expect(Object.fromEntries(computeOperationRoutes(index))).toEqual({
      'query /search': '/api-reference/products/search',
      'get /search': '/api-reference/products/search-1',
      'link /things/{id}': '/api-reference/products/link-things',
      'get /other': '/api-reference/other/search',
    });
  });

  it('builds the site: nested groups from kind nav and parent, summaries as titles, QUERY and LINK pages, explicit and frontmatter references', async () => {
    const result = await check({ root: fixture('v32') });
    expect(result.diagnostics).toEqual([]);
    const outline = (nodes: readonly NavNode[]): unknown[] =>
      nodes.map((n) => (n.type === 'page' ? `${n.method ?? ''} ${n.route}` : { [n.title]: outline(n.children) }));
    expect(outline(result.site?.navigation.children ?? [])).toEqual([
      { Guides: [{ Start: [' /'] }] },
      {
        API: [
          {
            Catalog: [
              {
                Products: [
                  'GET /api-reference/products/list-products',
                  'QUERY /api-reference/products/search-products',
                  'LINK /api-reference/products/link-a-product',
                  { Reviews: ['GET /api-reference/reviews/list-reviews'] },
                ],
              },
              'GET /api-reference/catalog/catalog-overview',
            ],
          },
          { 'Event streams': ['GET /api-reference/streams/stream-product-events'] },
        ],
      },
      { More: [{ Explicit: ['QUERY /api-reference/search-everything', 'LINK /api-reference/link-a-thing', 'QUERY /reports', 'PURGE /purge'] }] },
    ]);
    expect(result.site?.pages.map((p) => [p.route, p.kind, p.operation?.method, p.operation?.path, p.title])).toEqual([
      ['/', 'mdx', undefined, undefined, 'Catalog 3.2'],
      ['/api-reference/catalog/catalog-overview', 'operation', 'GET', '/catalog', 'Catalog overview'],
      ['/api-reference/link-a-thing', 'operation', 'LINK', '/things/{id}', 'Link a thing'],
      ['/api-reference/products/link-a-product', 'operation', 'LINK', '/products/{id}', 'Link a product'],
      ['/api-reference/products/list-products', 'operation', 'GET', '/products', 'List products'],
      ['/api-reference/products/search-products', 'operation', 'QUERY', '/products', 'Search products'],
      ['/api-reference/reviews/list-reviews', 'operation', 'GET', '/products/{id}/reviews', 'List reviews'],
      ['/api-reference/search-everything', 'operation', 'QUERY', '/search', 'Search everything'],
      ['/api-reference/streams/stream-product-events', 'operation', 'GET', '/events', 'Stream product events'],
      ['/purge', 'operation', 'PURGE', '/things/{id}', 'Purge a thing'],
      ['/reports', 'operation', 'QUERY', '/reports', 'Query reports'],
    ]);
  });
});

describe('3.2 operation pages', () => {
  it('reads the querystring parameter, item schemas, the path item of an additional operation, the device flow and a deprecated scheme', async () => {
    const { doc } = await load32();
    const list = buildOperationModel(doc, '/paths/~1products/get', 'operation', 'get', '/products');
    expect(list.parameters).toEqual([]);
    expect(list.querystring).toMatchObject({ name: 'filter', required: true, deprecated: false, mediaType: 'application/x-www-form-urlencoded', examples: [{ name: 'example', value: { color: 'red', size: 2 } }] });
    expect(requestParameters(list).map((p) => [p.name, p.in, p.style, p.explode])).toEqual([['filter', 'query', 'form', true]]);
    const link = buildOperationModel(doc, '/paths/~1products~1{id}/additionalOperations/LINK', 'operation', 'link', '/products/{id}');
    expect([link.method, link.parameters.map((p) => `${p.in} ${p.name}`)]).toEqual(['LINK', ['path id', 'header Link']]);
    const events = buildOperationModel(doc, '/paths/~1events/get', 'operation', 'get', '/events');
    expect(events.responses[0]?.content.map((m) => [m.mediaType, m.schema, Object.keys(m.itemSchema?.['properties'] ?? {})])).toEqual([['text/event-stream', undefined, ['event', 'data', 'id', 'retry']]]);
    expect(list.security.map((r) => r.schemes.map((s) => s.scheme))).toEqual([
      [
        {
          key: 'device',
          type: 'oauth2',
          description: 'OAuth 2.0 for devices without a browser.',
          name: undefined,
          in: undefined,
          scheme: undefined,
          bearerFormat: undefined,
          flows: { deviceAuthorization: { authorizationUrl: undefined, deviceAuthorizationUrl: 'https://auth.example.com/device', tokenUrl: 'https://auth.example.com/token', refreshUrl: undefined, scopes: { read: 'Read products.' } } },
          oauth2MetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server',
          openIdConnectUrl: undefined,
          default: undefined,
        },
      ],
      [{ key: 'legacyKey', type: 'apiKey', description: undefined, name: 'X-Legacy-Key', in: 'header', scheme: undefined, bearerFormat: undefined, flows: undefined, openIdConnectUrl: undefined, deprecated: true, default: undefined }],
    ]);
  });

  it('renders each page as its golden HTML and Markdown (UPDATE=1 rewrites them)', async () => {
    const { doc } = await load32();
    const html: string[] = [];
    const markdown: string[] = [];
    for (const entry of doc.index.operations) {
      const model = buildOperationModel(doc, entry.pointer, 'operation', entry.method, entry.path);
      const page = { route: '/p', kind: 'operation' as const, source: 'openapi.yaml', title: entry.summary ?? entry.path, hidden: false };
      const body = renderOperationPage({ page, model, document: doc.document, settings: operationDisplay(undefined) });
      html.push(`<!-- ${model.method} ${model.path} -->\n${pretty(body.html)}`);
      markdown.push(body.markdown);
    }
    // Beside the project, not in it (a Markdown file in the project would be a page of its own).
    expectGolden(path.join(fixture('v32-pages'), 'expected.html'), `${html.join('\n\n')}\n`);
    expectGolden(path.join(fixture('v32-pages'), 'expected.md'), markdown.join('\n---\n\n'));
  });

  it('shows the query string, each event, the device flow and the deprecated scheme, and a QUERY badge', async () => {
    const { doc } = await load32();
    const render = (pointer: string, method: string, route: string) => {
      const model = buildOperationModel(doc, pointer, 'operation', method, route);
      return renderOperationPage({ page: { route: '/p', kind: 'operation', source: 'openapi.yaml', title: 'T', hidden: false }, model, document: doc.document, settings: operationDisplay(undefined) });
    };
    const list = render('/paths/~1products/get', 'get', '/products');
    expect(list.headings.map((h) => h.id)).toEqual(['authorization', 'query-string', 'responses', 'response-200']);
    expect(list.html).toContain('<span class="sheaf-field-label">application/x-www-form-urlencoded</span>');
    expect(list.html).toContain('<p class="sheaf-op-note">The whole query string: each field is one name=value pair, form-encoded.</p>');
    expect(list.html).toContain('<dt>Device authorization URL</dt><dd>');
    expect(list.html).toContain('<p class="sheaf-op-note">Authorization server metadata: ');
    expect(list.html.match(/<span class="sheaf-field-deprecated">deprecated<\/span>/g)).toHaveLength(1);
    const search = render('/paths/~1products/query', 'query', '/products');
    expect(search.html).toContain('<span class="sheaf-method sheaf-method-query sheaf-op-method">QUERY</span>');
    expect(search.html).toContain('data-method="query"');
    const events = render('/paths/~1events/get', 'get', '/events');
    expect(events.html).toContain('<div class="sheaf-op-item-schema" data-item="event"><p class="sheaf-op-note">A stream: server-sent events, each one described below.</p><div class="sheaf-op-subhead">Each event</div>');
    const reviews = render('/paths/~1products~1{id}~1reviews/get', 'get', '/products/{id}/reviews');
    expect(reviews.html).toContain('data-item="line"><p class="sheaf-op-note">A stream: one JSON value per line, each one described below.</p><div class="sheaf-op-subhead">Each line</div>');
  });

  it('writes code samples with the QUERY and LINK methods and the querystring as the query', async () => {
    const { doc } = await load32();
    const samples = (pointer: string, method: string, route: string) =>
      codeSamplesFor(buildOperationModel(doc, pointer, 'operation', method, route), doc.document, { languages: ['curl', 'javascript', 'python'], defaults: 'required', autogenerate: true, prefill: false });
    const search = samples('/paths/~1products/query', 'query', '/products');
    expect(search.map((s) => s.code.split('\n').find((l) => /QUERY/.test(l))?.trim())).toEqual(['curl --request QUERY \\', "method: 'QUERY',", 'response = requests.request("QUERY", url, json=payload, headers=headers)']);
    const link = samples('/paths/~1products~1{id}/additionalOperations/LINK', 'link', '/products/{id}');
    expect(link[0]?.code).toBe("curl --request LINK \\\n  --url http://127.0.0.1:8080/v2/products/p-1 \\\n  --header 'Authorization: Bearer <token>' \\\n  --header 'Link: </products/p-2>; rel=\"related\"'");
    const list = samples('/paths/~1products/get', 'get', '/products');
    expect(list[0]?.code).toBe("curl --request GET \\\n  --url 'http://127.0.0.1:8080/v2/products?color=red&size=2' \\\n  --header 'Authorization: Bearer <token>'");
  });
});
