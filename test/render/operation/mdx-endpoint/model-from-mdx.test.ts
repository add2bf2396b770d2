import { describe, expect, it } from 'vitest';
import type { MdxParamField } from '../../../../src/model/render.js';
import { fieldSchema, typeSchema } from '../../../../src/render/operation/mdx-endpoint/field-schema.js';
import { modelFromMdx, parseApiValue } from '../../../../src/render/operation/mdx-endpoint/model-from-mdx.js';

const f = (over: Partial<MdxParamField> & { name: string }): MdxParamField => ({ required: false, deprecated: false, children: [], ...over });

describe('parseApiValue', () => {
  it('reads METHOD and target, the method in any case', () => {
    expect(parseApiValue('post https://api.example.com/users')).toEqual({ method: 'POST', target: 'https://api.example.com/users' });
    expect(parseApiValue('  GET   /users/{id}  ')).toEqual({ method: 'GET', target: '/users/{id}' });
  });

  it('refuses what is not METHOD URL', () => {
    expect(parseApiValue('')).toMatchObject({ code: 'mdx/api-invalid', message: '`api` is empty: it names no method and no URL.' });
    expect(parseApiValue(42)).toMatchObject({ code: 'mdx/api-invalid', message: '`api` must be a string such as "POST /v1/users", not the number 42.' });
    expect(parseApiValue(['GET', '/x'])).toMatchObject({ code: 'mdx/api-invalid', message: '`api` must be a string such as "POST /v1/users", not a list.' });
    expect(parseApiValue('https://api.example.com/x')).toMatchObject({ code: 'mdx/api-invalid', hint: 'put the method first: `api: "GET https://api.example.com/x"`' });
    expect(parseApiValue('users /x')).toMatchObject({ code: 'mdx/api-invalid', message: '`users` in `api: "users /x"` is not an HTTP method.' });
  });
});

describe('modelFromMdx', () => {
  it('a full URL: its origin is the server (trailing slash dropped), the rest the path', () => {
    const { model, problems } = modelFromMdx({ api: 'GET https://api.example.com/', configApi: { mdx: { server: 'https://ignored.test' } }, fields: [] });
    expect(problems).toEqual([]);
    expect(model?.servers).toEqual([{ url: 'https://api.example.com', variables: {} }]);
    expect(model?.path).toBe('/');
  });

  it('a relative path goes to each api.mdx.server; braces in a server are variables', () => {
    const { model } = modelFromMdx({ api: 'GET users', configApi: { mdx: { server: ['https://{region}.example.com/v1/', 'https://b.test'] } }, fields: [] });
    expect(model?.path).toBe('/users');
    expect(model?.servers).toEqual([
      { url: 'https://{region}.example.com/v1', variables: { region: { default: '' } } },
      { url: 'https://b.test', variables: {} },
    ]);
  });

  it('authorization: authMethod, else api.mdx.auth; key header from api.mdx.auth.name; none; cobo', () => {
    const configApi = { mdx: { server: 'https://a.test', auth: { method: 'key' as const, name: 'X-Key' } } };
    const schemes = (authMethod?: unknown) => modelFromMdx({ api: 'GET /x', authMethod, configApi, fields: [] }).model?.security.map((r) => r.schemes.map((s) => s.scheme));
    expect(schemes()).toEqual([[{ key: 'apiKey', type: 'apiKey', in: 'header', name: 'X-Key' }]]);
    expect(schemes('bearer')).toEqual([[{ key: 'bearer', type: 'http', scheme: 'bearer' }]]);
    expect(schemes('basic')).toEqual([[{ key: 'basic', type: 'http', scheme: 'basic' }]]);
    expect(schemes('none')).toEqual([]);
    expect(schemes('cobo')?.[0]?.[0]).toMatchObject({ key: 'cobo', type: 'apiKey', in: 'header', name: 'X-Key' });
    expect(modelFromMdx({ api: 'GET https://a.test', configApi: {}, fields: [] }).model?.security).toEqual([]);
  });

  it('parameters: template order for path ones (undeclared ones added, unnamed ones left out), then query and header; first of a name wins', () => {
    const fields = [
      f({ in: 'header', name: 'X-A' }),
      f({ in: 'path', name: 'b', type: 'integer' }),
      f({ in: 'query', name: 'q', required: true }),
      f({ in: 'query', name: 'q', type: 'integer' }),
      f({ in: 'path', name: 'stray' }),
    ];
    const { model } = modelFromMdx({ api: 'GET https://a.test/{a}/{b}?fixed=1', configApi: {}, fields });
    expect(model?.parameters.map((p) => [p.in, p.name, p.required, p.schema?.['type']])).toEqual([
      ['path', 'a', true, 'string'],
      ['path', 'b', true, 'integer'],
      ['query', 'q', true, 'string'],
      ['header', 'X-A', false, 'string'],
    ]);
    expect(model?.path).toBe('/{a}/{b}?fixed=1');
  });

  it('body fields: one JSON object, required when a field is; nested fields are properties', () => {
    const fields = [
      f({ in: 'body', name: 'user', type: 'object', required: true, children: [f({ in: 'body', name: 'name', required: true }), f({ name: 'age', type: 'int', default: '3' })] }),
      f({ in: 'body', name: 'tags', type: 'array of strings' }),
    ];
    const body = modelFromMdx({ api: 'POST https://a.test/x', configApi: {}, fields }).model?.requestBody;
    expect(body).toEqual({
      required: true,
      content: [
        {
          mediaType: 'application/json',
          examples: [],
          schema: {
            type: 'object',
            required: ['user'],
            properties: {
              user: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer', default: 3 } } },
              tags: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      ],
    });
  });

  it('a file field makes the body multipart', () => {
    const body = modelFromMdx({ api: 'POST https://a.test/x', configApi: {}, fields: [f({ in: 'body', name: 'upload', type: 'file' })] }).model?.requestBody;
    expect(body?.content[0]?.mediaType).toBe('multipart/form-data');
  });

  it('has no body without body fields, and carries deprecated', () => {
    const { model } = modelFromMdx({ api: 'GET https://a.test/x', deprecated: true, configApi: {}, fields: [f({ in: 'query', name: 'q' })] });
    expect(model?.requestBody).toBeUndefined();
    expect(model?.deprecated).toBe(true);
    expect(model?.responses).toEqual([]);
  });
});

describe('typeSchema / fieldSchema', () => {
  it('maps the types authors write', () => {
    expect(typeSchema('string', false)).toEqual({ type: 'string' });
    expect(typeSchema('Integer', false)).toEqual({ type: 'integer' });
    expect(typeSchema('bool', false)).toEqual({ type: 'boolean' });
    expect(typeSchema('number | null', false)).toEqual({ type: 'number' });
    expect(typeSchema('enum<string>', false)).toEqual({ type: 'string' });
    expect(typeSchema('string[]', false)).toEqual({ type: 'array', items: { type: 'string' } });
    expect(typeSchema('Array<integer>', false)).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(typeSchema('file', false)).toEqual({ type: 'string', format: 'binary' });
    expect(typeSchema('User object', false)).toEqual({ type: 'string' });
    expect(typeSchema('User object', true)).toEqual({ type: 'object' });
    expect(typeSchema(undefined, false)).toEqual({ type: 'string' });
  });

  it('keeps default (typed), description, placeholder and deprecated', () => {
    expect(fieldSchema(f({ name: 'n', type: 'number', default: '1.5', description: 'A number.', placeholder: 'e.g. 2', deprecated: true }))).toEqual({
      type: 'number',
      default: 1.5,
      description: 'A number.',
      'x-sheaf-placeholder': 'e.g. 2',
      deprecated: true,
    });
    expect(fieldSchema(f({ name: 'b', type: 'boolean', default: 'yes' }))).toEqual({ type: 'boolean', default: 'yes' });
  });
});
