import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderedBody } from '../../../../src/model/render.js';
import { expectGolden, renderProject } from './helpers.js';

/**
 * Golden bodies of MDX pages with `api:` frontmatter (test/fixtures/api-frontmatter-pages),
 * rendered as a build renders them: endpoint header and Authorization, then the page's own
 * content; the aside with the playground built from the ParamFields and the code samples.
 * `UPDATE=1` rewrites the goldens; read the diff.
 */
describe('api: frontmatter pages', () => {
  let bodies: Map<string, RenderedBody>;
  const body = (route: string): RenderedBody => {
    const found = bodies.get(route);
    if (!found) throw new Error(`no page ${route}`);
    return found;
  };
  /** The playground spec the page embeds for the browser script. */
  const spec = (route: string): Record<string, unknown> => {
    const json = /<script type="application\/json" data-sheaf-playground-spec>(.*?)<\/script>/.exec(body(route).aside ?? '')?.[1];
    if (json === undefined) throw new Error(`no playground spec on ${route}`);
    return JSON.parse(json) as Record<string, unknown>;
  };

  beforeAll(async () => {
    bodies = await renderProject('api-frontmatter-pages');
  });

  for (const page of ['absolute', 'relative', 'bearer', 'basic', 'examples', 'no-playground', 'no-auth', 'snippet-fields']) {
    it(`golden: ${page}`, () => expectGolden(page, body(page)));
  }

  it('reports nothing on well-formed pages, and passes no ParamField data on', () => {
    expect([...bodies.values()].flatMap((b) => b.diagnostics)).toEqual([]);
    expect([...bodies.values()].filter((b) => b.paramFields !== undefined)).toEqual([]);
  });

  it('absolute URL: its origin is the server, path/query/header parameters and a JSON body from the fields', () => {
    const b = body('absolute');
    expect(b.html).toContain('<code class="sheaf-op-path">/v2/users/<span class="sheaf-op-path-param">{userId}</span></code>');
    expect(spec('absolute')).toEqual({
      method: 'PATCH',
      path: '/v2/users/{userId}',
      servers: [{ url: 'https://api.example.com', variables: {} }],
      parameters: [
        { name: 'userId', in: 'path', required: true, style: 'simple', explode: false, shape: 'scalar' },
        { name: 'notify', in: 'query', required: false, style: 'form', explode: true, shape: 'scalar' },
        { name: 'Idempotency-Key', in: 'header', required: false, style: 'simple', explode: false, shape: 'scalar' },
      ],
      security: [[{ key: 'bearer', kind: 'bearer' }]],
      body: { required: true, contents: [{ mediaType: 'application/json', kind: 'json' }] },
      proxy: true,
      credentials: false,
    });
    // Placeholders show in empty inputs; a default is the starting value.
    expect(b.aside).toContain('name="path.userId" data-pg-param="0" placeholder="usr_123" required');
    expect(b.aside).toContain('<option value="true" selected>true</option>');
    // The nested address fields are properties of the body example; age keeps its default as a number.
    expect(b.aside).toContain('&quot;age&quot;: 30,');
    expect(b.aside).toContain('&quot;address&quot;: {\n    &quot;street&quot;: &quot;&lt;string&gt;&quot;,');
    // The page's own field list stays the body, after the endpoint and its Authorization.
    expect(b.headings.map((h) => h.id)).toEqual(['authorization']);
    expect(b.html.indexOf('sheaf-op-endpoint')).toBeLessThan(b.html.indexOf('id="param-userid"'));
  });

  it('relative path: every api.mdx.server is a server, api.mdx.auth is the key header', () => {
    expect(spec('relative')['servers']).toEqual([
      { url: 'https://api.acme.test/v1', variables: {} },
      { url: 'https://sandbox.acme.test/v1', variables: {} },
    ]);
    expect(spec('relative')['security']).toEqual([[{ key: 'apiKey', kind: 'apiKey', name: 'X-Api-Key', in: 'header' }]]);
    expect(body('relative').aside).toContain('<select id="sheaf-pg-server" data-pg-server-select>');
  });

  it('authMethod overrides docs.json: bearer, basic, none', () => {
    expect(spec('bearer')['security']).toEqual([[{ key: 'bearer', kind: 'bearer' }]]);
    expect(spec('basic')['security']).toEqual([[{ key: 'basic', kind: 'basic' }]]);
    expect(body('no-auth').html).not.toContain('data-part="authorization"');
    expect(body('no-auth').aside).not.toContain('Authorization');
  });

  it('a path parameter without a ParamField is still asked for', () => {
    expect(spec('bearer')['parameters']).toEqual([{ name: 'userId', in: 'path', required: true, style: 'simple', explode: false, shape: 'scalar' }]);
    expect(spec('bearer')['method']).toBe('DELETE');
  });

  it('playground frontmatter: none leaves only the samples, simple a request summary', () => {
    expect(body('no-playground').aside).not.toContain('data-aside="playground"');
    expect(body('no-playground').aside).toContain('data-aside="request"');
    expect(body('no-auth').aside).toContain('sheaf-playground-simple');
    expect(body('no-auth').aside).not.toContain('data-sheaf-playground-spec');
  });

  it("the page's RequestExample/ResponseExample replace the generated samples, before the Try-it dialog, with Mintlify's ids", () => {
    const aside = body('examples').aside ?? '';
    expect(aside.startsWith('<div data-aside="request" class="sheaf-aside" id="request-example">')).toBe(true);
    expect(aside).toContain('> https://api.acme.test/v1/users/usr_123</span>');
    expect(aside).toContain('<div data-aside="response" class="sheaf-aside" id="response-example">');
    expect(aside.indexOf('id="response-example"')).toBeLessThan(aside.indexOf('<div class="sheaf-aside" data-aside="playground"><dialog class="sheaf-try-it" id="sheaf-try-it"'));
    expect(aside).not.toContain('--request');
    expect(body('examples').html).toContain('<button type="button" class="sheaf-op-try" data-pg-open aria-haspopup="dialog" aria-controls="sheaf-try-it" hidden>Try it');
  });

  it('no Try-it button without the interactive playground (simple display, playground none)', () => {
    expect(body('no-auth').html).not.toContain('data-pg-open');
    expect(body('no-playground').html).not.toContain('data-pg-open');
    expect(body('bearer').html.match(/data-pg-open/g)).toHaveLength(1);
  });

  it('fields from an imported snippet count; ResponseFields nested in a body field are its properties', () => {
    expect(spec('snippet-fields')['parameters']).toEqual([{ name: 'page', in: 'query', required: false, style: 'form', explode: true, shape: 'scalar' }]);
    expect(body('snippet-fields').aside).toContain('&quot;filters&quot;: [\n    {\n      &quot;field&quot;: &quot;&lt;string&gt;&quot;,');
  });
});
