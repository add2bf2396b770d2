import { describe, expect, it } from 'vitest';
import type { LoadedOpenApi, OperationIndex } from '../../../src/model/openapi.js';
import { buildOperationModel } from '../../../src/openapi/operation-model/model-from-document.js';
import { find, loadFixture, modelOf } from '../../render/operation/helpers.js';

/** A loaded document around `document` (the model reads only the document). */
const loadedOf = (document: Record<string, unknown>): LoadedOpenApi => ({ index: {} as OperationIndex, document });

const base = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  servers: [{ url: 'https://doc.example.com' }],
  security: [{ key: [] }],
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key', 'x-default': 'demo' }, ghost: { type: 'unknown' } },
    parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer' } } },
    requestBodies: { Pet: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
    schemas: { Pet: { type: 'object' } },
  },
};

describe('buildOperationModel', () => {
  it('merges path-item and operation parameters (operation wins in place), following $refs', () => {
    const doc = {
      ...base,
      paths: {
        '/a/{id}': {
          parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }, { name: 'q', in: 'query', description: 'path item' }],
          get: { parameters: [{ name: 'q', in: 'query', description: 'operation' }, { $ref: '#/components/parameters/Page' }, { $ref: '#/nowhere' }], responses: {} },
        },
      },
    };
    const model = buildOperationModel(loadedOf(doc), '/paths/~1a~1{id}/get', 'operation', 'get', '/a/{id}');
    expect(model.parameters.map((p) => [p.in, p.name, p.description, p.required])).toEqual([
      ['path', 'id', undefined, true],
      ['query', 'q', 'operation', false],
      ['query', 'page', undefined, false],
    ]);
    expect(model.parameters[2]?.schema).toEqual({ type: 'integer' });
    expect(model.method).toBe('GET');
  });

  it('servers: operation, else path item, else document; none gives none', () => {
    const doc = {
      ...base,
      paths: {
        '/op': { servers: [{ url: 'https://item' }], get: { servers: [{ url: 'https://op', variables: { v: { enum: ['a', 'b'] } } }] } },
        '/item': { servers: [{ url: 'https://item' }], get: {} },
        '/doc': { get: {} },
      },
    };
    const servers = (path: string) => buildOperationModel(loadedOf(doc), `/paths/${path.replace(/\//g, '~1')}/get`, 'operation', 'get', path).servers;
    expect(servers('/op')).toEqual([{ url: 'https://op', description: undefined, variables: { v: { default: 'a', enum: ['a', 'b'] } } }]);
    expect(servers('/item').map((s) => s.url)).toEqual(['https://item']);
    expect(servers('/doc').map((s) => s.url)).toEqual(['https://doc.example.com']);
    const { servers: _, ...noServers } = base;
    expect(buildOperationModel(loadedOf({ ...noServers, paths: { '/x': { get: {} } } }), '/paths/~1x/get', 'operation', 'get', '/x').servers).toEqual([]);
  });

  it('security: operation, else global; {} is an optional alternative; unknown schemes are dropped', () => {
    const doc = {
      ...base,
      paths: {
        '/global': { get: {} },
        '/optional': { get: { security: [{}, { key: ['s'] }] } },
        '/none': { get: { security: [] } },
        '/ghost': { get: { security: [{ ghost: [] }, { missing: [] }] } },
      },
    };
    const security = (path: string) => buildOperationModel(loadedOf(doc), `/paths/${path.replace(/\//g, '~1')}/get`, 'operation', 'get', path).security;
    expect(security('/global')).toEqual([
      { schemes: [{ scheme: { key: 'key', type: 'apiKey', name: 'X-Key', in: 'header', default: 'demo', description: undefined, scheme: undefined, bearerFormat: undefined, flows: undefined, openIdConnectUrl: undefined }, scopes: [] }] },
    ]);
    expect(security('/optional').map((r) => r.schemes.map((s) => [s.scheme.key, s.scopes]))).toEqual([[], [['key', ['s']]]]);
    expect(security('/none')).toEqual([]);
    expect(security('/ghost')).toEqual([]);
  });

  it('reads request bodies, responses, links and x-codeSamples (else x-code-samples), schemas kept raw', () => {
    const doc = {
      ...base,
      paths: {
        '/p': {
          post: {
            requestBody: { $ref: '#/components/requestBodies/Pet' },
            responses: { '200': { description: 'ok', links: { next: { operationId: 'getPet', parameters: { id: '$response.body#/id' } } } } },
            'x-code-samples': [{ lang: 'curl', source: 'curl x' }, { lang: 'bad' }],
          },
          put: { 'x-codeSamples': [{ lang: 'go', label: 'Go', source: 'x' }], 'x-code-samples': [{ lang: 'curl', source: 'y' }] },
        },
      },
    };
    const post = buildOperationModel(loadedOf(doc), '/paths/~1p/post', 'operation', 'post', '/p');
    expect(post.requestBody?.required).toBe(true);
    expect(post.requestBody?.content[0]?.schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(post.responses[0]?.links).toEqual([{ name: 'next', operationId: 'getPet', operationRef: undefined, parameters: { id: '$response.body#/id' }, requestBody: undefined, description: undefined }]);
    expect(post.codeSamples).toEqual([{ lang: 'curl', label: undefined, source: 'curl x' }]);
    const put = buildOperationModel(loadedOf(doc), '/paths/~1p/put', 'operation', 'put', '/p');
    expect(put.codeSamples.map((s) => s.lang)).toEqual(['go']);
  });

  it('callbacks: each expression and method, with its own pointer; webhooks get neither document servers nor global security', async () => {
    const callbacks = await loadFixture('callbacks');
    const model = modelOf(callbacks, find(callbacks, 'POST /jobs'));
    expect(model.callbacks.map((c) => [c.name, c.expression, c.operations.map((o) => `${o.method} ${o.pointer}`)])).toEqual([
      ['onProgress', '{$request.body#/callbackUrl}', ['POST /paths/~1jobs/post/callbacks/onProgress/{$request.body#~1callbackUrl}/post']],
      ['onDone', '{$request.body#/callbackUrl}?event=done', ['POST /paths/~1jobs/post/callbacks/onDone/{$request.body#~1callbackUrl}?event=done/post']],
    ]);
    const webhooks = await loadFixture('webhooks');
    const newPet = modelOf(webhooks, find(webhooks, 'WEBHOOK newPet'));
    expect([newPet.kind, newPet.method, newPet.path, newPet.servers, newPet.security]).toEqual(['webhook', 'POST', 'newPet', [], []]);
    expect(modelOf(webhooks, find(webhooks, 'WEBHOOK signed')).security.length).toBe(1);
  });

  it('never throws on odd input: missing pieces are left out', () => {
    const odd = {
      openapi: '3.0.0',
      components: { securitySchemes: 'nope' },
      security: 'nope',
      paths: {
        '/x': {
          parameters: 'nope',
          get: {
            parameters: [null, 1, { name: 'a' }, { in: 'query' }, { $ref: '#/a/b/c' }],
            requestBody: { $ref: '#/loop' },
            responses: { '200': null, x: 'y', default: { headers: [1], content: { 'a/b': null }, links: 'no' } },
            callbacks: { c: { '{$url}': { get: 'nope', post: { responses: 3 } } } },
            security: [null, { key: 'scopes' }],
            servers: [{ nourl: true }],
            tags: ['t', 1],
          },
        },
      },
      loop: { $ref: '#/loop' },
    };
    const model = buildOperationModel(loadedOf(odd), '/paths/~1x/get', 'operation', 'get', '/x');
    expect(model.parameters).toEqual([]);
    expect(model.requestBody).toBeUndefined();
    expect(model.responses.map((r) => r.status)).toEqual(['200', 'x', 'default']);
    expect(model.callbacks[0]?.operations.map((o) => o.method)).toEqual(['POST']);
    expect(model.tags).toEqual(['t']);
    expect(buildOperationModel(loadedOf({}), '/paths/~1none/get', 'operation', 'get', '/none')).toMatchObject({ method: 'GET', path: '/none', responses: [], parameters: [] });
  });
});
