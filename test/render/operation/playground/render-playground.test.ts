import { describe, expect, it } from 'vitest';
import { renderPlayground, type PlaygroundInput } from '../../../../src/render/operation/playground/index.js';
import * as f from './fixtures.js';
import { expectGolden } from './golden.js';

const render = (model: PlaygroundInput['model'], over: Partial<PlaygroundInput> = {}): string =>
  renderPlayground({ model, document: f.document, display: 'interactive', proxy: true, credentials: false, prefill: false, ...over });

describe('renderPlayground: display modes', () => {
  it('none renders nothing', () => {
    expect(render(f.bearerJson, { display: 'none' })).toBe('');
  });

  it('a webhook has no playground', () => {
    expect(render(f.webhook)).toBe('');
  });

  it('simple: a request summary with no form and no script', () => {
    const html = render(f.bearerJson, { display: 'simple' });
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<script');
    expectGolden('display-simple', html);
  });

  it('auth renders as simple (a static site has no authenticated readers)', () => {
    expect(render(f.bearerJson, { display: 'auth' })).toBe(render(f.bearerJson, { display: 'simple' }));
  });

  it('interactive without servers falls back to simple', () => {
    expect(render(f.noServers)).toBe(render(f.noServers, { display: 'simple' }));
  });

  it('interactive: path, query, header, cookie fields, bearer auth and a JSON body', () => {
    const html = render(f.bearerJson);
    expect(html).toMatch(/^<form class="sheaf-playground" data-sheaf-playground/);
    expectGolden('interactive-bearer-json', html);
  });

  it('interactive, direct with credentials: the spec says so and the note changes', () => {
    const html = render(f.noAuthGet, { proxy: false, credentials: true });
    expect(html).toContain('"proxy":false,"credentials":true');
    expect(html).toContain('Sent from your browser straight to the API.');
  });

  it('examples are the fields\' values, with or without prefill (Send works on the first click)', () => {
    expect(render(f.noAuthGet)).toContain('data-pg-param="0" value="fluffy"');
    expect(render(f.noAuthGet)).not.toContain('placeholder="fluffy"');
    expect(render(f.noAuthGet, { prefill: true })).toContain('data-pg-param="0" value="fluffy"');
  });

  it('prefill takes x-default before examples, for parameters and form fields', () => {
    const off = render(f.xDefaults);
    expect(off).toContain('data-pg-param="0" value="ex"');
    expect(off).toContain('data-pg-body-field="page" value="2"');
    const on = render(f.xDefaults, { prefill: true });
    expect(on).toContain('data-pg-param="0" value="from-x-default"');
    expect(on).toContain('data-pg-body-field="page" value="7"');
  });
});

describe('renderPlayground: fields filled from examples (issue 15, item 1)', () => {
  const op = (parameters: PlaygroundInput['model']['parameters']): PlaygroundInput['model'] => ({ ...f.noAuthGet, path: '/pets/{petId}', parameters });
  const p = (over: Partial<PlaygroundInput['model']['parameters'][number]> & { name: string; in: 'path' | 'query' | 'header' | 'cookie' }) => ({
    required: false,
    deprecated: false,
    examples: [],
    ...over,
  });
  const controlOf = (html: string, index: number) => new RegExp(`<(?:input|select)[^>]*data-pg-param="${index}"[^>]*>(?:[\\s\\S]*?</select>)?`).exec(html)?.[0];

  it('a required path parameter with an example is filled and required', () => {
    const html = render(op([p({ name: 'petId', in: 'path', required: true, schema: { type: 'string' }, examples: [{ name: 'example', value: 'pet-7' }] })]));
    expect(controlOf(html, 0)).toBe('<input type="text" id="sheaf-pg-param-0" name="path.petId" data-pg-param="0" value="pet-7" required autocomplete="off" spellcheck="false">');
  });

  it('a required boolean with example: true shows true, with no blank choice', () => {
    const html = render(op([p({ name: 'dry', in: 'query', required: true, schema: { type: 'boolean', example: true } })]));
    expect(controlOf(html, 0)).toBe(
      '<select id="sheaf-pg-param-0" name="query.dry" data-pg-param="0" required><option value="true" selected>true</option><option value="false">false</option></select>',
    );
  });

  it('the parameter\'s example, else the first of its examples, else the schema\'s example, examples[0], default', () => {
    const html = render(
      op([
        p({ name: 'a', in: 'query', schema: { type: 'string', example: 'schema' }, examples: [{ name: 'example', value: 'own' }] }),
        p({ name: 'b', in: 'query', schema: { type: 'string' }, examples: [{ name: 'external', externalValue: 'https://example.com/x' }, { name: 'first', value: 'first' }, { name: 'second', value: 'second' }] }),
        p({ name: 'c', in: 'query', schema: { type: 'string', examples: ['one', 'two'], default: 'dflt' } }),
        p({ name: 'd', in: 'query', schema: { type: 'integer', default: 5 } }),
        p({ name: 'e', in: 'query', schema: { type: 'string' } }),
      ]),
    );
    const values = [0, 1, 2, 3, 4].map((i) => / value="([^"]*)"/.exec(controlOf(html, i) ?? '')?.[1] ?? null);
    expect(values).toEqual(['own', 'first', 'one', '5', null]);
  });

  it('form fields take the media example, else each property\'s own value; a deprecated optional property starts empty', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', example: 'Rex' }, old: { type: 'string', example: 'legacy', deprecated: true }, size: { type: 'integer' } },
    };
    const model = { ...f.formBody, requestBody: { required: false, content: [{ mediaType: 'application/x-www-form-urlencoded', schema, examples: [] }] } };
    const html = render(model);
    expect(html).toContain('data-pg-body-field="name" value="Rex"');
    expect(html).toContain('data-pg-body-field="old" autocomplete="off"');
    expect(html).toContain('data-pg-body-field="size" inputmode="numeric"');
    const given = { ...model, requestBody: { ...model.requestBody, content: [{ ...model.requestBody.content[0]!, examples: [{ name: 'example', value: { name: 'Max', size: 3 } }] }] } };
    expect(render(given)).toContain('data-pg-body-field="name" value="Max"');
    expect(render(given)).toContain('data-pg-body-field="size" value="3"');
  });
});

describe('renderPlayground: auth kinds', () => {
  it.each(['header', 'query', 'cookie'] as const)('API key in %s', (where) => {
    expectGolden(`auth-api-key-${where}`, render(f.apiKey(where)));
  });

  it('HTTP basic: username and password prefilled from x-default, other alternatives noted', () => {
    const html = render(f.basicAuth);
    expect(html).toContain('value="admin"');
    expect(html).toContain('value="secret"');
    expectGolden('auth-basic', html);
  });

  it('OAuth 2 takes an access token, mutual TLS is explained, other HTTP schemes take credentials', () => {
    expectGolden('auth-oauth-mtls-digest', render(f.oauthAndTls));
  });
});

describe('renderPlayground: body types', () => {
  it('URL-encoded form: one field per writable property', () => {
    const html = render(f.formBody);
    expect(html).not.toContain('data-pg-body-field="id"');
    expectGolden('body-form', html);
  });

  it('form fields of an allOf schema: the members\' properties merged, readOnly ones left out', () => {
    const schema = { allOf: [{ $ref: '#/components/schemas/NewPet' }, { type: 'object', properties: { extra: { type: 'string' } } }] };
    const model = { ...f.formBody, requestBody: { required: false, content: [{ mediaType: 'application/x-www-form-urlencoded', schema, examples: [] }] } };
    const names = [...render(model).matchAll(/data-pg-body-field="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['name', 'tag', 'extra']);
  });

  it('multipart: text fields and file inputs for binary properties', () => {
    const html = render(f.multipartBody);
    expect(html).toMatch(/<input type="file" id="[^"]+" data-pg-body-file="file" required accept="image\/png">/);
    expect(html).toContain('data-pg-body-file="extras" multiple');
    expectGolden('body-multipart', html);
  });

  it('raw binary: a file input', () => {
    expectGolden('body-binary', render(f.binaryBody));
  });

  it('several content types and servers: selects, first panel shown, the others hidden', () => {
    const html = render(f.manyTypes);
    expect(html).toContain('<fieldset class="sheaf-playground-body" data-pg-body="1" data-pg-kind="text" hidden disabled>');
    expect(html).toContain('<fieldset class="sheaf-playground-group" data-pg-server="1" hidden disabled>');
    expectGolden('body-content-types-servers', html);
  });
});

describe('renderPlayground: escaping', () => {
  it('hostile names and paths come out as text: no tag, no attribute, no script break-out', () => {
    const html = render(f.hostile);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
  });
});
